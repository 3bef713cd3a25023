import { describe, expect, it } from 'vitest';
import { buildRenewer, buildScenario } from '@/testing/builders';
import { ALL_MODELS } from '../../all-models';
import { runScenario } from '../../run';
import { virtualMs } from '../../types';
import {
  closeExpiredSessions,
  createFencedLock,
  HAZELCAST_SERVICE,
  heartbeat,
  INVALID_FENCE,
  SESSION_HEARTBEAT_MS,
  sessionTtlMs,
  tryLockAndGetFence,
  unlock,
  type FencedLockState,
} from './model';

const at = virtualMs;
const TTL = 30_000;

/** Clients that call in turn, each reading the fence it was given. */
function calls(state: FencedLockState, steps: readonly [client: string, now: number][]) {
  const fences: number[] = [];
  const end = steps.reduce((current, [client, now]) => {
    const { state: next, fence } = tryLockAndGetFence(current, client, at(now), TTL);
    fences.push(fence);
    return next;
  }, state);
  return { state: end, fences };
}

describe("Hazelcast's FencedLock, as its javadoc tells it", () => {
  it('CP sessions default to heartbeats every 5 s; a failed try returns 0', () => {
    expect(SESSION_HEARTBEAT_MS).toBe(5_000);
    expect(INVALID_FENCE).toBe(0);
  });

  // The javadoc's worked example of reentrancy: fence1 == fence2, two unlocks free it, fence3 > fence1.
  it('a reentrant acquire returns the same fence; once free again, the next acquire a larger one', () => {
    const { state: twice, fences } = calls(createFencedLock(), [
      ['client', 0],
      ['client', 1_000],
    ]);
    expect(fences).toEqual([1, 1]);
    const once = unlock(twice, 'client', at(2_000));
    expect(once.released).toBe(true);
    // One unlock of two: still held, so another client is refused.
    expect(tryLockAndGetFence(once.state, 'other', at(2_500), TTL).fence).toBe(INVALID_FENCE);
    const free = unlock(once.state, 'client', at(3_000));
    expect(free.released).toBe(true);
    expect(free.state.owner).toBeNull();
    expect(tryLockAndGetFence(free.state, 'client', at(4_000), TTL).fence).toBe(2);
  });

  it('a try while another client holds the lock returns INVALID_FENCE and changes nothing', () => {
    const { state } = calls(createFencedLock(), [['client-1', 0]]);
    const refused = tryLockAndGetFence(state, 'client-2', at(1_000), TTL);
    expect(refused.fence).toBe(INVALID_FENCE);
    expect(refused.state).toEqual(state);
  });

  // The javadoc's figure: Client-1 gets fence 1 and pauses; missing heartbeats close its session; Client-2 gets fence 2.
  it("a paused client's session closes a TTL after its last heartbeat, and the next holder gets the next fence", () => {
    let state = calls(createFencedLock(), [['client-1', 0]]).state;
    state = heartbeat(state, 'client-1', at(5_000));
    // Frozen from 6 s: no heartbeat after 5 s, so the session lives until 35 s, and not one instant longer.
    expect(closeExpiredSessions(state, at(34_999)).owner?.client).toBe('client-1');
    expect(tryLockAndGetFence(state, 'client-2', at(34_999), TTL).fence).toBe(INVALID_FENCE);
    const taken = tryLockAndGetFence(state, 'client-2', at(35_000), TTL);
    expect(taken.fence).toBe(2);
    // Client-1 wakes: its unlock fails (LockOwnershipLostException) and leaves Client-2's hold alone.
    const woke = unlock(taken.state, 'client-1', at(40_000));
    expect(woke.released).toBe(false);
    expect(woke.state.owner).toEqual({ client: 'client-2', fence: 2, count: 1 });
  });

  it("an unlock of a free lock fails; the last unlock drops the caller's session and leaves others' alone", () => {
    expect(unlock(createFencedLock(), 'client', at(0))).toEqual({ state: createFencedLock(), released: false });
    const held = calls(createFencedLock(), [['client-1', 0]]).state;
    const withOther = {
      ...held,
      sessions: { ...held.sessions, other: { client: 'other', ttlMs: TTL, lastHeartbeatAt: at(0) } },
    };
    const freed = unlock(withOther, 'client-1', at(1_000));
    expect(Object.keys(freed.state.sessions)).toEqual(['other']);
  });

  it('a heartbeat on a session already closed does not bring it back', () => {
    const { state } = calls(createFencedLock(), [['client-1', 0]]);
    const late = heartbeat(state, 'client-1', at(TTL));
    expect(closeExpiredSessions(late, at(TTL)).sessions).toEqual({});
  });

  it.each([
    [30_000, 30_000],
    [30_001, 31_000],
    [6_000, 6_000],
    [5_999, 6_000],
    [1_000, 6_000],
  ])('a TTL of %i ms runs as %i ms: whole seconds, longer than the heartbeat', (asked, applied) => {
    expect(sessionTtlMs(asked)).toBe(applied);
  });

  it('the backend heartbeats every 5 s, whatever the TTL, and counts fences from the scenario’s first', () => {
    const backend = HAZELCAST_SERVICE.create(
      { kind: 'hazelcast' },
      { key: 'lock', ttlMs: TTL, firstToken: 33, seed: 1 },
    );
    expect(backend.keepAliveIntervalMs(TTL)).toBe(5_000);
    expect(backend.keepAliveIntervalMs(300_000)).toBe(5_000);
    expect(backend.appliedTtlMs(1_000)).toBe(6_000);
    expect(backend.truth(at(0))).toBeNull();
    const { outcome, backend: held } = backend.acquire(
      { kind: 'hazelcast' },
      { holder: 'A', value: 'a', ttlMs: TTL, now: at(0) },
    );
    expect(outcome).toEqual({ granted: true, token: 33, expiresAt: 30_000 });
    expect(backend.view()).toEqual({ kind: 'counter', nextToken: 33 });
    expect(held.view()).toEqual({ kind: 'counter', nextToken: 34 });
    // B's try while A holds: refused, naming A's hold as the service knows it.
    const refused = held.acquire({ kind: 'hazelcast' }, { holder: 'B', value: 'b', ttlMs: TTL, now: at(1_000) });
    expect(refused.outcome).toEqual({ granted: false, heldBy: { holder: 'A', token: 33, expiresAt: 30_000 } });
    const released = held.release({ holder: 'A', value: 'a', now: at(2_000) });
    expect(released.released).toBe(true);
    expect(released.backend.truth(at(2_000))).toBeNull();
  });
});

/**
 * The golden trace: the javadoc's figure, run by the simulation. There is no Debian package for Hazelcast, so this
 * stands in for the test against a real server that the other services have (tools/conformance).
 */
describe("the javadoc's figure, run end to end", () => {
  const figure = buildScenario({
    firstFencingToken: 1,
    // The external service has seen no fence yet.
    initialCertificate: { serial: 1000, fence: 0, notAfterMs: 2 * 86_400_000 },
    lockService: { kind: 'hazelcast' },
    renewers: [
      buildRenewer({ id: 'A', name: 'Client-1', pauses: [{ atMs: 2_000, durationMs: 40_000 }] }),
      buildRenewer({ id: 'B', name: 'Client-2', startsAtMs: 15_000 }),
    ],
  });
  const timeline = runScenario(figure, { fencing: true }, ALL_MODELS);
  const kinds = timeline.frames.map(({ happening }) => happening.kind);

  it('Client-1 gets fence 1, loses its session while paused, and Client-2 gets fence 2', () => {
    const grants = timeline.frames.flatMap(({ happening }) =>
      happening.kind === 'leaseGranted' ? [[happening.renewer, happening.lease.token]] : [],
    );
    expect(grants).toEqual([
      ['A', 1],
      ['B', 2],
    ]);
    const expiry = timeline.frames.find(({ happening }) => happening.kind === 'leaseExpired');
    // Client-1's last heartbeat came at 0 s (the grant): frozen at 2 s, before the one due at 5 s.
    expect(expiry?.at).toBe(30_000);
    expect(kinds.indexOf('leaseExpired')).toBeLessThan(kinds.lastIndexOf('leaseGranted'));
  });

  it("Client-1's late write is refused and Client-2's stands", () => {
    const answers = timeline.frames.flatMap(({ happening }) =>
      happening.kind === 'writeAnswered' ? [[happening.renewer, happening.rowsChanged]] : [],
    );
    expect(answers).toContainEqual(['A', 0]);
    expect(answers).toContainEqual(['B', 1]);
    expect(timeline.outcome.kind).toBe('newestKept');
  });

  it("Client-1's unlock after it wakes is refused: its ownership was lost with its session", () => {
    const release = timeline.frames.find(
      ({ happening }) => happening.kind === 'releaseRefused' && happening.renewer === 'A',
    );
    expect(release).toBeDefined();
  });
});
