import { z } from 'zod';
import { text } from './common.ts';

/** content/ui/controls.json: The first view's control labels, headings and loading notes, grouped by the part of the page that shows them. */
export const controlsSchema = z
  .object({
    placeholder: text,
  })
  .strict();

export type ControlsContent = z.output<typeof controlsSchema>;
