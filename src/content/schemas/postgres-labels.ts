import { z } from 'zod';
import { text } from './common.ts';

/** content/ui/postgres.json: The real-Postgres section's and the SQL console's headings and control labels. */
export const postgresLabelsSchema = z
  .object({
    placeholder: text,
  })
  .strict();

export type PostgresLabelsContent = z.output<typeof postgresLabelsSchema>;
