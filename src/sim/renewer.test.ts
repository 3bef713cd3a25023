import { describe, expect, it } from 'vitest';
import { buildRenewer, buildScenario } from '@/testing/builders';
import { ALL_MODELS } from './all-models';
import { certificateRowModel } from './resources/certificate-row';
import {
  keepAlive,
  pauseProcess,
  receiveCertificate,
  renewerReceivesAcquireReply,
  renewerReceivesHoldCheck,
  renewerReceivesReleaseReply,
  renewerReceivesWriteReply,
  requestLease,
  validityEnds,
  resumeProcess,
} from './renewer';
import type { ScenarioDefinition } from './scenario';
import type { LockTruth } from './services/service';
import type { LockServiceConfig } from './services/lock-services';
import { fencingToken, virtualMs } from './types';
import { createWorld, renewerById, updateRenewer, type Context, type Renewer, type World } from './world';
import type { Message } from './messages';

/** One renewer's reactions, each taken on its own: what it believes, what phase it is in, what it sends next. */
function setUp(lockService: LockServiceConfig = { kind: 'lesson' }, overrides: Partial<ScenarioDefinition> = {}) {
  const scenario = buildScenario({
    lockService,
    networkDelayMs: 10,
    renewers: [buildRenewer({ id: 'A', retryEveryMs: 16_000 })],
    ...overrides,
  });
  const context: Context = {
    scenario,
    models: ALL_MODELS,
    resource: certificateRowModel,
    writeMode: 'fenced',
    idempotencyKey: false,
  };
  // An empty queue, so every test sees only what its own step scheduled.
  const world: World = { ...createWorld(scenario, ALL_MODELS), queue: [] };
  return { scenario, context, world };
}

const at = (world: World, now: number): World => ({ ...world, now: virtualMs(now) });
const A = (world: World): Renewer => renewerById(world, 'A');
const due = (world: World) =>
  world.queue.map(({ at: when, event }) =>
    event.kind === 'messageDelivered' ? `${when} ${event.message.kind}` : `${when} ${event.kind}`,
  );
const holds = (token: number | null, expiresAt = 30_000) => ({
  kind: 'holds' as const,
  token: token === null ? null : fencingToken(token),
  expiresAt: virtualMs(expiresAt),
  grantOrder: 1,
});

/** A holds the lesson lock: the service granted it, and A believes it. */
function heldByA(lockService: LockServiceConfig = { kind: 'lesson' }) {
  const { world, context } = setUp(lockService);
  const { backend } = world.lock.acquire(lockService, {
    holder: 'A',
    value: 'lease-A',
    ttlMs: 30_000,
    now: virtualMs(0),
  });
  return {
    context,
    world: updateRenewer({ ...world, lock: backend, grants: 1 }, 'A', {
      phase: 'awaitingCertificate',
      leaseValue: 'lease-A',
      belief: holds(33),
    }),
  };
}

describe('a renewer asks for the lock', () => {
  it('it picks a random lease value, is acquiring, and its request arrives after the network delay', () => {
    const { world, context } = setUp();
    const { world: next } = requestLease(at(world, 1_000), 'A', context);
    expect(A(next)).toMatchObject({ phase: 'acquiring', leaseValue: expect.stringMatching(/^[0-9a-f]{6}$/) });
    expect(next.rngState).not.toBe(world.rngState);
    expect(due(next)).toEqual(['1010 acquire']);
  });
});

describe('a renewer is paused and resumed', () => {
  it('under a service with keep-alives, the pause makes the service check its lease when it runs out', () => {
    const { world } = heldByA({ kind: 'etcd' });
    const { world: paused, happening } = pauseProcess(at(world, 2_000), 'A', 40_000);
    expect(happening).toEqual({ kind: 'processPaused', renewer: 'A', until: 42_000, durationMs: 40_000 });
    expect(A(paused).pause).toEqual({ since: 2_000, until: 42_000 });
    expect(due(paused)).toEqual(['30000 expiryCheck', '42000 pauseEnded']);
  });

  it('under a service without keep-alives, the lease already has its check; the pause adds none', () => {
    const { world } = heldByA({ kind: 'lesson' });
    expect(due(pauseProcess(at(world, 2_000), 'A', 40_000).world)).toEqual(['42000 pauseEnded']);
  });

  it('with no lease at all, there is nothing to check', () => {
    const { world } = setUp({ kind: 'etcd' });
    expect(due(pauseProcess(at(world, 2_000), 'A', 40_000).world)).toEqual(['42000 pauseEnded']);
  });

  it('on waking, it reports how long it was paused', () => {
    const { world } = heldByA();
    const paused = pauseProcess(at(world, 2_000), 'A', 40_000).world;
    const { world: woken, happening } = resumeProcess(at(paused, 42_000), 'A');
    expect(happening).toEqual({ kind: 'processResumed', renewer: 'A', pausedForMs: 40_000 });
    expect(A(woken).pause).toBeNull();
  });
});

describe('a holder keeps its lease alive', () => {
  it('renews at the service, books its next keep-alive a third of the TTL on, and the service checks the new end', () => {
    const { world, context } = heldByA({ kind: 'etcd' });
    const { world: next, happening } = keepAlive(at(world, 10_000), 'A', context);
    expect(happening).toBeNull();
    expect(next.lock.nextExpiry()).toBe(40_000);
    expect(due(next)).toEqual(['20000 keepAliveDue', '40000 expiryCheck']);
  });

  it('a holder whose lease the service already revoked stops sending keep-alives, yet still believes it holds the lock', () => {
    const { world, context } = heldByA({ kind: 'etcd' });
    const revoked = { ...world, lock: world.lock.expire(virtualMs(30_000)) };
    const { world: next } = keepAlive(at(revoked, 42_000), 'A', context);
    expect(next.lock.nextExpiry()).toBeNull();
    expect(due(next)).toEqual([]);
    expect(A(next).belief.kind).toBe('holds');
  });

  it("a ZooKeeper client waiting on its listing keeps its session alive: the pings are the session's, not the lock's", () => {
    const { world, context } = heldByA({ kind: 'zookeeper' });
    const waiting = updateRenewer(world, 'A', { belief: { kind: 'none' }, unconfirmedGrant: holds(33) });
    const { world: next } = keepAlive(at(waiting, 10_000), 'A', context);
    expect(due(next)[0]).toBe('20000 keepAliveDue');
    const idle = updateRenewer(world, 'A', { belief: { kind: 'none' }, unconfirmedGrant: null });
    expect(keepAlive(at(idle, 10_000), 'A', context).world.queue).toEqual([]);
  });

  it('a renewer that does not hold the lock sends nothing', () => {
    const { world, context } = heldByA({ kind: 'etcd' });
    const lost = updateRenewer(world, 'A', { belief: { kind: 'lost', token: fencingToken(33) } });
    expect(keepAlive(at(lost, 10_000), 'A', context).world.queue).toEqual([]);
  });

  it('a renewer that is done stops renewing, even if it still believes it holds the lock', () => {
    const { world, context } = heldByA({ kind: 'etcd' });
    const done = updateRenewer(world, 'A', { phase: 'done' });
    expect(keepAlive(at(done, 10_000), 'A', context).world.queue).toEqual([]);
  });
});

describe('a renewer receives its certificate', () => {
  const cert = { serial: 1001, issuedAt: virtualMs(5_000), notAfter: virtualMs(7_776_000_000) };

  it('while it believes it holds the lock, it writes with its token and grant', () => {
    const { world, context } = heldByA();
    const { world: next, happening } = receiveCertificate(at(world, 5_000), 'A', cert, context);
    expect(happening).toEqual({ kind: 'certificateReceived', renewer: 'A', cert });
    expect(A(next)).toMatchObject({ phase: 'writing', certificate: cert });
    const write = next.queue[0]!.event;
    expect(write).toMatchObject({ message: { kind: 'write', from: 'A', fencingToken: 33, grantOrder: 1, cert } });
  });

  it('once it knows it lost the lock, it keeps the certificate but writes nothing', () => {
    const { world, context } = heldByA();
    const lost = updateRenewer(world, 'A', { belief: { kind: 'lost', token: fencingToken(33) } });
    const { world: next } = receiveCertificate(at(lost, 5_000), 'A', cert, context);
    expect(A(next)).toMatchObject({ phase: 'writing', certificate: cert });
    expect(next.queue).toEqual([]);
  });
});

describe('a renewer hears back about its request', () => {
  const refusal = (heldBy: LockTruth | null = null): Extract<Message, { kind: 'acquireReply' }> => ({
    kind: 'acquireReply',
    to: 'A',
    requestedAt: virtualMs(0),
    sentAt: virtualMs(0),
    result: { granted: false, heldBy },
  });
  const grant = (token: number | null, requestedAt = 0): Extract<Message, { kind: 'acquireReply' }> => ({
    kind: 'acquireReply',
    to: 'A',
    requestedAt: virtualMs(requestedAt),
    sentAt: virtualMs(requestedAt),
    result: {
      granted: true,
      grant: { holder: 'A', token: token === null ? null : fencingToken(token), expiresAt: virtualMs(30_000) },
      grantOrder: 1,
    },
  });

  it('refused, it counts the attempt, forgets its lease value, and tries again after its retry interval', () => {
    const { world, context } = setUp();
    const asking = updateRenewer(at(world, 20), 'A', { phase: 'acquiring', leaseValue: 'lease-A', attempts: 2 });
    const heldBy = { holder: 'B', token: fencingToken(34), expiresAt: virtualMs(30_000) };
    const { world: next, happening } = renewerReceivesAcquireReply(asking, refusal(heldBy), context);
    expect(happening).toEqual({ kind: 'leaseRefused', renewer: 'A', heldBy, retryAt: 16_020 });
    expect(A(next)).toMatchObject({ phase: 'waiting', leaseValue: null, attempts: 3 });
    expect(due(next)).toEqual(['16020 attemptDue']);
  });

  it('refused for the tenth time, it gives up and is done, with nothing more scheduled', () => {
    const { world, context } = setUp();
    const asking = updateRenewer(at(world, 20), 'A', { phase: 'acquiring', leaseValue: 'lease-A', attempts: 9 });
    const { world: next, happening } = renewerReceivesAcquireReply(asking, refusal(), context);
    expect(happening).toEqual({ kind: 'renewerGaveUp', renewer: 'A', attempts: 10 });
    expect(A(next)).toMatchObject({ phase: 'done', leaseValue: null, attempts: 10 });
    expect(next.queue).toEqual([]);
  });

  it("a renewer's own limit on attempts counts instead of the default", () => {
    const { world, context } = setUp({ kind: 'lesson' }, { renewers: [buildRenewer({ id: 'A', maxAttempts: 2 })] });
    const once = renewerReceivesAcquireReply(at(world, 20), refusal(), context);
    expect(once.happening.kind).toBe('leaseRefused');
    expect(renewerReceivesAcquireReply(once.world, refusal(), context).happening).toEqual({
      kind: 'renewerGaveUp',
      renewer: 'A',
      attempts: 2,
    });
  });

  it('granted by the lesson service, it holds the lock with its token and asks the CA at once, with no keep-alive', () => {
    const { world, context } = setUp();
    const { world: next, happening } = renewerReceivesAcquireReply(at(world, 20), grant(33), context);
    expect(happening).toEqual({
      kind: 'leaseGranted',
      renewer: 'A',
      lease: { holder: 'A', token: 33, expiresAt: 30_000 },
      sentAt: 0,
    });
    expect(A(next)).toMatchObject({ phase: 'awaitingCertificate', belief: holds(33) });
    expect(due(next)).toEqual(['20 certificateRequestDue']);
  });

  it('granted by etcd, it also books its first keep-alive a third of the lease on', () => {
    const { world, context } = setUp({ kind: 'etcd' });
    const { world: next } = renewerReceivesAcquireReply(at(world, 20), grant(33), context);
    expect(due(next)).toEqual(['20 certificateRequestDue', '10020 keepAliveDue']);
  });

  it("granted by Redlock in time, it also marks the moment its validity runs out, at the grant's end", () => {
    const { world, context } = setUp({ kind: 'redlock' });
    // An end and an order that nothing else in the world would give, so only the grant's own can produce them.
    const reply = grant(null);
    const odd: typeof reply = {
      ...reply,
      result: { granted: true, grant: { holder: 'A', token: null, expiresAt: virtualMs(29_500) }, grantOrder: 3 },
    };
    const { world: next } = renewerReceivesAcquireReply(at(world, 20), odd, context);
    expect(A(next).belief).toMatchObject({ kind: 'holds', token: null, grantOrder: 3 });
    expect(due(next)).toEqual(['20 certificateRequestDue', '29500 validityEnds']);
    expect(next.queue[1]?.event).toEqual({ kind: 'validityEnds', renewer: 'A', grantOrder: 3 });
  });

  describe('a grant that a check of its own follows (ZooKeeper getChildren, Chubby GetSequencer())', () => {
    const answer = (token: number | null): Extract<Message, { kind: 'holdCheckReply' }> => ({
      kind: 'holdCheckReply',
      to: 'A',
      token: token === null ? null : fencingToken(token),
    });

    it("under ZooKeeper the create's reply makes it no holder: it believes nothing and sends its check", () => {
      const { world, context } = setUp({ kind: 'zookeeper' });
      const { world: next } = renewerReceivesAcquireReply(at(world, 20), grant(33), context);
      expect(A(next)).toMatchObject({
        phase: 'awaitingCertificate',
        belief: { kind: 'none' },
        unconfirmedGrant: holds(33),
      });
      // Its check goes out at once; its session's keep-alives start a third of the TTL on.
      expect(due(next)).toEqual(['30 checkHold', '10020 keepAliveDue']);
      expect(next.queue.some(({ event }) => event.kind === 'certificateRequestDue')).toBe(false);
    });

    it('under ZooKeeper the listing that finds its znode lowest makes it the holder, and then it asks the CA', () => {
      const { world, context } = setUp({ kind: 'zookeeper' });
      const created = renewerReceivesAcquireReply(at(world, 20), grant(33), context).world;
      const { world: next, happening } = renewerReceivesHoldCheck(
        { ...at(created, 40), queue: [] },
        answer(33),
        context,
      );
      expect(happening).toEqual({ kind: 'holdCheckAnswered', renewer: 'A', token: 33, retryAt: null });
      expect(A(next)).toMatchObject({ belief: holds(33), unconfirmedGrant: null });
      expect(due(next)).toEqual(['40 certificateRequestDue']);
    });

    it('under ZooKeeper a listing that fails leaves it believing nothing, never that it lost a lock it never held', () => {
      const { world, context } = setUp({ kind: 'zookeeper' });
      const created = renewerReceivesAcquireReply(at(world, 20), grant(33), context).world;
      const { world: next, happening } = renewerReceivesHoldCheck(
        { ...at(created, 40), queue: [] },
        answer(null),
        context,
      );
      expect(happening).toEqual({ kind: 'holdCheckAnswered', renewer: 'A', token: null, retryAt: 16_040 });
      expect(A(next)).toMatchObject({ phase: 'waiting', belief: { kind: 'none' }, unconfirmedGrant: null });
    });

    it('under Chubby the grant makes it the holder at once; a lapsed session on the check tells it it lost the lock', () => {
      const { world, context } = setUp({ kind: 'chubby', lockDelayMs: 0 });
      const granted = renewerReceivesAcquireReply(at(world, 20), grant(null), context).world;
      expect(A(granted)).toMatchObject({ belief: holds(null), unconfirmedGrant: null });
      const lost = renewerReceivesHoldCheck({ ...at(granted, 40), queue: [] }, answer(null), context).world;
      expect(A(lost).belief).toEqual({ kind: 'lost', token: null });
      const held = renewerReceivesHoldCheck({ ...at(granted, 40), queue: [] }, answer(7), context).world;
      expect(A(held).belief).toEqual(holds(7));
    });
  });

  describe('a Redlock grant read after its validity ran out', () => {
    const late = (attempts: number, leaseValue: string | null) => {
      const { world, context } = setUp({ kind: 'redlock' });
      const asking = updateRenewer(at(world, 40_000), 'A', { phase: 'acquiring', leaseValue, attempts });
      return renewerReceivesAcquireReply(asking, grant(null, 1_000), context);
    };

    it('is given back: the renewer releases it, waits, and reports how late it was', () => {
      const { world, happening } = late(0, 'lease-A');
      expect(happening).toEqual({
        kind: 'grantTooLate',
        renewer: 'A',
        elapsedMs: 39_000,
        validityMs: 30_000 - 39_000 - 302,
        retryAt: 56_000,
      });
      expect(A(world)).toMatchObject({ phase: 'waiting', attempts: 1, belief: { kind: 'none' } });
      expect(due(world)).toEqual(['40010 release', '56000 attemptDue']);
    });

    it('without a lease value there is nothing to release', () => {
      expect(due(late(0, null).world)).toEqual(['56000 attemptDue']);
    });

    it('as the last allowed attempt, the renewer releases it and gives up', () => {
      const { world, happening } = late(9, 'lease-A');
      expect(happening).toEqual({ kind: 'renewerGaveUp', renewer: 'A', attempts: 10 });
      expect(A(world).phase).toBe('done');
      expect(due(world)).toEqual(['40010 release']);
    });
  });
});

describe('a renewer hears how its write went', () => {
  const reply = (rowsChanged: number): Extract<Message, { kind: 'writeReply' }> => ({
    kind: 'writeReply',
    to: 'A',
    fencingToken: fencingToken(33),
    rowsChanged,
    previousFence: 34,
    overwroteNewer: false,
  });

  it('UPDATE 0 tells it it lost the lock; it releases anyway, as a finally block would', () => {
    const { world, context } = heldByA();
    const { world: next } = renewerReceivesWriteReply(at(world, 50_000), reply(0), context);
    expect(A(next)).toMatchObject({ phase: 'releasing', belief: { kind: 'lost', token: 33 } });
    expect(due(next)).toEqual(['50010 release']);
  });

  it('with no lease value left, it sends no release', () => {
    const { world, context } = heldByA();
    const noValue = updateRenewer(world, 'A', { leaseValue: null });
    const { world: next } = renewerReceivesWriteReply(at(noValue, 50_000), reply(1), context);
    expect(A(next)).toMatchObject({ phase: 'releasing', belief: holds(33) });
    expect(next.queue).toEqual([]);
  });
});

describe('a renewer hears how its release went', () => {
  const lease = { holder: 'A', token: fencingToken(33), expiresAt: virtualMs(30_000) };
  const released: Extract<Message, { kind: 'releaseReply' }> = {
    kind: 'releaseReply',
    to: 'A',
    result: { released: true, lease },
  };
  const refused: Extract<Message, { kind: 'releaseReply' }> = {
    kind: 'releaseReply',
    to: 'A',
    result: { released: false, reason: 'noLease', heldBy: null },
  };
  const releasing = (world: World, phase: Renewer['phase']) => updateRenewer(world, 'A', { phase, belief: holds(33) });

  it('released, it no longer believes anything about the lock and is done', () => {
    const { world } = heldByA();
    const { world: next, happening } = renewerReceivesReleaseReply(releasing(world, 'releasing'), released);
    expect(happening).toEqual({ kind: 'leaseReleased', renewer: 'A', lease });
    expect(A(next)).toMatchObject({ phase: 'done', belief: { kind: 'none' }, leaseValue: null });
  });

  it('released while already waiting for its next attempt, it keeps waiting', () => {
    const { world } = heldByA();
    expect(A(renewerReceivesReleaseReply(releasing(world, 'waiting'), released).world).phase).toBe('waiting');
    expect(A(renewerReceivesReleaseReply(releasing(world, 'waiting'), refused).world).phase).toBe('waiting');
  });

  it('refused, it learns it had lost the lock it thought it held, and is done', () => {
    const { world } = heldByA();
    const { world: next, happening } = renewerReceivesReleaseReply(releasing(world, 'releasing'), refused);
    expect(happening).toEqual({ kind: 'releaseRefused', renewer: 'A', reason: 'noLease', heldBy: null });
    expect(A(next)).toMatchObject({ phase: 'done', belief: { kind: 'lost', token: 33 }, leaseValue: null });
  });

  it('refused without ever having held it, it believes nothing', () => {
    const { world } = heldByA();
    const never = updateRenewer(world, 'A', { phase: 'releasing', belief: { kind: 'none' } });
    expect(A(renewerReceivesReleaseReply(never, refused).world).belief).toEqual({ kind: 'none' });
  });

  it('refused under a service that gives no token (Redis, Redlock), it has no token to remember and believes nothing', () => {
    const { world } = heldByA();
    const tokenless = updateRenewer(world, 'A', { phase: 'releasing', belief: holds(null) });
    expect(A(renewerReceivesReleaseReply(tokenless, refused).world).belief).toEqual({ kind: 'none' });
  });
});

describe("a Redlock client's validity runs out", () => {
  const holding = (belief: Renewer['belief']) => updateRenewer(setUp({ kind: 'redlock' }).world, 'A', { belief });

  it('is marked while the renewer still counts on that grant, and changes nothing in it', () => {
    const world = holding(holds(null));
    const ended = validityEnds(world, 'A', 1);
    expect(ended.happening).toEqual({ kind: 'validityEnded', renewer: 'A' });
    expect(ended.world).toBe(world);
  });

  it('is not marked for an earlier grant once the renewer holds a later one', () => {
    expect(validityEnds(holding({ ...holds(null), grantOrder: 2 }), 'A', 1).happening).toBeNull();
  });

  it('is not marked once the renewer knows it lost the lock, or believes nothing', () => {
    expect(validityEnds(holding({ kind: 'lost', token: null }), 'A', 1).happening).toBeNull();
    expect(validityEnds(holding({ kind: 'none' }), 'A', 1).happening).toBeNull();
  });
});
