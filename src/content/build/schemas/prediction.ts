import { z } from 'zod';
import { template, text } from './common.ts';

/** One prediction: its question, two answers, and why the real one happens (said when the step arrives). */
function point<A extends string, B extends string>(first: A, second: B) {
  return z
    .object({
      prompt: text,
      options: z.tuple([
        z.object({ id: z.literal(first), text }).strict(),
        z.object({ id: z.literal(second), text }).strict(),
      ]),
      why: z.object({ [first]: text, [second]: text } as Record<A | B, typeof text>).strict(),
    })
    .strict();
}

/**
 * content/walkthrough/prediction.json: the walkthrough's three predictions (B's first attempt, B's second, A's
 * late write), what the reveal says, the presenter's poll, and the tally at the end.
 */
export const predictionSchema = z
  .object({
    points: z
      .object({
        firstAttempt: point('granted', 'refused'),
        secondAttempt: point('granted', 'refused'),
        lateWrite: point('accepted', 'rejected'),
      })
      .strict(),
    /** The reveal fits in a line; the reason (`why`) opens from it, since the caption already says what happened. */
    reveal: z.object({ right: template(['guess']), wrong: template(['guess']), why: text }).strict(),
    /** In presenter mode a prediction is a poll for the room, answered by the presenter's reveal. */
    poll: z.object({ heading: text, instruction: text, answer: text }).strict(),
    tally: template(['right', 'count']),
  })
  .strict();

export type PredictionContent = z.output<typeof predictionSchema>;
export type PredictionId = keyof PredictionContent['points'];
