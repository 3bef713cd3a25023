import { describe, expect, it } from 'vitest';
import { acquireRedlock, clockDriftMs, createNodes, majorityHolders, nodeTime, releaseRedlock } from './redlock';
import { virtualMs } from '../types';

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

  it("releases on every node, but only keys holding the caller's value", () => {
    const first = acquireRedlock(createNodes(NODES), attempt('client-1', 0));
    const wrongRelease = releaseRedlock(first.nodes, KEY, 'client-2', virtualMs(100));
    expect(majorityHolders(wrongRelease, KEY, virtualMs(100))).toEqual(['client-1']);
    const release = releaseRedlock(first.nodes, KEY, 'client-1', virtualMs(100));
    expect(majorityHolders(release, KEY, virtualMs(100))).toEqual([]);
  });
});
