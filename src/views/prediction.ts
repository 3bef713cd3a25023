import type { PredictionId } from '@/content/types';
import type { RenewerId } from '@/sim/types';
import type { Timeline } from '@/sim/run';

/** Where the walkthrough asks the learner to predict, where the answer arrives, and what really happens. */
export interface PredictionPoint {
  readonly id: PredictionId;
  readonly askAt: number;
  readonly revealAt: number;
  readonly outcome: string;
}

/**
 * The three moments worth predicting, found in the run itself: the second renewer's first and second requests
 * for the lock (asked just before each request, told with the lock service's reply), and the first write that
 * arrives with a lower token than the row's fence (asked just before it is sent, told with the table's answer).
 */
export function predictionPoints(timeline: Timeline): PredictionPoint[] {
  const { frames } = timeline;
  const first = timeline.scenario.renewers[0]?.id;
  const attempts = frames.filter(
    ({ happening }) => happening.kind === 'acquireRequested' && happening.renewer !== first,
  );
  const attempt = (id: PredictionId, request: (typeof frames)[number] | undefined): PredictionPoint[] => {
    if (!request || request.happening.kind !== 'acquireRequested') return [];
    const renewer: RenewerId = request.happening.renewer;
    const reply = frames.find(
      ({ index, happening }) =>
        index > request.index &&
        (happening.kind === 'leaseGranted' || happening.kind === 'leaseRefused') &&
        happening.renewer === renewer,
    );
    if (!reply) return [];
    return [
      {
        id,
        askAt: request.index - 1,
        revealAt: reply.index,
        outcome: reply.happening.kind === 'leaseGranted' ? 'granted' : 'refused',
      },
    ];
  };
  const late = frames.find(
    ({ happening }) =>
      happening.kind === 'writeRequested' &&
      happening.previous !== null &&
      happening.fencingToken !== null &&
      happening.previous.fence > happening.fencingToken,
  );
  // Told when the table's answer arrives, not when the write leaves.
  const writer = late?.happening.kind === 'writeRequested' ? late.happening.renewer : null;
  const answer = frames.find(
    ({ index, happening }) =>
      late !== undefined && index > late.index && happening.kind === 'writeAnswered' && happening.renewer === writer,
  );
  const lateWrite: PredictionPoint[] =
    late && answer && late.happening.kind === 'writeRequested' && late.index > 0
      ? [
          {
            id: 'lateWrite',
            askAt: late.index - 1,
            revealAt: answer.index,
            outcome: late.happening.rowsChanged === 0 ? 'rejected' : 'accepted',
          },
        ]
      : [];
  return [...attempt('firstAttempt', attempts[0]), ...attempt('secondAttempt', attempts[1]), ...lateWrite];
}

/** Where a prediction is kept in saved progress; the late write's key predates the others and stays as it was. */
export function predictionKey(scenarioId: string, fencing: boolean, id: PredictionId): string {
  const base = `${scenarioId}:${fencing ? 'on' : 'off'}`;
  return id === 'lateWrite' ? base : `${base}:${id}`;
}
