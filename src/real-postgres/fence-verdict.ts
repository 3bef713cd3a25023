import type { CaseRun, JudgeCase, RowAfter } from './fence-judge';
import {
  conditionOf,
  conditionUsesCert,
  conditionUsesDomain,
  conditionUsesToken,
  isInsert,
  updatesOnConflict,
} from './fence-statement';
import { known } from '@/sim/known';

/**
 * What the judge's row counts mean, as the lesson teaches: a write with a lower token than the row has seen must
 * change nothing (0 rows); a higher token must land (1 row) and set both the certificate and the fence; a holder's
 * retry with its own token must land too (`<=`, not `<`); and a domain with no row may be left to the upsert.
 * Pure, so every rule is tested without Postgres.
 */

/** The story's row before the evening's first write. */
export const STORY_ROW = { cert: 'serial 1000', fence: 32 } as const;

/** A certificate as the story names it. */
export const certText = (serial: number | string) => `serial ${serial}`;

/** The cases the simulator never makes, added by hand; the sequences the simulator makes come before them. */
export const HAND_CASES = {
  /** The holder writes twice with its own token: a retry after a timeout. */
  retry: {
    rowBefore: STORY_ROW,
    writes: [
      { renewer: 'A', token: 33, cert: certText(1001) },
      { renewer: 'A', token: 33, cert: certText(1001) },
    ],
  },
  /** A domain the table has never seen. */
  noRow: { rowBefore: null, writes: [{ renewer: 'A', token: 33, cert: certText(1001) }] },
  /** Tokens that skip numbers, as a service's do when grants fail or other keys take numbers. */
  gaps: {
    rowBefore: STORY_ROW,
    writes: [
      { renewer: 'B', token: 40, cert: certText(1002) },
      { renewer: 'A', token: 35, cert: certText(1001) },
      { renewer: 'C', token: 52, cert: certText(1003) },
    ],
  },
  /** Serials as a CA draws them, at random: the newer certificate's sorts first, so they order nothing. */
  serials: {
    rowBefore: STORY_ROW,
    writes: [
      { renewer: 'B', token: 34, cert: certText('2e81d4c90a7f5b13') },
      { renewer: 'A', token: 33, cert: certText('7f3c9ae1d04b6e25') },
      { renewer: 'C', token: 35, cert: certText('0a5d17b4e9c3f268') },
    ],
  },
} as const satisfies Record<string, JudgeCase>;
export type HandCase = keyof typeof HAND_CASES;
export const HAND_CASE_IDS = Object.keys(HAND_CASES) as HandCase[];

/** What a write should do, from the tokens before it. */
export type Expected = 'fresh' | 'stale' | 'retry' | 'firstRow';

/** The expected kind of each write of a case, judged against the writes that should have landed before it. */
export function expectationsOf(judged: JudgeCase): Expected[] {
  let seen: number | null = judged.rowBefore?.fence ?? null;
  return judged.writes.map(({ token }) => {
    const expected: Expected = seen === null ? 'firstRow' : token > seen ? 'fresh' : token < seen ? 'stale' : 'retry';
    if (expected !== 'stale') seen = Math.max(seen ?? token, token);
    return expected;
  });
}

/** What went wrong in a write; `firstRowLeft` is no fault: a plain UPDATE leaves a new domain to the upsert. */
export type Problem =
  | 'staleLanded'
  /** A stale write left the row as it was but reported a row: its writer believes its certificate is stored. */
  | 'staleCounted'
  | 'freshRefused'
  | 'retryRefused'
  | 'fenceNotSet'
  | 'certNotSet'
  | 'manyRows'
  | 'firstRowWrong'
  /** Another domain's row changed: the statement does not pick its row by `domain = $1`. */
  | 'neighbourChanged';

/** Problems with a late write; the others are with a fresh write, or the row. */
export const STALE_PROBLEMS: ReadonlySet<Problem> = new Set(['staleLanded', 'staleCounted']);
/** Problems that lose a fresh certificate: refused, or counted without being stored. */
export const FRESH_PROBLEMS: ReadonlySet<Problem> = new Set(['freshRefused', 'retryRefused', 'certNotSet']);

export interface CaseVerdict {
  readonly problems: readonly Problem[];
  /** The statement left a new domain without a row (a plain UPDATE). */
  readonly firstRowLeft: boolean;
  /** Postgres's error, or tables other than `certificates` the statement touched. */
  readonly failed: CaseRun | null;
}

const rowOf = (row: JudgeCase['rowBefore']) => (row ? { cert: row.cert, fence: String(row.fence) } : null);
const sameRow = (one: RowAfter | null, other: RowAfter | null) =>
  one?.cert === other?.cert && one?.fence === other?.fence;

/** One case's writes, each against what it should have done. */
export function caseVerdict(judged: JudgeCase, run: CaseRun): CaseVerdict {
  if (run.kind === 'failed' || run.otherTables.length > 0) return { problems: [], firstRowLeft: false, failed: run };
  const problems = new Set<Problem>(run.neighbourChanged ? ['neighbourChanged'] : []);
  let firstRowLeft = false;
  expectationsOf(judged).forEach((expected, index) => {
    const write = known(judged.writes[index]);
    const rows = run.rows[index] ?? 0;
    const after = run.after[index] ?? null;
    // The row as the write found it: a stale write that reports a row but leaves it so has still not landed.
    const before = index === 0 ? rowOf(judged.rowBefore) : (run.after[index - 1] ?? null);
    if (rows > 1) problems.add('manyRows');
    if (expected === 'stale') {
      if (rows > 0) problems.add(sameRow(after, before) ? 'staleCounted' : 'staleLanded');
      return;
    }
    if (rows === 0) {
      if (expected === 'firstRow' && after === null) firstRowLeft = true;
      else
        problems.add(expected === 'fresh' ? 'freshRefused' : expected === 'retry' ? 'retryRefused' : 'firstRowWrong');
      return;
    }
    if (after?.fence !== String(write.token)) problems.add('fenceNotSet');
    if (after?.cert !== write.cert) problems.add('certNotSet');
  });
  return { problems: [...problems], firstRowLeft, failed: null };
}

/** The mistakes the exercise names, each with its own words and source in content/postgres/exercise.json. */
export type Mistake =
  | 'noTokenCondition'
  | 'noTokenConditionUpsert'
  | 'doNothing'
  | 'domainCondition'
  | 'comparesCert'
  | 'wrongColumn'
  | 'fenceNotSet'
  | 'certNotSet'
  | 'staleCounted'
  | 'strictLess'
  | 'wrongComparison';

/**
 * Which common mistakes explain the problems found, most telling first. Read from what Postgres did and, to name
 * the cause, from the statement's text: a stale write that lands under a condition without the token is "no token
 * condition"; the same under a condition on the token is a wrong comparison.
 */
export function mistakesOf(statement: string, problems: ReadonlySet<Problem>): Mistake[] {
  const mistakes: Mistake[] = [];
  const add = (mistake: Mistake, when: boolean) => {
    if (when) mistakes.push(mistake);
  };
  const insert = isInsert(statement);
  const usesToken = conditionUsesToken(statement);
  const usesCert = conditionUsesCert(statement);
  const staleLanded = problems.has('staleLanded');
  const freshLost = problems.has('freshRefused');
  // The token compared with something other than the row's fence (the upsert's EXCLUDED.fence is the token).
  const fenceInCondition = /(?<![\w$"])(?:FENCE|"fence")(?![\w$"])/.test(
    conditionOf(statement).replace(/EXCLUDED\s*\.\s*(?:FENCE|"fence")/g, ''),
  );
  add('doNothing', insert && !updatesOnConflict(statement) && problems.size > 0);
  add('domainCondition', problems.has('neighbourChanged') || (!insert && freshLost && !conditionUsesDomain(statement)));
  add(insert ? 'noTokenConditionUpsert' : 'noTokenCondition', staleLanded && !usesToken && !usesCert);
  add('comparesCert', usesCert && problems.size > 0);
  add('wrongColumn', usesToken && (staleLanded || freshLost) && !fenceInCondition);
  add('fenceNotSet', problems.has('fenceNotSet'));
  add('certNotSet', problems.has('certNotSet'));
  add('staleCounted', problems.has('staleCounted'));
  add('strictLess', problems.has('retryRefused') && !staleLanded && !freshLost && !usesCert);
  add('wrongComparison', (staleLanded || freshLost) && mistakes.length === 0);
  return mistakes;
}
