import { z } from 'zod';
import { LAB_CAPTION_KEYS, type LabCaptionKey } from '../../caption-keys.ts';
import { stepTextSchema } from './common.ts';

/** Captions for the steps only lab runs have; loaded with the lab, not the first view. */
export const labCaptionsSchema = z
  .object({
    steps: z
      .object(
        Object.fromEntries(LAB_CAPTION_KEYS.map((key) => [key, stepTextSchema(key)])) as Record<
          LabCaptionKey,
          ReturnType<typeof stepTextSchema>
        >,
      )
      .strict(),
  })
  .strict();

export type LabCaptionsContent = z.output<typeof labCaptionsSchema>;
