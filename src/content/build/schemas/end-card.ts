import { z } from 'zod';
import { identifier, template, text } from './common.ts';

/** content/walkthrough/end-card.json: what the walkthrough offers at its last step. */
export const endCardSchema = z
  .object({
    title: text,
    /** The last step's pointer from the sticky bar down to the card. */
    pointer: text,
    replay: template(['fencing']),
    compare: text,
    labIntro: text,
    labLinks: z.array(z.object({ preset: identifier, text }).strict()).min(1),
  })
  .strict();

export type EndCardContent = z.output<typeof endCardSchema>;
