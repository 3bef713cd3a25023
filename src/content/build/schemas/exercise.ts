import { z } from 'zod';
import { identifier, template, text } from './common.ts';

const REFUSALS = ['empty', 'several', 'with', 'notAWrite', 'qualified'] as const;
const MISTAKES = [
  'noTokenCondition',
  'noTokenConditionUpsert',
  'doNothing',
  'domainCondition',
  'comparesCert',
  'wrongColumn',
  'fenceNotSet',
  'certNotSet',
  'staleCounted',
  'strictLess',
  'wrongComparison',
] as const;
const CASES = ['retry', 'noRow', 'gaps', 'serials'] as const;

/** An object with exactly these keys, each a text. */
const textsFor = <K extends string>(keys: readonly K[]) =>
  z.object(Object.fromEntries(keys.map((key) => [key, text])) as Record<K, typeof text>).strict();

/**
 * content/postgres/exercise.json: the fence exercise, where the learner writes the statement a renewer runs. Each
 * mistake it names is Markdown with at least one citation, rendered at build time.
 */
export const exerciseSchema = z
  .object({
    /** The exercise's anchor in the lesson, which the lab and the presenter link to. */
    id: identifier,
    title: text,
    task: text,
    start: z.string().regex(/^UPDATE certificates /, 'must be the unsafe UPDATE the exercise starts from'),
    answer: z.string().regex(/^UPDATE certificates\b/, "must be the lesson's fenced UPDATE"),
    labels: z
      .object({
        statement: text,
        parameters: text,
        check: text,
        startAgain: text,
        yourMap: text,
        lessonMap: text,
        mapAxes: template(['from', 'to', 'fromPause', 'toPause']),
        mapKey: text,
        kept: text,
        noStale: text,
        staleLanded: text,
        freshRefused: text,
        cases: text,
        caseOk: text,
        caseWrong: text,
        open: text,
        example: template(['ttl', 'pause']),
      })
      .strict(),
    status: z
      .object({
        reducing: template(['done', 'of']),
        reduced: template(['runs', 'sequences', 'hand', 'cases']),
        judging: text,
        waiting: text,
        limit: template(['seconds']),
        timeLimit: template(['seconds']),
        restarted: template(['message']),
        broken: template(['message']),
        took: template(['sequences', 'runs', 'hand', 'time']),
        changed: text,
        noWorkers: text,
        setupFailed: template(['message']),
        parameters: text,
        lastPassed: text,
        lastFailed: text,
      })
      .strict(),
    result: z
      .object({
        passed: template(['withStale', 'evenings', 'sequences', 'across']),
        staleLanded: template(['count', 'withStale', 'example']),
        freshRefused: template(['count', 'evenings', 'example']),
        mapRight: template(['evenings']),
        across: template(['across', 'stale', 'fresh']),
        firstRowLeft: text,
        failed: template(['message']),
        otherTable: template(['tables']),
        saved: text,
        packaged: template(['site']),
      })
      .strict(),
    /** Beside the lab's certificates panel: the learner's statement and its row count for each write of the run. */
    lab: z
      .object({
        title: text,
        invite: text,
        link: text,
        checked: text,
        write: template(['renewer', 'token', 'tag']),
        noWriteYet: text,
        notChecked: text,
      })
      .strict(),
    cases: textsFor(CASES),
    refusals: textsFor(REFUSALS),
    mistakes: textsFor(MISTAKES),
  })
  .strict();

export type ExerciseContent = z.output<typeof exerciseSchema>;
