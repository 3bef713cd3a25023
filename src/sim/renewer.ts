import { CERTIFICATE_LIFETIME_MS } from './certificates-table.ts';
import type { Happening } from './happenings.ts';
import { randomLeaseValue } from './random.ts';
import { fencingToken, virtualMs, type Certificate, type RenewerId, type VirtualMs } from './types.ts';
import {
  DEFAULT_MAX_ATTEMPTS,
  definitionOf,
  renewerById,
  schedule,
  scheduleExpiryCheck,
  send,
  updateRenewer,
  writeDelayOf,
  type Belief,
  type Context,
  type HeldBelief,
  type Renewer,
  type World,
} from './world.ts';
import type { Message } from './messages.ts';

export function requestLease(world: World, id: RenewerId, context: Context) {
  const { leaseValue, state } = randomLeaseValue(world.rngState);
  const ttlMs = context.scenario.leaseTtlMs;
  let next = updateRenewer({ ...world, rngState: state }, id, { phase: 'acquiring', leaseValue });
  next = send(next, { kind: 'acquire', from: id, leaseValue, ttlMs, sentAt: world.now }, context);
  return { world: next, happening: null };
}

export function pauseProcess(world: World, id: RenewerId, durationMs: number) {
  const until = virtualMs(world.now + durationMs);
  let paused = updateRenewer(world, id, { pause: { since: world.now, until } });
  // Keep-alives stop with the process: from now on its lease or session can run out.
  const expiry = paused.lock.nextExpiry();
  if (paused.lock.needsKeepAlive && expiry !== null) paused = scheduleExpiryCheck(paused, expiry);
  return {
    world: schedule(paused, until, { kind: 'pauseEnded', renewer: id }),
    happening: { kind: 'processPaused', renewer: id, until, durationMs } satisfies Happening,
  };
}

export function resumeProcess(world: World, id: RenewerId) {
  const { pause } = renewerById(world, id);
  const pausedForMs = pause ? world.now - pause.since : 0;
  return {
    world: updateRenewer(world, id, { pause: null }),
    happening: { kind: 'processResumed', renewer: id, pausedForMs } satisfies Happening,
  };
}

/** A running holder renews its lease or session every TTL/3; a paused one misses its turn. */
export function keepAlive(world: World, id: RenewerId, context: Context) {
  const renewer = renewerById(world, id);
  // A ZooKeeper client waiting on its listing keeps its session alive too: the pings are the session's, not the lock's.
  const counting = renewer.belief.kind === 'holds' || renewer.unconfirmedGrant !== null;
  if (!counting || renewer.phase === 'done') return { world, happening: null };
  // A keep-alive for a lease or session that has already ended is answered as such (etcd: TTL 0; Chubby and
  // ZooKeeper: session expired), and the client library stops sending them. The renewer's belief is another
  // matter: it changes only when the work reaches the service, as the lesson shows.
  if (world.lock.truth(world.now)?.holder !== id) return { world, happening: null };
  const ttlMs = context.scenario.leaseTtlMs;
  let next: World = { ...world, lock: world.lock.keepAlive(id, world.now, ttlMs) };
  next = schedule(next, world.now + world.lock.keepAliveIntervalMs(ttlMs), {
    kind: 'keepAliveDue',
    renewer: id,
  });
  const expiry = next.lock.nextExpiry();
  if (expiry !== null) next = scheduleExpiryCheck(next, expiry);
  return { world: next, happening: null };
}

export function receiveCertificate(world: World, id: RenewerId, cert: Certificate, context: Context) {
  const renewer = renewerById(world, id);
  let next = updateRenewer(world, id, { certificate: cert, phase: 'writing' });
  // A renewer that still believes it holds the lock writes with the token it was given, however old.
  if (renewer.belief.kind === 'holds') {
    const { token, grantOrder } = renewer.belief;
    next = send(
      next,
      { kind: 'write', from: id, cert, fencingToken: token, grantOrder },
      context,
      writeDelayOf(context, id),
    );
  }
  return { world: next, happening: { kind: 'certificateReceived', renewer: id, cert } satisfies Happening };
}

/**
 * A Redlock client's validity runs out. Frozen or not, nothing in the client reacts (the caller must check the
 * time itself), so the belief stays; the step is shown only while the renewer still counts on that grant.
 */
export function validityEnds(world: World, id: RenewerId, grantOrder: number) {
  const { belief } = renewerById(world, id);
  const counting = belief.kind === 'holds' && belief.grantOrder === grantOrder;
  return { world, happening: counting ? ({ kind: 'validityEnded', renewer: id } satisfies Happening) : null };
}

export function renewerReceivesAcquireReply(
  world: World,
  message: Extract<Message, { kind: 'acquireReply' }>,
  context: Context,
): { world: World; happening: Happening } {
  const id = message.to;
  const { result } = message;
  if (!result.granted) {
    const failed = failedAttempt(world, id, context, { leaseValue: null });
    return {
      world: failed.world,
      happening: failed.gaveUp ?? { kind: 'leaseRefused', renewer: id, heldBy: result.heldBy, retryAt: failed.retryAt },
    };
  }
  const { grant, grantOrder } = result;
  const validityMs = world.lock.validityOnReplyMs(context.scenario.leaseTtlMs, world.now - message.requestedAt);
  if (validityMs !== null && validityMs <= 0) return discardLateGrant(world, message, validityMs, context);
  const held: HeldBelief = {
    kind: 'holds',
    token: grant.token === null ? null : fencingToken(grant.token),
    expiresAt: grant.expiresAt ?? world.now,
    grantOrder,
  };
  // Under ZooKeeper the reply names the renewer's znode: it believes it holds the lock only once its check says so.
  const kept = world.lock.holdsOnlyOnCheck ? { unconfirmedGrant: held } : { belief: held };
  let next = updateRenewer(world, id, { phase: 'awaitingCertificate', ...kept });
  // A client that computes a validity (Redlock) counts the lock as held until then; the story marks the moment.
  if (validityMs !== null && grant.expiresAt !== null) {
    next = schedule(next, grant.expiresAt, { kind: 'validityEnds', renewer: id, grantOrder });
  }
  if (world.lock.needsKeepAlive) {
    next = schedule(next, world.now + world.lock.keepAliveIntervalMs(context.scenario.leaseTtlMs), {
      kind: 'keepAliveDue',
      renewer: id,
    });
  }
  const happening: Happening = { kind: 'leaseGranted', renewer: id, lease: grant, sentAt: message.sentAt };
  // A Chubby holder asks for its sequencer, a ZooKeeper client lists the lock's children, before it starts the work.
  if (world.lock.checksHold) return { world: send(next, { kind: 'checkHold', from: id }, context), happening };
  return { world: schedule(next, world.now, { kind: 'certificateRequestDue', renewer: id }), happening };
}

/**
 * The answer to the holder's check (`GetSequencer()`, `getChildren`): with a token, the holder starts its work;
 * without one, its session lapsed while it was frozen, so it knows it holds nothing and tries again.
 */
export function renewerReceivesHoldCheck(
  world: World,
  message: Extract<Message, { kind: 'holdCheckReply' }>,
  context: Context,
): { world: World; happening: Happening } {
  const id = message.to;
  const { belief, unconfirmedGrant } = renewerById(world, id);
  const grant = unconfirmedGrant ?? (belief.kind === 'holds' ? belief : null);
  if (message.token !== null && grant !== null) {
    const next = updateRenewer(world, id, { belief: { ...grant, token: message.token }, unconfirmedGrant: null });
    return {
      world: schedule(next, world.now, { kind: 'certificateRequestDue', renewer: id }),
      happening: { kind: 'holdCheckAnswered', renewer: id, token: message.token, retryAt: null },
    };
  }
  // Like a refusal, a lost sequencer counts as a failed attempt, so a session too short for the network ends. A
  // holder learns it lost the lock; a ZooKeeper client that never held it learns only that it does not.
  const afterCheck: Belief = unconfirmedGrant === null ? { kind: 'lost', token: null } : { kind: 'none' };
  const failed = failedAttempt(world, id, context, { belief: afterCheck, unconfirmedGrant: null, leaseValue: null });
  return {
    world: failed.world,
    happening: failed.gaveUp ?? { kind: 'holdCheckAnswered', renewer: id, token: null, retryAt: failed.retryAt },
  };
}

/**
 * A failed attempt (a refusal, a lost sequencer, a grant read too late) is counted, so a configuration that can
 * never succeed still ends: at the renewer's attempt limit it gives up, else it waits for its next try. `also`
 * runs between the renewer's update and the retry's scheduling (a late grant's release goes out there).
 */
function failedAttempt(
  world: World,
  id: RenewerId,
  context: Context,
  changes: Partial<Renewer>,
  also: (world: World) => World = (same) => same,
): { world: World; retryAt: VirtualMs; gaveUp: Happening | null } {
  const definition = definitionOf(context, id);
  const attempts = renewerById(world, id).attempts + 1;
  const retryAt = virtualMs(world.now + definition.retryEveryMs);
  const givesUp = attempts >= (definition.maxAttempts ?? DEFAULT_MAX_ATTEMPTS);
  const next = also(updateRenewer(world, id, { ...changes, phase: givesUp ? 'done' : 'waiting', attempts }));
  if (givesUp) return { world: next, retryAt, gaveUp: { kind: 'renewerGaveUp', renewer: id, attempts } };
  return { world: schedule(next, retryAt, { kind: 'attemptDue', renewer: id }), retryAt, gaveUp: null };
}

/**
 * A Redlock client reads the clock again once the replies are in; if the TTL has run out meanwhile, it
 * unlocks every node and tries later. This is what catches a pause while the replies were in flight.
 */
function discardLateGrant(
  world: World,
  message: Extract<Message, { kind: 'acquireReply' }>,
  validityMs: number,
  context: Context,
) {
  const id = message.to;
  const { leaseValue } = renewerById(world, id);
  // A grant read too late counts as a failed attempt: a TTL too short for the network never ends in a retry loop.
  const failed = failedAttempt(world, id, context, {}, (updated) =>
    leaseValue ? send(updated, { kind: 'release', from: id, leaseValue }, context) : updated,
  );
  const happening: Happening = failed.gaveUp ?? {
    kind: 'grantTooLate',
    renewer: id,
    elapsedMs: world.now - message.requestedAt,
    validityMs,
    retryAt: failed.retryAt,
  };
  return { world: failed.world, happening };
}

/**
 * Once it holds the lock, a renewer checks that the work is still due, as renewal clients do before they renew
 * (Go's acme/autocert renews only inside RenewBefore). If another holder has done it meanwhile, it lets go.
 * Otherwise it asks the CA, which takes its time; the certificate carries the next serial, the moment it was
 * issued (its notBefore) and its notAfter.
 */
export function startWork(world: World, id: RenewerId, context: Context) {
  const { due, current } = context.resource.workDue(world, context);
  if (!due) {
    const { leaseValue } = renewerById(world, id);
    let next = updateRenewer(world, id, { phase: 'releasing' });
    if (leaseValue) next = send(next, { kind: 'release', from: id, leaseValue }, context);
    return { world: next, happening: { kind: 'workNotDue', renewer: id, current } satisfies Happening };
  }
  const readyAt = virtualMs(world.now + definitionOf(context, id).certificateAuthorityMs);
  const cert: Certificate = {
    serial: world.nextSerial,
    issuedAt: readyAt,
    notAfter: virtualMs(readyAt + CERTIFICATE_LIFETIME_MS),
  };
  const next = schedule({ ...world, nextSerial: world.nextSerial + 1 }, readyAt, {
    kind: 'certificateIssued',
    renewer: id,
    cert,
  });
  return {
    world: next,
    happening: { kind: 'certificateRequested', renewer: id, readyAt, current } satisfies Happening,
  };
}

export function renewerReceivesWriteReply(
  world: World,
  message: Extract<Message, { kind: 'writeReply' }>,
  context: Context,
) {
  const id = message.to;
  const renewer = renewerById(world, id);
  // Zero rows means a higher token has written: the renewer learns it lost the lock.
  const belief: Belief =
    message.rowsChanged === 0 && context.resource.zeroMeansLost
      ? { kind: 'lost', token: message.fencingToken }
      : renewer.belief;
  let next = updateRenewer(world, id, { belief, phase: 'releasing' });
  // Release in every case, as a `finally` block would; compare-and-delete makes that safe.
  if (renewer.leaseValue) next = send(next, { kind: 'release', from: id, leaseValue: renewer.leaseValue }, context);
  // The mail sender's answer is the emailRequested step itself; its reply adds nothing to show.
  if (!context.resource.answerIsAStep) return { world: next, happening: null };
  const happening: Happening = {
    kind: 'writeAnswered',
    renewer: id,
    fencingToken: message.fencingToken,
    rowsChanged: message.rowsChanged,
    previousFence: message.previousFence,
    overwroteNewer: message.overwroteNewer,
  };
  return { world: next, happening };
}

export function renewerReceivesReleaseReply(world: World, message: Extract<Message, { kind: 'releaseReply' }>) {
  const id = message.to;
  const renewer = renewerById(world, id);
  const { result } = message;
  if (result.released) {
    const next = updateRenewer(world, id, {
      phase: renewer.phase === 'waiting' ? 'waiting' : 'done',
      belief: { kind: 'none' },
      leaseValue: null,
    });
    return { world: next, happening: { kind: 'leaseReleased', renewer: id, lease: result.lease } satisfies Happening };
  }
  const lostToken = renewer.belief.kind === 'none' ? null : renewer.belief.token;
  const belief: Belief = lostToken === null ? { kind: 'none' } : { kind: 'lost', token: lostToken };
  const next = updateRenewer(world, id, {
    phase: renewer.phase === 'waiting' ? 'waiting' : 'done',
    belief,
    leaseValue: null,
  });
  const happening: Happening = { kind: 'releaseRefused', renewer: id, reason: result.reason, heldBy: result.heldBy };
  return { world: next, happening };
}
