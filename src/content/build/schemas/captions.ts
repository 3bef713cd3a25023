import { z } from 'zod';
import { WALKTHROUGH_CAPTION_KEYS, type WalkthroughCaptionKey } from '../../caption-keys.ts';
import { stepTextSchema } from './common.ts';

/** content/walkthrough/captions.json: each step's label and caption, and the SQL the walkthrough shows. */
export const captionsSchema = z
  .object({
    steps: z
      .object(
        Object.fromEntries(WALKTHROUGH_CAPTION_KEYS.map((key) => [key, stepTextSchema(key)])) as Record<
          WalkthroughCaptionKey,
          ReturnType<typeof stepTextSchema>
        >,
      )
      .strict(),
    sql: z
      .object({
        fenced: z.string().min(1),
        unfenced: z.string().min(1),
        noToken: z.string().min(1),
        whyLessOrEqual: z.string().min(1),
      })
      .strict(),
  })
  .strict();

export type CaptionsContent = z.output<typeof captionsSchema>;
