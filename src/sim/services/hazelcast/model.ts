import { fencingToken, virtualMs, type RenewerId, type VirtualMs } from '../../types.ts';
import { earliest, lockService, type LockModel, type LockTruth } from '../service.ts';

/**
 * Hazelcast's FencedLock, as its javadoc describes it. The lock is held for a CP session: one per client, kept
 * alive by heartbeats, and closed by the CP group when none has come for the session's TTL, which releases the
 * locks it held. The fence grows each time the lock goes from free to held; a reentrant acquire returns the same
 * fence, and a failed try returns INVALID_FENCE.
 */

/** `FencedLock.INVALID_FENCE`: what a failed `tryLockAndGetFence()` returns. */
export const INVALID_FENCE = 0;

/** `CPSubsystemConfig`'s default heartbeat interval (its default session TTL, 300 s, is the lab preset's point). */
export const SESSION_HEARTBEAT_MS = 5_000;

/**
 * The CP session TTL a cluster can run with: whole seconds, and longer than the heartbeat interval
 * (`CPSubsystemConfig` refuses anything else). The lab's TTL is raised to the nearest such value.
 */
export function sessionTtlMs(requestedMs: number): number {
  return Math.max(Math.ceil(requestedMs / 1_000) * 1_000, SESSION_HEARTBEAT_MS + 1_000);
}

export interface CpSession {
  readonly client: RenewerId;
  readonly ttlMs: number;
  readonly lastHeartbeatAt: VirtualMs;
}

export interface FencedLockOwner {
  readonly client: RenewerId;
  readonly fence: number;
  /** How many times the owner holds it: each reentrant acquire adds one, each unlock takes one away. */
  readonly count: number;
}

export interface FencedLockState {
  /** The fence of the last move from free to held. */
  readonly lastFence: number;
  readonly owner: FencedLockOwner | null;
  readonly sessions: Readonly<Record<RenewerId, CpSession>>;
}

export function createFencedLock(lastFence = 0): FencedLockState {
  return { lastFence, owner: null, sessions: {} };
}

const sessionEnd = (session: CpSession) => virtualMs(session.lastHeartbeatAt + session.ttlMs);

/** Sessions with no heartbeat for their TTL are closed, and a lock their client held is released. */
export function closeExpiredSessions(state: FencedLockState, now: VirtualMs): FencedLockState {
  const live = Object.fromEntries(Object.entries(state.sessions).filter(([, session]) => now < sessionEnd(session)));
  const owner = state.owner && live[state.owner.client] ? state.owner : null;
  return { ...state, owner, sessions: live };
}

/**
 * `tryLockAndGetFence()` with no wait: the client's session is opened if it has none, and the lock is taken if it
 * is free (a new fence) or already the caller's (the same fence); otherwise INVALID_FENCE.
 */
export function tryLockAndGetFence(
  before: FencedLockState,
  client: RenewerId,
  now: VirtualMs,
  ttlMs: number,
): { state: FencedLockState; fence: number } {
  const state = closeExpiredSessions(before, now);
  if (state.owner && state.owner.client !== client) return { state, fence: INVALID_FENCE };
  const session = state.sessions[client] ?? { client, ttlMs: sessionTtlMs(ttlMs), lastHeartbeatAt: now };
  const sessions = { ...state.sessions, [client]: { ...session, lastHeartbeatAt: now } };
  if (state.owner) {
    return {
      state: { ...state, sessions, owner: { ...state.owner, count: state.owner.count + 1 } },
      fence: state.owner.fence,
    };
  }
  const fence = state.lastFence + 1;
  return { state: { lastFence: fence, owner: { client, fence, count: 1 }, sessions }, fence };
}

/**
 * `unlock()`: true if the caller held the lock. False where it throws: IllegalMonitorStateException, or its
 * subclass LockOwnershipLostException when the caller's session was closed while it held the lock.
 */
export function unlock(
  before: FencedLockState,
  client: RenewerId,
  now: VirtualMs,
): { state: FencedLockState; released: boolean } {
  const state = closeExpiredSessions(before, now);
  if (state.owner?.client !== client) return { state, released: false };
  const count = state.owner.count - 1;
  if (count > 0) return { state: { ...state, owner: { ...state.owner, count } }, released: true };
  // The client's session stays open while it holds nothing; the model drops it, as nothing it does is seen.
  const sessions = Object.fromEntries(Object.entries(state.sessions).filter(([id]) => id !== client));
  return { state: { ...state, owner: null, sessions }, released: true };
}

export function heartbeat(state: FencedLockState, client: RenewerId, now: VirtualMs): FencedLockState {
  const session = state.sessions[client];
  if (!session || now >= sessionEnd(session)) return state;
  return { ...state, sessions: { ...state.sessions, [client]: { ...session, lastHeartbeatAt: now } } };
}

function truthOf(state: FencedLockState): LockTruth | null {
  if (!state.owner) return null;
  const session = state.sessions[state.owner.client];
  return {
    holder: state.owner.client,
    token: fencingToken(state.owner.fence),
    expiresAt: session ? sessionEnd(session) : null,
  };
}

const hazelcastModel: LockModel<FencedLockState> = {
  needsKeepAlive: true,
  keepAliveIntervalMs: () => SESSION_HEARTBEAT_MS,
  appliedTtlMs: sessionTtlMs,
  create: (_config, settings) => createFencedLock(settings.firstToken - 1),
  acquire(state, _config, request) {
    const tried = tryLockAndGetFence(state, request.holder, request.now, request.ttlMs);
    const truth = truthOf(tried.state);
    if (tried.fence === INVALID_FENCE || !truth)
      return { state: tried.state, outcome: { granted: false, heldBy: truth } };
    return {
      state: tried.state,
      outcome: { granted: true, token: fencingToken(tried.fence), expiresAt: truth.expiresAt ?? request.now },
    };
  },
  release: (state, request) => unlock(state, request.holder, request.now),
  keepAlive: (state, holder, now) => heartbeat(state, holder, now),
  expire: closeExpiredSessions,
  nextExpiry: (state) => earliest(Object.values(state.sessions).map(sessionEnd)),
  truth: (state, now) => truthOf(closeExpiredSessions(state, now)),
  view: (state) => ({ kind: 'counter', nextToken: fencingToken(state.lastFence + 1) }),
};

export const HAZELCAST_SERVICE = /* @__PURE__ */ lockService('hazelcast', hazelcastModel);
