import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  acquireRedlock,
  clockDriftMs,
  compareAndDelete,
  createNodes,
  majorityHolders,
  REDLOCK_NODE_TIMEOUT_MS,
  REDLOCK_SERVICE,
  releaseRedlock,
  setNx,
} from '../redlock/model';
import { majorityEndsAt, nodeTime, trueTimeAt } from '../quorum';
import { virtualMs } from '../../types';

const NODES = ['A', 'B', 'C', 'D', 'E'];
const KEY = 'lock:cert:go.shop.example';
const all = new Set(NODES);

function attempt(value: string, startAt: number, reachable: ReadonlySet<string> = all, ttlMs = 30_000) {
  return { key: KEY, value, ttlMs, startAt: virtualMs(startAt), perNodeMs: 5, reachable };
}

describe('redlock (Redis docs, "Distributed Locks with Redis")', () => {
  it('grants on a majority: 3 of 5 nodes are enough', () => {
    const result = acquireRedlock(createNodes(NODES), attempt('client-1', 0, new Set(['A', 'B', 'C'])));
    expect(result).toMatchObject({ granted: true, lockedOn: ['A', 'B', 'C'] });
  });

  it('refuses with 2 of 5, and unlocks the nodes it did lock', () => {
    const result = acquireRedlock(createNodes(NODES), attempt('client-1', 0, new Set(['A', 'B'])));
    expect(result.granted).toBe(false);
    expect(result.nodes.every((node) => Object.keys(node.keys).length === 0)).toBe(true);
  });

  it('subtracts the time spent acquiring and the drift allowance (0.01 × TTL + 2 ms, as redlock-rb) from the TTL', () => {
    expect(clockDriftMs(30_000)).toBe(302);
    expect(clockDriftMs(10_000)).toBe(102);
    const result = acquireRedlock(createNodes(NODES), attempt('client-1', 0));
    expect(result.elapsedMs).toBe(25);
    expect(result.validityMs).toBe(30_000 - 25 - 302);
  });

  it('catches a pause during acquisition: the elapsed time eats the validity (antirez, "Is Redlock safe?")', () => {
    const paused = { ...attempt('client-1', 0), pauseBeforeRepliesMs: 40_000 };
    const result = acquireRedlock(createNodes(NODES), paused);
    expect(result.validityMs).toBeLessThan(0);
    expect(result.granted).toBe(false);
  });

  it("lets two clients hold the lock when node C's clock jumps forward (Kleppmann, bad timing scenario 1)", () => {
    const jumpOnC = { C: { offsetMs: 0, driftRate: 0, jumps: [{ atMs: 1_000, byMs: 60_000 }] } };
    const first = acquireRedlock(createNodes(NODES, jumpOnC), attempt('client-1', 0, new Set(['A', 'B', 'C'])));
    expect(first.granted).toBe(true);
    const second = acquireRedlock(first.nodes, attempt('client-2', 2_000, new Set(['C', 'D', 'E'])));
    expect(second.granted).toBe(true);
    // Both believe they hold it: client 1's validity has not run out when client 2 is granted.
    expect(first.finishedAt + first.validityMs).toBeGreaterThan(second.finishedAt);
    expect(majorityHolders(second.nodes, KEY, virtualMs(2_100))).toEqual(['client-2']);
  });

  it('without the jump, the second client cannot assemble a majority', () => {
    const first = acquireRedlock(createNodes(NODES), attempt('client-1', 0, new Set(['A', 'B', 'C'])));
    const second = acquireRedlock(first.nodes, attempt('client-2', 2_000, new Set(['C', 'D', 'E'])));
    expect(second.granted).toBe(false);
    expect(majorityHolders(second.nodes, KEY, virtualMs(2_100))).toEqual(['client-1']);
  });

  it("reads expiry off each node's own clock, including drift", () => {
    expect(nodeTime({ offsetMs: 0, driftRate: 0.01, jumps: [] }, virtualMs(10_000))).toBe(10_100);
  });

  it('an unreachable node costs the client its per-node timeout (redlock-rb: 100 ms), which eats the validity', () => {
    const partial = acquireRedlock(createNodes(NODES), attempt('client-1', 0, new Set(['A', 'B', 'C'])));
    expect(REDLOCK_NODE_TIMEOUT_MS).toBe(100);
    expect(partial.elapsedMs).toBe(3 * 5 + 2 * 100);
    expect(partial.validityMs).toBe(30_000 - 215 - clockDriftMs(30_000));
    const everyNode = acquireRedlock(createNodes(NODES), attempt('client-1', 0));
    expect(everyNode.elapsedMs).toBe(25);
  });

  it('the keys outlive the validity: a majority of them lapses at the third-last PX expiry, not when the client stops counting', () => {
    const result = acquireRedlock(createNodes(NODES), attempt('client-1', 0));
    // Keys set at 5, 10, … 25 ms, each for 30 s; the validity is 30 000 − 25 − 302.
    expect(result.finishedAt + result.validityMs).toBe(29_698);
    expect(majorityEndsAt(result.nodes, KEY, 'client-1')).toBe(30_015);
    expect(majorityHolders(result.nodes, KEY, virtualMs(30_014))).toEqual(['client-1']);
    expect(majorityHolders(result.nodes, KEY, virtualMs(30_015))).toEqual([]);
    expect(majorityEndsAt(result.nodes, KEY, 'someone-else')).toBeNull();
  });

  it("releases on every node, but only keys holding the caller's value", () => {
    const first = acquireRedlock(createNodes(NODES), attempt('client-1', 0));
    const wrongRelease = releaseRedlock(first.nodes, KEY, 'client-2', virtualMs(100));
    expect(majorityHolders(wrongRelease, KEY, virtualMs(100))).toEqual(['client-1']);
    const release = releaseRedlock(first.nodes, KEY, 'client-1', virtualMs(100));
    expect(majorityHolders(release, KEY, virtualMs(100))).toEqual([]);
  });
});

describe("a node's clock read backwards: when a key stored with an expiry is gone", () => {
  it('on a steady clock, at the expiry itself', () => {
    expect(trueTimeAt({ offsetMs: 0, driftRate: 0, jumps: [] }, 30_005)).toBe(30_005);
  });

  it('on a clock 10 % fast, sooner; 10 % slow, later; each the first millisecond the clock has got there', () => {
    const fast = { offsetMs: 0, driftRate: 0.1, jumps: [] };
    const slow = { offsetMs: 0, driftRate: -0.1, jumps: [] };
    expect(trueTimeAt(fast, 33_000)).toBe(30_000);
    expect(trueTimeAt(slow, 27_000)).toBe(30_000);
    expect(nodeTime(fast, trueTimeAt(fast, 10_001))).toBeGreaterThanOrEqual(10_001);
    expect(nodeTime(fast, virtualMs(trueTimeAt(fast, 10_001) - 1))).toBeLessThan(10_001);
  });

  it('for any clock (offset, drift, forward jumps listed in any order), the first whole millisecond it reads that far', () => {
    const clocks = fc.record({
      offsetMs: fc.integer({ min: -5_000, max: 5_000 }),
      driftRate: fc.integer({ min: -50_000, max: 50_000 }).map((millionths) => millionths / 1_000_000),
      jumps: fc.array(
        fc.record({ atMs: fc.integer({ min: 1, max: 60_000 }), byMs: fc.integer({ min: 1, max: 30_000 }) }),
        {
          maxLength: 3,
        },
      ),
    });
    fc.assert(
      // Readings with a fraction too: a drifting clock's expiries fall between whole milliseconds.
      fc.property(clocks, fc.integer({ min: 1_000, max: 150_000_000 }), (clock, aheadMicros) => {
        const reading = nodeTime(clock, virtualMs(0)) + aheadMicros / 1_000;
        const at = trueTimeAt(clock, reading);
        return Number.isInteger(at) && nodeTime(clock, at) >= reading && nodeTime(clock, virtualMs(at - 1)) < reading;
      }),
      { seed: 7, numRuns: 2_000 },
    );
  });

  it('a jump over the expiry ends the key at the jump; a jump after it changes nothing', () => {
    const jump = { offsetMs: 0, driftRate: 0, jumps: [{ atMs: 1_000, byMs: 60_000 }] };
    expect(trueTimeAt(jump, 30_005)).toBe(1_000);
    expect(trueTimeAt(jump, 500)).toBe(500);
    expect(trueTimeAt(jump, 90_000)).toBe(30_000);
  });
});

describe('a Redlock node on its own', () => {
  const steady = { offsetMs: 0, driftRate: 0, jumps: [] };

  it('a clock jump counts from the instant it happens; an offset adds to the reading', () => {
    const jumping = { ...steady, jumps: [{ atMs: 1_000, byMs: 60_000 }] };
    expect(nodeTime(jumping, virtualMs(999))).toBe(999);
    expect(nodeTime(jumping, virtualMs(1_000))).toBe(61_000);
    expect(nodeTime({ ...steady, offsetMs: 500 }, virtualMs(1_000))).toBe(1_500);
  });

  it('a key is gone at the exact moment it expires on the node clock, so SET NX succeeds then', () => {
    const [node] = createNodes(['A']);
    const held = setNx(node!, KEY, 'client-1', 1_000, virtualMs(0)).node;
    expect(setNx(held, KEY, 'client-2', 1_000, virtualMs(999)).ok).toBe(false);
    expect(setNx(held, KEY, 'client-2', 1_000, virtualMs(1_000)).ok).toBe(true);
  });

  it("compare-and-delete removes only the caller's key, and says whether it did", () => {
    const [node] = createNodes(['A']);
    const both = setNx(
      setNx(node!, KEY, 'client-1', 30_000, virtualMs(0)).node,
      'other',
      'x',
      30_000,
      virtualMs(0),
    ).node;
    const wrong = compareAndDelete(both, KEY, 'client-2', virtualMs(1));
    expect(wrong).toEqual({ node: both, deleted: false });
    const right = compareAndDelete(both, KEY, 'client-1', virtualMs(1));
    expect(right.deleted).toBe(true);
    expect(Object.keys(right.node.keys)).toEqual(['other']);
  });

  it('a grant whose validity is exactly used up is refused', () => {
    const exact = { ...attempt('client-1', 0), pauseBeforeRepliesMs: 30_000 - 25 - 302 };
    const result = acquireRedlock(createNodes(NODES), exact);
    expect(result.validityMs).toBe(0);
    expect(result.granted).toBe(false);
  });
});

describe('the Redlock lock service', () => {
  const settings = { key: 'lock', ttlMs: 30_000, firstToken: 33, seed: 1 };
  const config = { kind: 'redlock' as const };
  const request = (holder: string, now: number) => ({
    holder,
    value: `v-${holder}`,
    ttlMs: 30_000,
    now: virtualMs(now),
  });
  // 5 nodes at 5 ms each, minus the 302 ms drift allowance: a grant at t lasts until t + 30 000 − 302.
  const heldByA = () => REDLOCK_SERVICE.create(config, settings).acquire(config, request('A', 0)).backend;

  it("grants with no token; the client counts on it until its validity, the nodes keep it until the keys' PX time", () => {
    const { outcome, backend } = REDLOCK_SERVICE.create(config, settings).acquire(config, request('A', 0));
    expect(outcome).toEqual({ granted: true, token: null, expiresAt: 29_698 });
    expect(backend.nextExpiry()).toBe(30_015);
    expect(backend.truth(virtualMs(100))).toEqual({ holder: 'A', token: null, expiresAt: 30_015 });
    expect(backend.truth(virtualMs(29_900))?.holder).toBe('A');
  });

  it('refuses a second client while the majority holds A, naming A', () => {
    const { outcome } = heldByA().acquire(config, request('B', 1_000));
    expect(outcome).toEqual({ granted: false, heldBy: { holder: 'A', token: null, expiresAt: 30_015 } });
  });

  it("A's release deletes its keys on the nodes, so B can take the lock at once", () => {
    const released = heldByA().release({ holder: 'A', value: 'v-A', now: virtualMs(1_000) });
    expect(released.released).toBe(true);
    expect(released.backend.truth(virtualMs(1_000))).toBeNull();
    expect(released.backend.nextExpiry()).toBeNull();
    expect(released.backend.acquire(config, request('B', 1_000)).outcome.granted).toBe(true);
  });

  it('expiring before the keys lapse keeps the holding, past the validity; when they lapse, it goes', () => {
    expect(heldByA().expire(virtualMs(30_014)).nextExpiry()).toBe(30_015);
    expect(heldByA().expire(virtualMs(30_014)).truth(virtualMs(30_014))?.holder).toBe('A');
    expect(heldByA().expire(virtualMs(30_015)).nextExpiry()).toBeNull();
    expect(heldByA().expire(virtualMs(30_015)).truth(virtualMs(30_015))).toBeNull();
  });

  it('a client cut off from three of the five nodes cannot win a majority; another client still can', () => {
    const cut = { kind: 'redlock' as const, unreachable: { A: ['R1', 'R2', 'R3'] as const } };
    const service = REDLOCK_SERVICE.create(cut, settings);
    expect(service.acquire(cut, request('A', 0)).outcome).toMatchObject({ granted: false });
    expect(service.acquire(cut, request('B', 0)).outcome).toMatchObject({ granted: true });
    const two = { kind: 'redlock' as const, unreachable: { A: ['R1', 'R2'] as const } };
    expect(REDLOCK_SERVICE.create(two, settings).acquire(two, request('A', 0)).outcome).toMatchObject({
      granted: true,
    });
  });

  it("each node keeps its own clock: three clocks jumping 60 s at 1 s end A's majority there", () => {
    const jump = { offsetMs: 0, driftRate: 0, jumps: [{ atMs: 1_000, byMs: 60_000 }] };
    const skewed = { kind: 'redlock' as const, clocks: { R1: jump, R2: jump, R3: jump } };
    const held = REDLOCK_SERVICE.create(skewed, settings).acquire(skewed, request('A', 0)).backend;
    expect(held.truth(virtualMs(999))?.holder).toBe('A');
    expect(held.truth(virtualMs(1_000))).toBeNull();
    expect(heldByA().truth(virtualMs(1_000))?.holder).toBe('A');
  });

  it('a holder that takes the lock again replaces its old holding', () => {
    const again = heldByA().acquire(config, request('A', 30_000)).backend;
    expect(again.nextExpiry()).toBe(60_015);
  });

  it("once B's keys replace A's on the nodes, B's are the next to lapse; B's release leaves nothing to expire", () => {
    const b = heldByA().acquire(config, request('B', 30_100)).backend;
    expect(b.truth(virtualMs(30_100))?.holder).toBe('B');
    expect(b.nextExpiry()).toBe(60_115);
    const released = b.release({ holder: 'B', value: 'v-B', now: virtualMs(31_000) });
    expect(released.backend.nextExpiry()).toBeNull();
  });
});
