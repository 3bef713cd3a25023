import type { Happening } from './happenings.ts';
import { expireOn, type LockTruth } from './services/service.ts';
import type { RenewerId } from './types.ts';
import { lockConfigOf, renewerById, scheduleExpiryCheck, send, type Context, type World } from './world.ts';
import type { Message } from './messages.ts';

/** The lock service loses its state at a failover; whoever held the lock is not told. */
export function failOver(world: World) {
  const { backend, lost } = world.lock.failover(world.now);
  return { world: { ...world, lock: backend }, happening: { kind: 'failover', lost } satisfies Happening };
}

/** The lock service forgets a lease or session whose time is up; nobody tells the holder. */
export function checkExpiry(world: World) {
  const { backend, lost } = expireOn(world.lock, world.now);
  const expired = lost[0];
  let next: World = { ...world, lock: backend };
  // Another lease may end later while nobody renews it (its holder paused): check again then, not after it wakes.
  const upcoming = backend.nextExpiry();
  if (upcoming !== null && upcoming > world.now) next = scheduleExpiryCheck(next, upcoming);
  return { world: next, happening: expired ? ({ kind: 'leaseExpired', lease: expired } satisfies Happening) : null };
}

export function lockServiceReceivesAcquire(
  world: World,
  message: Extract<Message, { kind: 'acquire' }>,
  context: Context,
) {
  const { backend, outcome } = world.lock.acquire(lockConfigOf(context.scenario), {
    holder: message.from,
    value: message.leaseValue,
    ttlMs: message.ttlMs,
    now: world.now,
  });
  let next: World = { ...world, lock: backend };
  if (outcome.granted) {
    const grantOrder = world.grants + 1;
    const grant: LockTruth = { holder: message.from, token: outcome.token, expiresAt: outcome.expiresAt };
    // The service's own end of the lease: for Redlock the keys' PX time, later than the client's validity.
    const end = backend.truth(world.now)?.expiresAt ?? outcome.expiresAt;
    next = scheduleExpiryCheck({ ...next, grants: grantOrder }, end);
    next = send(
      next,
      {
        kind: 'acquireReply',
        to: message.from,
        requestedAt: message.sentAt,
        sentAt: world.now,
        result: { granted: true, grant, grantOrder },
      },
      context,
    );
  } else {
    next = send(
      next,
      {
        kind: 'acquireReply',
        to: message.from,
        requestedAt: message.sentAt,
        sentAt: world.now,
        result: { granted: false, heldBy: outcome.heldBy },
      },
      context,
    );
  }
  const happening: Happening = {
    kind: 'acquireRequested',
    renewer: message.from,
    leaseValue: message.leaseValue,
    ttlMs: message.ttlMs,
  };
  return { world: next, happening };
}

/** Chubby's `GetSequencer()` or ZooKeeper's `getChildren`: the token, if the caller still holds the lock. */
export function lockServiceReceivesHoldCheck(
  world: World,
  message: Extract<Message, { kind: 'checkHold' }>,
  context: Context,
) {
  const { backend, token } = world.lock.holdCheck(message.from, world.now);
  let next: World = { ...world, lock: backend };
  // A call that kept a session alive moves its end on: check again then.
  const upcoming = backend.nextExpiry();
  if (upcoming !== null && upcoming > world.now) next = scheduleExpiryCheck(next, upcoming);
  next = send(next, { kind: 'holdCheckReply', to: message.from, token }, context);
  return { world: next, happening: { kind: 'holdCheckRequested', renewer: message.from } satisfies Happening };
}

export function lockServiceReceivesRelease(
  world: World,
  message: Extract<Message, { kind: 'release' }>,
  context: Context,
) {
  const release = world.lock.release({ holder: message.from, value: message.leaseValue, now: world.now });
  const released = { ...release, heldBy: release.backend.truth(world.now) };
  const result: Extract<Message, { kind: 'releaseReply' }>['result'] = released.released
    ? {
        released: true,
        lease: { holder: message.from, token: null, expiresAt: null, ...truthBefore(world, message.from) },
      }
    : { released: false, reason: released.heldBy ? 'notHolder' : 'noLease', heldBy: released.heldBy };
  const next = send({ ...world, lock: released.backend }, { kind: 'releaseReply', to: message.from, result }, context);
  const happening: Happening = { kind: 'releaseRequested', renewer: message.from, leaseValue: message.leaseValue };
  return { world: next, happening };
}

/** What the service knew of this holder's lease just before it let go: its token and expiry. */
function truthBefore(world: World, holder: RenewerId): Partial<LockTruth> {
  const renewer = renewerById(world, holder);
  return renewer.belief.kind === 'holds' ? { token: renewer.belief.token, expiresAt: renewer.belief.expiresAt } : {};
}
