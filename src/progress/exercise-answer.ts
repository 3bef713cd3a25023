import { isRecord } from './is-record';

/** A written exercise: the learner's latest text, and how it was judged (null: changed since it was checked). */
export interface ExerciseAnswer {
  readonly statement: string;
  readonly verdict: 'passed' | 'failed' | null;
  /** Row counts of each write, by sequence of writes (src/settings/evening-sequences.ts), as last checked. */
  readonly rows?: Readonly<Record<string, readonly number[]>>;
}

const isCounts = (value: unknown): value is number[] =>
  Array.isArray(value) && value.every((count) => Number.isInteger(count) && count >= 0);

export const isExerciseAnswer = (value: unknown): value is ExerciseAnswer =>
  isRecord(value) &&
  typeof value.statement === 'string' &&
  (value.verdict === 'passed' || value.verdict === 'failed' || value.verdict === null) &&
  (value.rows === undefined || (isRecord(value.rows) && Object.values(value.rows).every(isCounts)));
