import { z } from 'zod';
import { template } from './common.ts';

/** content/postgres/statements.json. */
/** The certificates table's SQL, for the in-page Postgres and the conformance suite. */
export const postgresSchema = z
  .object({
    createTable: z.string().regex(/^CREATE TABLE certificates \(/, 'must create the certificates table'),
    insertRow: z.string().regex(/^INSERT INTO certificates /, 'must insert into certificates'),
    examples: z.array(z.object({ label: z.string().min(1), sql: z.string().min(1) }).strict()).min(1),
    /** The story's two writes as a numbered sequence, with the row shown after each, and a reset. */
    evening: z
      .object({
        title: z.string().min(1),
        steps: z.array(z.object({ label: z.string().min(1), sql: z.string().min(1) }).strict()).length(2),
        rowQuery: z.string().regex(/^SELECT /, 'must be a SELECT'),
        reset: z.string().min(1),
        rowNow: template(['cert', 'fence']),
        aFirst: template([]),
        wasReset: template([]),
        /** The button that puts the console's table where the walkthrough's is at the learner's step. */
        setToStep: template(['step']),
        atStep: template(['step', 'cert', 'fence']),
        /** Which moment of the evening the console's table shows. */
        showsStart: template([]),
        showsStep: template(['step']),
        showsYours: template([]),
      })
      .strict(),
    /** What the panel says around the SQL: starting, failing, and comparing real rows with the simulation's. */
    panel: z
      .object({
        intro: template([]),
        failed: template(['message']),
        ready: template(['version', 'time']),
        stepsRunning: template([]),
        stepRefused: template(['message']),
        stepsIntro: template(['domain']),
        noWriteYet: template([]),
        firstWriteAt: template(['step']),
        rowSame: template(['row']),
        rowDiffers: template(['row']),
        consoleIntro: template([]),
        noWebAssembly: template([]),
        offline: template([]),
        offlineFailed: template(['message']),
        packaged: template(['site']),
        downloading: template([]),
        starting: template([]),
        stepsWaiting: template([]),
        consoleLimit: template(['seconds']),
        cancelled: template([]),
        timeLimit: template(['seconds']),
        broken: template(['message']),
        copyProgram: template([]),
        copyFromStdin: template([]),
        encodingConversion: template([]),
        identity: template([]),
        identityChanged: template(['message']),
        restarting: template([]),
        stepsTimeLimit: template(['seconds']),
        rowsShown: template(['shown', 'count']),
        outputLimited: template(['characters', 'cells']),
        /** Under a run of more statements than the console draws. */
        statementsShown: template(['shown', 'count', 'failed']),
        messageCut: template(['count']),
        cellCut: template(['count', 'limit']),
        transactionOpen: template([]),
        transactionFailed: template([]),
      })
      .strict(),
  })
  .strict();

export type PostgresContent = z.output<typeof postgresSchema>;
