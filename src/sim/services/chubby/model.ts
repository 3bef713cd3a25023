import { fencingToken, virtualMs, type VirtualMs } from '../../types.ts';
import { aThirdOf, earliest, lockService, type LockModel } from '../service.ts';
import { MAX_LOCK_DELAY_MS } from './descriptor.ts';

/**
 * Chubby's lock (Burrows, OSDI 2006, §2.4): a lock generation number that rises each time the lock goes
 * from free to held; a sequencer (name, mode, generation) that servers check; and a lock-delay, at most
 * one minute, during which a lock lost by a failed holder cannot be taken again. A clean release frees
 * the lock at once.
 */

export interface Sequencer {
  readonly lockName: string;
  readonly mode: 'exclusive' | 'shared';
  readonly generation: number;
}

export interface ChubbyLock {
  readonly name: string;
  readonly generation: number;
  readonly holder: string | null;
  /** Set when a holder was lost rather than releasing: nobody may acquire before this time. */
  readonly blockedUntil: VirtualMs | null;
  readonly lockDelayMs: number;
}

export function createChubbyLock(name: string, lockDelayMs: number, firstGeneration = 0): ChubbyLock {
  return {
    name,
    generation: firstGeneration,
    holder: null,
    blockedUntil: null,
    lockDelayMs: Math.min(Math.max(lockDelayMs, 0), MAX_LOCK_DELAY_MS),
  };
}

export function acquireChubby(
  lock: ChubbyLock,
  client: string,
  now: VirtualMs,
): { lock: ChubbyLock; sequencer: Sequencer | null } {
  if (lock.holder !== null || (lock.blockedUntil !== null && now < lock.blockedUntil)) return { lock, sequencer: null };
  const generation = lock.generation + 1;
  const next = { ...lock, generation, holder: client, blockedUntil: null };
  return { lock: next, sequencer: { lockName: lock.name, mode: 'exclusive', generation } };
}

export function releaseChubby(lock: ChubbyLock, client: string): ChubbyLock {
  return lock.holder === client ? { ...lock, holder: null, blockedUntil: null } : lock;
}

/** The holder failed or became unreachable (its session expired): the lock is freed but held back. */
export function loseHolder(lock: ChubbyLock, now: VirtualMs): ChubbyLock {
  if (lock.holder === null) return lock;
  return { ...lock, holder: null, blockedUntil: virtualMs(now + lock.lockDelayMs) };
}

/** CheckSequencer: still the current generation, held, and in the right mode. */
export function checkSequencer(lock: ChubbyLock, sequencer: Sequencer): boolean {
  return (
    sequencer.lockName === lock.name &&
    sequencer.mode === 'exclusive' &&
    lock.holder !== null &&
    sequencer.generation === lock.generation
  );
}

/**
 * Chubby sessions are kept alive by the client library. The model's own floor of one second keeps its keep-alive
 * interval (a third of the session) a whole number of milliseconds; the Chubby paper gives no minimum, and its
 * default lease is 12 s (the fidelity section says so).
 */
export function chubbySessionTtl(ttlMs: number): number {
  return Math.max(1_000, ttlMs);
}

interface ChubbyState {
  readonly lock: ChubbyLock;
  readonly sessions: Readonly<Record<string, VirtualMs>>;
}

const chubbyModel: LockModel<ChubbyState> = {
  needsKeepAlive: true,
  keepAliveIntervalMs: (ttlMs) => aThirdOf(chubbySessionTtl(ttlMs)),
  appliedTtlMs: chubbySessionTtl,
  create: (config, settings) => ({
    lock: createChubbyLock(settings.key, config.kind === 'chubby' ? config.lockDelayMs : 0, settings.firstToken - 1),
    sessions: {},
  }),
  acquire(state, _config, request) {
    const { lock, sequencer } = acquireChubby(state.lock, request.holder, request.now);
    if (!sequencer) {
      const next = { ...state, lock };
      return { state: next, outcome: { granted: false, heldBy: chubbyModel.truth(next, request.now) } };
    }
    const until = virtualMs(request.now + chubbySessionTtl(request.ttlMs));
    return {
      state: { lock, sessions: { ...state.sessions, [request.holder]: until } },
      // TryAcquire answers only whether it succeeded; the sequencer takes a GetSequencer() call of its own.
      outcome: { granted: true, token: null, expiresAt: until },
    };
  },
  release: (state, request) => ({
    state: { ...state, lock: releaseChubby(state.lock, request.holder) },
    released: state.lock.holder === request.holder,
  }),
  keepAlive: (state, holder, now, ttlMs) =>
    state.lock.holder === holder
      ? { ...state, sessions: { ...state.sessions, [holder]: virtualMs(now + chubbySessionTtl(ttlMs)) } }
      : state,
  expire(state, now) {
    const holder = state.lock.holder;
    const until = holder ? state.sessions[holder] : undefined;
    // A session that lapsed means a failed holder: the lock is freed, but held back for the lock-delay.
    return holder && until !== undefined && now >= until ? { ...state, lock: loseHolder(state.lock, now) } : state;
  },
  nextExpiry: (state) => earliest(Object.values(state.sessions)),
  // GetSequencer() describes the lock the handle holds; a handle whose session lapsed holds none.
  holdCheck(state, holder, now) {
    const until = state.sessions[holder];
    const holds = state.lock.holder === holder && until !== undefined && now < until;
    return { state, token: holds ? fencingToken(state.lock.generation) : null };
  },
  truth(state) {
    const holder = state.lock.holder;
    return holder
      ? { holder, token: fencingToken(state.lock.generation), expiresAt: state.sessions[holder] ?? null }
      : null;
  },
};

export const CHUBBY_SERVICE = /* @__PURE__ */ lockService('chubby', chubbyModel);
