import { describe, expect, it } from 'vitest';
import { runScenario, type Timeline } from '@/sim/run';
import { buildRenewer, buildScenario } from '@/testing/builders';
import { predictionPoints } from './prediction';

/** The moments asked about, with the steps where they are asked and told, by what happens there. */
function describePoints(timeline: Timeline) {
  return predictionPoints(timeline).map((point) => ({
    id: point.id,
    outcome: point.outcome,
    asked: timeline.frames[point.askAt + 1]!.happening,
    told: timeline.frames[point.revealAt]!.happening,
  }));
}

describe('predictionPoints, beyond the lesson’s evening', () => {
  it('asks nothing of a run with one renewer and no late write', () => {
    const timeline = runScenario(buildScenario({ renewers: [buildRenewer({ id: 'A' })] }), { fencing: true });
    expect(predictionPoints(timeline)).toEqual([]);
  });

  it('asks about the second renewer’s requests but no late write when the first is never paused', () => {
    const timeline = runScenario(
      buildScenario({ renewers: [buildRenewer({ id: 'A' }), buildRenewer({ id: 'B', startsAtMs: 15_000 })] }),
      { fencing: true },
    );
    const points = describePoints(timeline);
    expect(points.map((point) => point.id)).not.toContain('lateWrite');
    expect(points[0]).toMatchObject({ id: 'firstAttempt', asked: { kind: 'acquireRequested', renewer: 'B' } });
    expect(points[0]!.told).toMatchObject({ renewer: 'B' });
  });

  it('tells each request’s outcome with that renewer’s own reply, when the network delays it', () => {
    const timeline = runScenario(buildScenario({ networkDelayMs: 400 }), { fencing: true });
    const points = describePoints(timeline);
    expect(points.map((point) => [point.id, point.outcome])).toEqual([
      ['firstAttempt', 'refused'],
      ['secondAttempt', 'granted'],
      ['lateWrite', 'rejected'],
    ]);
    const [first, second, late] = predictionPoints(timeline);
    // Told with the lock service's answer, one network delay after the request left.
    expect(timeline.frames[first!.revealAt]!.at - timeline.frames[first!.askAt + 1]!.at).toBe(400);
    expect(points[0]!.told).toMatchObject({ kind: 'leaseRefused', renewer: 'B' });
    expect(points[1]!.told).toMatchObject({ kind: 'leaseGranted', renewer: 'B' });
    expect(second!.revealAt).toBeGreaterThan(second!.askAt + 1);
    expect(points[2]!.asked).toMatchObject({ kind: 'writeRequested', renewer: 'A', fencingToken: 33 });
    expect(points[2]!.told).toMatchObject({ kind: 'writeAnswered', renewer: 'A' });
    expect(late!.revealAt).toBeGreaterThan(late!.askAt + 1);
  });

  it('with a third renewer, matches each reply to the renewer who asked', () => {
    const timeline = runScenario(
      buildScenario({
        renewers: [
          buildRenewer({ id: 'A', pauses: [{ atMs: 2_000, durationMs: 40_000 }] }),
          buildRenewer({ id: 'B', startsAtMs: 15_000 }),
          buildRenewer({ id: 'C', startsAtMs: 15_000 }),
        ],
        networkDelayMs: 100,
      }),
      { fencing: true },
    );
    const attempts = describePoints(timeline).filter((candidate) => candidate.id !== 'lateWrite');
    expect(attempts).toHaveLength(2);
    for (const point of attempts) {
      expect(point.asked.kind).toBe('acquireRequested');
      expect(point.told).toMatchObject({ renewer: (point.asked as { renewer: string }).renewer });
    }
  });

  it('without fencing, the late write lands', () => {
    const points = describePoints(runScenario(buildScenario(), { fencing: false }));
    expect(points.find((point) => point.id === 'lateWrite')).toMatchObject({
      outcome: 'accepted',
      asked: { kind: 'writeRequested', renewer: 'A' },
    });
  });
});
