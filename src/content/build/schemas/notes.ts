import { z } from 'zod';
import { WALKTHROUGH_CAPTION_KEYS, type WalkthroughCaptionKey } from '../../caption-keys.ts';
import { text } from './common.ts';

/** content/walkthrough/notes.json: presenter mode's speaker notes, one per kind of step, and the speaker view's words. */
export const notesSchema = z
  .object({
    notes: z
      .object(
        Object.fromEntries(WALKTHROUGH_CAPTION_KEYS.map((key) => [key, text])) as Record<
          WalkthroughCaptionKey,
          typeof text
        >,
      )
      .strict(),
    /** What the speaker view says where a step has no note, after the last step, and when it cannot follow. */
    speakerView: z.object({ noNotes: text, quizFollows: text, notInStep: text }).strict(),
  })
  .strict();

export type NotesContent = z.output<typeof notesSchema>;
