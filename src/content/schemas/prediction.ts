import { z } from 'zod';
import { text } from './common.ts';

/** content/walkthrough/prediction.json: the predict-then-reveal question before A's late write. */
export const predictionSchema = z
  .object({
    prompt: text,
    options: z.tuple([
      z.object({ id: z.literal('accepted'), text }).strict(),
      z.object({ id: z.literal('rejected'), text }).strict(),
    ]),
    reveal: z.object({ right: text, wrong: text }).strict(),
  })
  .strict();

export type PredictionContent = z.output<typeof predictionSchema>;
