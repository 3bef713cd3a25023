import type { Timeline } from '@/sim/run';

/** Where the walkthrough asks the learner to predict the late write, and what really happens. */
export interface PredictionPoint {
  readonly askAt: number;
  readonly revealAt: number;
  readonly outcome: 'accepted' | 'rejected';
}

/** The first write that arrives carrying a lower token than the row's fence: the stale write. */
export function predictionPoint(timeline: Timeline): PredictionPoint | null {
  const frame = timeline.frames.find(
    ({ happening }) =>
      happening.kind === 'writeRequested' &&
      happening.previous !== null &&
      happening.fencingToken !== null &&
      happening.previous.fence > happening.fencingToken,
  );
  if (!frame || frame.happening.kind !== 'writeRequested' || frame.index === 0) return null;
  return {
    askAt: frame.index - 1,
    revealAt: frame.index,
    outcome: frame.happening.rowsChanged === 0 ? 'rejected' : 'accepted',
  };
}
