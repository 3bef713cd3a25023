import { describe, expect, it } from 'vitest';
import { buildScenario, EVERY_LOCK_SERVICE } from '@/testing/builders';
import { ALL_MODELS } from './all-models';
import { runScenario, type Frame, type Timeline } from './run';
import { standingOf } from './standing';

const lesson = runScenario(buildScenario(), { fencing: true });
const unfenced = runScenario(buildScenario(), { fencing: false });

function stepOf(timeline: Timeline, kind: string, who: string): Frame {
  const frame = timeline.frames.find(
    ({ happening }) => happening.kind === kind && 'renewer' in happening && happening.renewer === who,
  );
  if (!frame) throw new Error(`No ${kind} step by ${who}`);
  return frame;
}

const standings = (frame: Frame) => ({ A: standingOf(frame.world, 'A'), B: standingOf(frame.world, 'B') });

describe("a renewer's standing against the truth", () => {
  it('neither is wrong before anything happens, and the holder is right', () => {
    expect(standings(lesson.frames[0]!)).toEqual({ A: 'right', B: 'right' });
    expect(standings(stepOf(lesson, 'leaseGranted', 'A'))).toEqual({ A: 'right', B: 'right' });
  });

  it('A is mistaken once its lease runs out while it sleeps, and still when B holds the lock', () => {
    const expired = lesson.frames.find(({ happening }) => happening.kind === 'leaseExpired')!;
    expect(standings(expired)).toEqual({ A: 'mistaken', B: 'right' });
    expect(standings(stepOf(lesson, 'leaseGranted', 'B'))).toEqual({ A: 'mistaken', B: 'right' });
  });

  it('B, asking to give back the lock it holds, is letting go until the answer reaches it', () => {
    const asked = stepOf(lesson, 'releaseRequested', 'B');
    expect(asked.world.lock.truth(asked.at)).toBeNull();
    expect(standingOf(asked.world, 'B')).toBe('lettingGo');
    const answered = lesson.frames.slice(asked.index + 1).find(({ world }) => standingOf(world, 'B') !== 'lettingGo')!;
    expect(answered.happening).toMatchObject({ kind: 'leaseReleased', renewer: 'B' });
    expect(standingOf(answered.world, 'B')).toBe('right');
  });

  it('A, asking to give back a lease that already ran out, is still mistaken: the service refuses', () => {
    const asked = stepOf(unfenced, 'releaseRequested', 'A');
    expect(standingOf(asked.world, 'A')).toBe('mistaken');
  });

  it('with a network delay, B is right while its request travels: the service has not dropped its lease yet', () => {
    const delayed = runScenario(buildScenario({ networkDelayMs: 100 }), { fencing: true });
    const sent = stepOf(delayed, 'writeAnswered', 'B');
    expect(sent.world.renewers.find(({ id }) => id === 'B')!.phase).toBe('releasing');
    expect(standingOf(sent.world, 'B')).toBe('right');
    expect(standingOf(stepOf(delayed, 'releaseRequested', 'B').world, 'B')).toBe('lettingGo');
  });

  it('with a 3 s network delay, still letting go at the steps between the ask and the answer', () => {
    const slow = runScenario(buildScenario({ networkDelayMs: 3_000 }), { fencing: true });
    const asked = stepOf(slow, 'releaseRequested', 'B');
    const answered = stepOf(slow, 'leaseReleased', 'B');
    const between = slow.frames.slice(asked.index + 1, answered.index);
    expect(between.length).toBeGreaterThan(0);
    for (const frame of between) expect(standingOf(frame.world, 'B')).toBe('lettingGo');
    expect(standingOf(answered.world, 'B')).toBe('right');
  });

  it('a renewer that knows it lost the lock is not mistaken', () => {
    const refused = stepOf(lesson, 'writeAnswered', 'A');
    expect(refused.world.renewers.find(({ id }) => id === 'A')!.belief.kind).toBe('lost');
    expect(standingOf(refused.world, 'A')).toBe('right');
  });

  for (const [name, lockService] of Object.entries(EVERY_LOCK_SERVICE)) {
    it(`${name}: at every step, with and without a network delay, the standing the history gives`, () => {
      for (const networkDelayMs of [0, 40, 3_000]) {
        for (const fencing of [true, false]) {
          const timeline = runScenario(buildScenario({ lockService, networkDelayMs }), { fencing }, ALL_MODELS);
          for (const frame of timeline.frames) {
            for (const renewer of frame.world.renewers) {
              expect(standingOf(frame.world, renewer.id)).toBe(standingFromHistory(timeline, frame, renewer.id));
            }
          }
        }
      }
    });
  }
});

/** The same rule read from the history: mistaken unless its last release request found its own lease. */
function standingFromHistory(timeline: Timeline, frame: Frame, id: string) {
  const renewer = frame.world.renewers.find((candidate) => candidate.id === id)!;
  if (renewer.belief.kind !== 'holds' || frame.world.lock.truth(frame.world.now)?.holder === id) return 'right';
  return askedWhileHolding(timeline, frame, id) ? 'lettingGo' : 'mistaken';
}

/** Whether its last release request, with no answer since, found its own lease. */
function askedWhileHolding(timeline: Timeline, frame: Frame, id: string): boolean {
  for (let index = frame.index; index > 0; index -= 1) {
    const { happening, at } = timeline.frames[index]!;
    if ('renewer' in happening && happening.renewer === id) {
      if (happening.kind === 'leaseReleased' || happening.kind === 'releaseRefused') return false;
      if (happening.kind === 'releaseRequested') return timeline.frames[index - 1]!.world.lock.truth(at)?.holder === id;
    }
  }
  return false;
}
