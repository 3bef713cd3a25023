import type { FencingToken, RenewerId, VirtualMs } from '../../types.ts';
import { fencingToken, virtualMs } from '../../types.ts';
import { leaseTruth, lockService, type LockModel } from '../service.ts';

/** The lease as the lock service records it. `value` is the holder's random id, compared on release. */
export interface Lease {
  readonly holder: RenewerId;
  readonly value: string;
  readonly token: FencingToken;
  readonly grantedAt: VirtualMs;
  readonly expiresAt: VirtualMs;
}

/** A single lock key: free, or held by one lease. Expiry is computed against the clock, never by a timer. */
export interface LessonLock {
  readonly key: string;
  readonly lease: Lease | null;
  /** The token the next grant will carry; it only ever grows. */
  readonly nextToken: FencingToken;
}

export type AcquireResult =
  { readonly granted: true; readonly lease: Lease } | { readonly granted: false; readonly heldBy: Lease };

export type ReleaseRefusal = 'notHolder' | 'noLease';

export type ReleaseResult =
  | { readonly released: true; readonly lease: Lease }
  | { readonly released: false; readonly reason: ReleaseRefusal; readonly heldBy: Lease | null };

export function createLockService(key: string, firstToken: number): LessonLock {
  return { key, lease: null, nextToken: fencingToken(firstToken) };
}

/** A lease has expired once the clock reaches `grantedAt + ttl`; from that instant the key is gone. */
export function isExpired(lease: Lease, now: VirtualMs): boolean {
  return now >= lease.expiresAt;
}

/** The lease that is in force at `now`, if any. */
export function currentLease(lock: LessonLock, now: VirtualMs): Lease | null {
  return lock.lease && !isExpired(lock.lease, now) ? lock.lease : null;
}

/**
 * `acquire key, lease ttl`: granted only if no unexpired lease exists, with the next fencing token. (Redis's
 * `SET key value NX PX ttl` has the same rule but answers only OK or nil: the lab's Redis model hides the token.)
 */
export function grantLease(
  lock: LessonLock,
  request: { holder: RenewerId; value: string; ttlMs: number; now: VirtualMs },
): { lock: LessonLock; result: AcquireResult } {
  const existing = currentLease(lock, request.now);
  if (existing) return { lock, result: { granted: false, heldBy: existing } };
  const lease: Lease = {
    holder: request.holder,
    value: request.value,
    token: lock.nextToken,
    grantedAt: request.now,
    expiresAt: virtualMs(request.now + request.ttlMs),
  };
  return {
    lock: { ...lock, lease, nextToken: fencingToken(lock.nextToken + 1) },
    result: { granted: true, lease },
  };
}

/**
 * Frees the lock only if the caller's lease is still the current one, so a client that lost its lease cannot
 * free someone else's. The lease is named by its value here; it has exactly one token, which the walkthrough's
 * `release key, token n` names instead (Redis's compare-and-delete script compares the value).
 */
export function releaseLease(
  lock: LessonLock,
  request: { value: string; now: VirtualMs },
): { lock: LessonLock; result: ReleaseResult } {
  const existing = currentLease(lock, request.now);
  if (!existing)
    return { lock: dropExpired(lock, request.now), result: { released: false, reason: 'noLease', heldBy: null } };
  if (existing.value !== request.value) {
    return { lock, result: { released: false, reason: 'notHolder', heldBy: existing } };
  }
  return { lock: { ...lock, lease: null }, result: { released: true, lease: existing } };
}

/** Forget a lease whose time is up, as Redis deletes an expired key. Returns the expired lease, if one was dropped. */
export function expireLease(lock: LessonLock, now: VirtualMs): { lock: LessonLock; expired: Lease | null } {
  if (!lock.lease || !isExpired(lock.lease, now)) return { lock, expired: null };
  return { lock: { ...lock, lease: null }, expired: lock.lease };
}

function dropExpired(lock: LessonLock, now: VirtualMs): LessonLock {
  return expireLease(lock, now).lock;
}

/** The lesson's generic lock service: a lease per grant, and a fencing token that rises with every grant. */
const lessonModel: LockModel<LessonLock> = {
  needsKeepAlive: false,
  create: (_config, settings) => createLockService(settings.key, settings.firstToken),
  acquire(state, _config, request) {
    const { lock, result } = grantLease(state, request);
    if (!result.granted) return { state: lock, outcome: { granted: false, heldBy: leaseTruth(result.heldBy) } };
    return { state: lock, outcome: { granted: true, token: result.lease.token, expiresAt: result.lease.expiresAt } };
  },
  release(state, request) {
    const { lock, result } = releaseLease(state, request);
    return { state: lock, released: result.released };
  },
  keepAlive: (state) => state,
  expire: (state, now) => expireLease(state, now).lock,
  nextExpiry: (state) => state.lease?.expiresAt ?? null,
  truth: (state, now) => {
    const lease = currentLease(state, now);
    return lease ? leaseTruth(lease) : null;
  },
  view: (state) => ({ kind: 'counter', nextToken: state.nextToken }),
};

export const LESSON_LOCK_SERVICE = /* @__PURE__ */ lockService('lesson', lessonModel);
