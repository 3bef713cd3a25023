import { z } from 'zod';
import { text } from './common.ts';

/** content/ui/practice.json: The quiz's, the interview's and the answer key's headings and control labels. */
export const practiceLabelsSchema = z
  .object({
    placeholder: text,
  })
  .strict();

export type PracticeLabelsContent = z.output<typeof practiceLabelsSchema>;
