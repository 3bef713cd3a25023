import { describe, expect, it } from 'vitest';
import { buildEndlessScenario, buildRenewer, buildScenario } from '@/testing/builders';
import { ALL_MODELS } from './all-models';
import { CERTIFICATES_TABLE, LOCK_SERVICE } from './happenings';
import { MAX_EVENTS, runScenario, type Timeline } from './run';
import { staleWritesLanded } from './stale';
import { fencingToken, virtualMs } from './types';
import { renewerById, type WriteRecord } from './world';

function kinds(timeline: Timeline) {
  return timeline.frames.map((frame) => frame.happening.kind);
}

function frameOf(timeline: Timeline, kind: string, renewer: string) {
  const frame = timeline.frames.find(
    (candidate) =>
      candidate.happening.kind === kind && 'renewer' in candidate.happening && candidate.happening.renewer === renewer,
  );
  if (!frame) throw new Error(`no ${kind} for ${renewer}`);
  return frame;
}

describe('runScenario with the seed scenario', () => {
  it("with fencing on, rejects A's late write and keeps B's certificate with fence 34", () => {
    const timeline = runScenario(buildScenario(), { fencing: true });
    const lateWrite = frameOf(timeline, 'writeRequested', 'A');
    expect(lateWrite.happening).toMatchObject({ fencingToken: 33, rowsChanged: 0, mode: 'fenced' });
    expect(timeline.outcome).toMatchObject({ kind: 'newestKept', row: { cert: { serial: 1002 }, fence: 34 } });
    expect(renewerById(timeline.frames.at(-1)!.world, 'A').belief).toEqual({ kind: 'lost', token: 33 });
  });

  it("with fencing off, lets A's stale certificate replace B's newer one with fence 33", () => {
    const timeline = runScenario(buildScenario(), { fencing: false });
    const lateWrite = frameOf(timeline, 'writeRequested', 'A');
    expect(lateWrite.happening).toMatchObject({ fencingToken: 33, rowsChanged: 1, mode: 'unfenced' });
    expect(timeline.outcome).toMatchObject({
      kind: 'staleOverwrote',
      row: { cert: { serial: 1001, issuedAt: 5_000 }, fence: 33 },
      staleToken: 33,
      replacedToken: 34,
    });
  });

  it('tells the story in the expected order: grant, pause, expiry, new grant, B stores, A wakes and writes', () => {
    const timeline = runScenario(buildScenario(), { fencing: true });
    const order = [
      'leaseGranted A',
      'processPaused A',
      'leaseExpired',
      'leaseGranted B',
      'writeRequested B',
      'processResumed A',
      'writeRequested A',
    ];
    const positions = order.map((label) => {
      const [kind, renewer] = label.split(' ');
      return timeline.frames.findIndex(
        (frame) =>
          frame.happening.kind === kind &&
          (!renewer || ('renewer' in frame.happening && frame.happening.renewer === renewer)),
      );
    });
    expect(positions.every((position) => position >= 0)).toBe(true);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
  });

  it("expires A's lease at 30 s and grants B token 34 at 31 s", () => {
    const timeline = runScenario(buildScenario(), { fencing: true });
    const expiry = timeline.frames.find((frame) => frame.happening.kind === 'leaseExpired');
    expect(expiry?.at).toBe(30_000);
    const grant = frameOf(timeline, 'leaseGranted', 'B');
    expect(grant.at).toBe(31_000);
    expect(grant.happening).toMatchObject({ lease: { token: 34 } });
  });

  it("keeps a paused renewer's belief while it sleeps, even after its lease expired", () => {
    const timeline = runScenario(buildScenario(), { fencing: true });
    const grantB = frameOf(timeline, 'leaseGranted', 'B');
    const a = renewerById(grantB.world, 'A');
    expect(a.pause).toEqual({ since: 2_000, until: 42_000 });
    expect(a.belief).toEqual({ kind: 'holds', token: 33, expiresAt: 30_000, grantOrder: 1 });
    expect(grantB.world.lock.truth(grantB.at)).toMatchObject({ holder: 'B', token: 34 });
  });

  it("delivers the CA's answer to a paused renewer only when it wakes", () => {
    const timeline = runScenario(buildScenario(), { fencing: true });
    expect(frameOf(timeline, 'certificateReceived', 'A').at).toBe(42_000);
    expect(frameOf(timeline, 'certificateReceived', 'A').happening).toMatchObject({
      cert: { issuedAt: 5_000 },
    });
  });

  it('is deterministic: the same scenario gives the same steps', () => {
    // The lock service's state lives behind its methods: compare what it shows at every step.
    const seen = (timeline: Timeline) =>
      timeline.frames.map(({ at, happening, world }) => ({
        at,
        happening,
        world: {
          ...world,
          lock: { truth: world.lock.truth(at), view: world.lock.view(), next: world.lock.nextExpiry() },
        },
      }));
    const first = runScenario(buildScenario(), { fencing: true });
    expect(seen(first)).toEqual(seen(runScenario(buildScenario(), { fencing: true })));
    expect(seen(first)).not.toEqual(seen(runScenario(buildScenario(), { fencing: false })));
  });
});

describe('runScenario follows the scenario data', () => {
  it('with a TTL longer than the pause, A writes before B ever gets the lock; B finds the renewal done', () => {
    const timeline = runScenario(buildScenario({ leaseTtlMs: 60_000 }), { fencing: false });
    expect(kinds(timeline)).not.toContain('leaseExpired');
    expect(frameOf(timeline, 'writeRequested', 'A').happening).toMatchObject({ fencingToken: 33, rowsChanged: 1 });
    // B holds the lock once A has let go, reads serial 1001 (good for 90 days from 5 s) and renews nothing.
    expect(frameOf(timeline, 'workNotDue', 'B').happening).toMatchObject({
      current: { serial: 1001, issuedAt: 5_000, notAfter: 5_000 + 90 * 86_400_000 },
    });
    expect(timeline.frames.filter(({ happening }) => happening.kind === 'certificateRequested')).toHaveLength(1);
    expect(timeline.outcome.kind).toBe('newestKept');
  });

  it('with a short pause, A finishes in time and B takes the lock after A releases it', () => {
    const scenario = buildScenario({
      renewers: [
        buildRenewer({ id: 'A', pauses: [{ atMs: 2_000, durationMs: 10_000 }] }),
        buildRenewer({ id: 'B', startsAtMs: 15_000 }),
      ],
    });
    const timeline = runScenario(scenario, { fencing: false });
    expect(frameOf(timeline, 'leaseReleased', 'A').at).toBe(12_000);
    expect(frameOf(timeline, 'leaseGranted', 'B').at).toBe(15_000);
    expect(timeline.outcome.kind).toBe('newestKept');
  });

  it('starts the tokens where the scenario says', () => {
    const timeline = runScenario(
      buildScenario({ firstFencingToken: 7, initialCertificate: { serial: 1, fence: 0, notAfterMs: 0 } }),
      {
        fencing: true,
      },
    );
    expect(frameOf(timeline, 'leaseGranted', 'A').happening).toMatchObject({ lease: { token: 7 } });
    expect(frameOf(timeline, 'leaseGranted', 'B').happening).toMatchObject({ lease: { token: 8 } });
  });

  it('delays every message by the network delay', () => {
    const timeline = runScenario(buildScenario({ networkDelayMs: 100 }), { fencing: true });
    expect(frameOf(timeline, 'acquireRequested', 'A').at).toBe(100);
    expect(frameOf(timeline, 'leaseGranted', 'A').at).toBe(200);
  });
});

describe('how a run is told', () => {
  it('draws one lifeline per renewer, then the lock service, then the table', () => {
    expect(runScenario(buildScenario(), { fencing: true }).lifelines).toEqual([
      'A',
      'B',
      LOCK_SERVICE,
      CERTIFICATES_TABLE,
    ]);
  });

  it('ends with the last thing that happened, not with a later check nobody was waiting for', () => {
    const timeline = runScenario(buildScenario({ lockService: { kind: 'etcd' } }), { fencing: true }, ALL_MODELS);
    const [before, end] = timeline.frames.slice(-2);
    expect(end!.happening.kind).toBe('scenarioEnded');
    expect(end!.at).toBe(before!.at);
    expect(end!.world.now).toBeGreaterThan(end!.at);
  });

  it('stops a run that would never settle after MAX_EVENTS events, and says it was cut off', () => {
    const endless = buildEndlessScenario();
    const timeline = runScenario(endless, { fencing: true });
    expect(timeline.settled).toBe(false);
    expect(timeline.events).toBe(MAX_EVENTS);
  });
});

describe('stale writes that landed', () => {
  const write = (renewer: string, grantOrder: number, rowsChanged = 1): WriteRecord => ({
    renewer,
    grantOrder,
    rowsChanged,
    fencingToken: fencingToken(32 + grantOrder),
    cert: { serial: 1000 + grantOrder, issuedAt: virtualMs(grantOrder * 1_000), notAfter: virtualMs(7_776_000_000) },
  });

  it('a write from an older grant after a newer one landed is stale, paired with the newer write', () => {
    const newer = write('B', 2);
    const stale = write('A', 1);
    expect(staleWritesLanded([write('A', 1), newer, stale])).toEqual([{ write: stale, replaced: newer }]);
  });

  it('the holder writing twice under its own grant is not stale, nor is a refused write', () => {
    expect(staleWritesLanded([write('B', 2), write('B', 2), write('A', 1, 0)])).toEqual([]);
  });
});
