import { z } from 'zod';
import { text } from './common.ts';

/** content/ui/presenter.json: Presenter mode's and the speaker view's headings and control labels. */
export const presenterLabelsSchema = z
  .object({
    placeholder: text,
  })
  .strict();

export type PresenterLabelsContent = z.output<typeof presenterLabelsSchema>;
