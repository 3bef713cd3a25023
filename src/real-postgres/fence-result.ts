import { NO_SEQUENCE, type EveningSequences, type WriteSequence } from '@/settings/evening-sequences';
import type { CaseRun, JudgeCase } from './fence-judge';
import {
  caseVerdict,
  certText,
  expectationsOf,
  FRESH_PROBLEMS,
  STALE_PROBLEMS,
  HAND_CASE_IDS,
  HAND_CASES,
  mistakesOf,
  STORY_ROW,
  type CaseVerdict,
  type HandCase,
  type Mistake,
  type Problem,
} from './fence-verdict';
import { known } from '@/sim/known';

/**
 * A statement's result over every evening, as the exercise says it: how many of the map's evenings and of the
 * sequences across services let a stale write land or refuse a fresh one, an example to open, the hand-made cases,
 * and the mistakes that explain it. Pure: the judge's row counts in, the learner's result out.
 */

/** How a cell of the learner's map is painted. */
export type CellOutcome = 'kept' | 'noStale' | 'staleLanded' | 'freshRefused' | 'none';

export interface ExerciseResult {
  readonly passed: boolean;
  /** The first case Postgres refused to run or that touched another table, with what it said. */
  readonly failed: { readonly run: CaseRun; readonly writes: JudgeCase['writes'] } | null;
  readonly mistakes: readonly Mistake[];
  readonly hand: Readonly<Record<HandCase, CaseVerdict>>;
  /** Per simulated sequence: what the statement did with it. */
  readonly outcomes: readonly CellOutcome[];
  /** Per simulated sequence: what the lesson's statement does with it, for the map beside the learner's. */
  readonly lessonOutcomes: readonly CellOutcome[];
  readonly map: {
    readonly evenings: number;
    /** Evenings with a late write to refuse. */
    readonly withStale: number;
    readonly sequences: number;
    readonly staleLanded: number;
    readonly freshRefused: number;
    /** A failing cell near the map's own run, to open in the lab, or null. */
    readonly example: number | null;
  };
  readonly across: { readonly sequences: number; readonly staleLanded: number; readonly freshRefused: number };
  /** A plain UPDATE: a domain with no row stays without one (the upsert creates it). */
  readonly firstRowLeft: boolean;
}

/** A simulated sequence as a case: the story's row first, then its writes. */
const caseOf = (sequence: WriteSequence): JudgeCase => ({
  rowBefore: STORY_ROW,
  writes: sequence.map(({ renewer, token, serial }) => ({ renewer, token, cert: certText(serial) })),
});

/** Every case the judge runs: the simulator's sequences in order, then the hand-made ones. */
export function casesFor(evenings: EveningSequences): JudgeCase[] {
  return [...evenings.sequences.map(caseOf), ...HAND_CASE_IDS.map((id) => HAND_CASES[id])];
}

/**
 * How an evening went under the statement: a late write landed (or reported a row), a fresh certificate was lost
 * (refused, or counted and not stored), or neither, with or without a late write to refuse. A row otherwise wrong
 * (the fence not set, another domain's row changed) is a mistake the words name.
 */
const outcomeOf = (verdict: CaseVerdict, hasStale: boolean): CellOutcome =>
  verdict.problems.some((problem) => STALE_PROBLEMS.has(problem))
    ? 'staleLanded'
    : verdict.failed || verdict.problems.some((problem) => FRESH_PROBLEMS.has(problem))
      ? 'freshRefused'
      : hasStale
        ? 'kept'
        : 'noStale';

/** Whether a case has a late write: a token lower than one written before it. */
const hasStaleWrite = (judged: JudgeCase) => expectationsOf(judged).includes('stale');

/** The failing cell nearest the map's own run (its ring), by rows and columns: the example a learner opens. */
function nearestFailing(evenings: EveningSequences, failing: (cell: number) => boolean): number | null {
  const { map } = evenings;
  const columns = map.x.values.length;
  const here = {
    column: map.x.values.indexOf(map.config[map.x.field]),
    row: map.y.values.indexOf(map.config[map.y.field]),
  };
  let best: { cell: number; distance: number } | null = null;
  map.cells.forEach((_, cell) => {
    if (!failing(cell)) return;
    const distance = Math.max(
      Math.abs((cell % columns) - here.column),
      Math.abs(Math.floor(cell / columns) - here.row),
    );
    if (!best || distance < best.distance) best = { cell, distance };
  });
  return (best as { cell: number } | null)?.cell ?? null;
}

export function exerciseResult(
  statement: string,
  evenings: EveningSequences,
  runs: readonly CaseRun[],
): ExerciseResult {
  const cases = casesFor(evenings);
  const verdicts = cases.map((judged, index) => caseVerdict(judged, known(runs[index])));
  const simulated = verdicts.slice(0, evenings.sequences.length);
  const hand = Object.fromEntries(
    HAND_CASE_IDS.map((id, index) => [id, known(verdicts[evenings.sequences.length + index])]),
  ) as Record<HandCase, CaseVerdict>;
  const failedAt = verdicts.findIndex((verdict) => verdict.failed);
  const problems = new Set<Problem>(verdicts.flatMap((verdict) => verdict.problems));
  const outcomes = simulated.map((verdict, index) => outcomeOf(verdict, hasStaleWrite(known(cases[index]))));
  /** What the lesson's statement does in each evening: every late write refused, every fresh one kept. */
  const lessonOutcomes = cases
    .slice(0, evenings.sequences.length)
    .map((judged) => (hasStaleWrite(judged) ? 'kept' : 'noStale') as CellOutcome);
  const outcomeAt = (cell: number) => {
    const sequence = known(evenings.map.cells[cell]);
    return sequence === NO_SEQUENCE ? 'none' : known(outcomes[sequence]);
  };
  const cells = [...evenings.map.cells.keys()];
  const count = (outcome: CellOutcome, among: readonly number[], at: (index: number) => CellOutcome) =>
    among.filter((index) => at(index) === outcome).length;
  const across = evenings.across.sequences;
  return {
    passed: failedAt === -1 && problems.size === 0,
    failed:
      failedAt === -1 ? null : { run: known(known(verdicts[failedAt]).failed), writes: known(cases[failedAt]).writes },
    mistakes: mistakesOf(statement, problems),
    hand,
    outcomes,
    lessonOutcomes,
    map: {
      evenings: cells.filter((cell) => evenings.map.cells[cell] !== NO_SEQUENCE).length,
      sequences: new Set(evenings.map.cells).size - (evenings.map.cells.includes(NO_SEQUENCE) ? 1 : 0),
      withStale: cells.filter((cell) => {
        const sequence = known(evenings.map.cells[cell]);
        return sequence !== NO_SEQUENCE && lessonOutcomes[sequence] === 'kept';
      }).length,
      staleLanded: count('staleLanded', cells, outcomeAt),
      freshRefused: count('freshRefused', cells, outcomeAt),
      example: nearestFailing(
        evenings,
        (cell) => outcomeAt(cell) === 'staleLanded' || outcomeAt(cell) === 'freshRefused',
      ),
    },
    across: {
      sequences: across.length,
      staleLanded: count('staleLanded', across, (index) => known(outcomes[index])),
      freshRefused: count('freshRefused', across, (index) => known(outcomes[index])),
    },
    firstRowLeft: hand.noRow.firstRowLeft,
  };
}
