import { describe, expect, it } from 'vitest';
import { buildRenewer, buildScenario } from '@/testing/builders';
import { ALL_MODELS } from './all-models';
import { checkExpiry, lockServiceReceivesRelease } from './lock-node';
import { certificateRowModel } from './resources/certificate-row';
import type { LockServiceConfig } from './services/lock-services';
import { fencingToken, virtualMs } from './types';
import { createWorld, updateRenewer, type Context, type World } from './world';

/** The lock service's own steps: leases running out, and releases it grants or refuses. */
function setUp(lockService: LockServiceConfig) {
  const scenario = buildScenario({ lockService, renewers: [buildRenewer({ id: 'A' }), buildRenewer({ id: 'B' })] });
  const context: Context = {
    scenario,
    models: ALL_MODELS,
    resource: certificateRowModel,
    writeMode: 'fenced',
    idempotencyKey: false,
  };
  return { context, world: { ...createWorld(scenario, ALL_MODELS), queue: [] } as World };
}

function acquire(world: World, lockService: LockServiceConfig, holder: string, now: number, ttlMs = 30_000): World {
  const request = { holder, value: `lease-${holder}`, ttlMs, now: virtualMs(now) };
  return { ...world, lock: world.lock.acquire(lockService, request).backend };
}

const at = (world: World, now: number): World => ({ ...world, now: virtualMs(now) });
const due = (world: World) => world.queue.map(({ at: when, event }) => `${when} ${event.kind}`);

describe('the lock service checks for expired leases', () => {
  const zookeeper = { kind: 'zookeeper' as const };

  it("when the holder's session ends, it reports the lease lost and checks again when the waiter's ends", () => {
    const { world } = setUp(zookeeper);
    const both = acquire(acquire(world, zookeeper, 'A', 0, 10_000), zookeeper, 'B', 5_000, 20_000);
    const { world: next, happening } = checkExpiry(at(both, 10_000));
    expect(happening).toEqual({ kind: 'leaseExpired', lease: { holder: 'A', token: 34, expiresAt: 10_000 } });
    expect(due(next)).toEqual(['25000 expiryCheck']);
  });

  it('with no session left, nothing more is due', () => {
    const { world } = setUp(zookeeper);
    const { world: next, happening } = checkExpiry(at(acquire(world, zookeeper, 'A', 0, 10_000), 10_000));
    expect(happening).toMatchObject({ kind: 'leaseExpired' });
    expect(next.queue).toEqual([]);
  });

  it('before the lease ends, nobody lost anything, and the check at its end is booked', () => {
    const { world } = setUp(zookeeper);
    const { world: next, happening } = checkExpiry(at(acquire(world, zookeeper, 'A', 0, 10_000), 4_000));
    expect(happening).toBeNull();
    expect(due(next)).toEqual(['10000 expiryCheck']);
  });
});

describe('the lock service answers a release', () => {
  const lesson = { kind: 'lesson' as const };
  const reply = (world: World) => world.queue.map(({ event }) => event.kind === 'messageDelivered' && event.message);

  it('from a client whose lease another holds now: refused as not the holder, naming the holder', () => {
    const { world, context } = setUp(lesson);
    const heldByB = acquire(world, lesson, 'B', 0);
    const { world: next, happening } = lockServiceReceivesRelease(
      at(heldByB, 1_000),
      { kind: 'release', from: 'A', leaseValue: 'lease-A' },
      context,
    );
    expect(happening).toEqual({ kind: 'releaseRequested', renewer: 'A', leaseValue: 'lease-A' });
    expect(reply(next)).toEqual([
      {
        kind: 'releaseReply',
        to: 'A',
        result: { released: false, reason: 'notHolder', heldBy: { holder: 'B', token: 33, expiresAt: 30_000 } },
      },
    ]);
  });

  it('when nobody holds the lock: refused, there is no lease', () => {
    const { world, context } = setUp(lesson);
    const { world: next } = lockServiceReceivesRelease(
      world,
      { kind: 'release', from: 'A', leaseValue: 'lease-A' },
      context,
    );
    expect(reply(next)).toEqual([
      { kind: 'releaseReply', to: 'A', result: { released: false, reason: 'noLease', heldBy: null } },
    ]);
  });

  it('granted: the reply names the lease as the holder believed it, with its token and expiry', () => {
    const { world, context } = setUp(lesson);
    const believing = updateRenewer(acquire(world, lesson, 'A', 0), 'A', {
      belief: { kind: 'holds', token: fencingToken(33), expiresAt: virtualMs(30_000), grantOrder: 1 },
    });
    const { world: next } = lockServiceReceivesRelease(
      believing,
      { kind: 'release', from: 'A', leaseValue: 'lease-A' },
      context,
    );
    expect(reply(next)).toEqual([
      {
        kind: 'releaseReply',
        to: 'A',
        result: { released: true, lease: { holder: 'A', token: 33, expiresAt: 30_000 } },
      },
    ]);
  });

  it('granted to a client that no longer believes it holds the lock: the reply has no token or expiry to name', () => {
    const { world, context } = setUp(lesson);
    const forgot = updateRenewer(acquire(world, lesson, 'A', 0), 'A', {
      belief: { kind: 'lost', token: fencingToken(33) },
    });
    const { world: next } = lockServiceReceivesRelease(
      forgot,
      { kind: 'release', from: 'A', leaseValue: 'lease-A' },
      context,
    );
    expect(reply(next)).toEqual([
      {
        kind: 'releaseReply',
        to: 'A',
        result: { released: true, lease: { holder: 'A', token: null, expiresAt: null } },
      },
    ]);
  });
});
