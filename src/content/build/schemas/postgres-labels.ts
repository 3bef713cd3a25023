import { z } from 'zod';
import { template, text } from './common.ts';

/** content/ui/postgres.json: The real-Postgres section's and the SQL console's headings and control labels. */
export const postgresLabelsSchema = z
  .object({
    /** The panel that starts Postgres in the page, and its note while Postgres loads. */
    realPostgres: z
      .object({
        title: text,
        run: text,
        tryAgain: text,
        loading: template(['phase', 'time']),
      })
      .strict(),
    /** The table of the walkthrough's writes run on Postgres beside the simulation's. */
    steps: z
      .object({
        caption: template(['step']),
        step: text,
        writer: text,
        real: text,
        simulation: text,
        write: template(['renewer', 'cert', 'token']),
        same: text,
        different: text,
        row: template(['cert', 'fence']),
        noRow: text,
      })
      .strict(),
    /** The SQL console: its evening's buttons, its box and actions, a refused statement and how long a run took. */
    console: z
      .object({
        title: text,
        eveningStep: template(['number', 'label']),
        resetEvening: text,
        examples: text,
        sql: text,
        run: text,
        cancel: text,
        restart: text,
        error: template(['message']),
        errorCode: template(['message', 'code']),
        errorCodeAt: template(['message', 'code', 'position']),
        took: template(['time']),
      })
      .strict(),
    /** The course package's note in place of the in-page Postgres. */
    packaged: z
      .object({
        title: text,
      })
      .strict(),
  })
  .strict();

export type PostgresLabelsContent = z.output<typeof postgresLabelsSchema>;
