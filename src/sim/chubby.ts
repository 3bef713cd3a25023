import type { VirtualMs } from './types.ts';

/**
 * Chubby's lock (Burrows, OSDI 2006, §2.4): a lock generation number that rises each time the lock goes
 * from free to held; a sequencer (name, mode, generation) that servers check; and a lock-delay, at most
 * one minute, during which a lock lost by a failed holder cannot be taken again. A clean release frees
 * the lock at once.
 */
export const MAX_LOCK_DELAY_MS = 60_000;

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
  return { ...lock, holder: null, blockedUntil: (now + lock.lockDelayMs) as VirtualMs };
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
