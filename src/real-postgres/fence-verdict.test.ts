import { describe, expect, it } from 'vitest';
import type { CaseRun, JudgeCase } from './fence-judge';
import { caseVerdict, expectationsOf, HAND_CASES, mistakesOf, STORY_ROW } from './fence-verdict';

const write = (renewer: string, token: number, serial = 1000 + token) => ({ renewer, token, cert: `serial ${serial}` });
const judged = (...writes: ReturnType<typeof write>[]): JudgeCase => ({ rowBefore: STORY_ROW, writes });
/** What Postgres would answer: each write's row count, and the row after it. */
const ran = (rows: number[], after: (readonly [string, number] | null)[]): Extract<CaseRun, { kind: 'ran' }> => ({
  kind: 'ran',
  rows,
  after: after.map((row) => (row ? { cert: row[0], fence: String(row[1]) } : null)),
  otherTables: [],
  neighbourChanged: false,
});

describe('what each write of a case should do', () => {
  it('against the tokens that should have landed before it, from the row it starts on', () => {
    expect(expectationsOf(HAND_CASES.retry)).toEqual(['fresh', 'retry']);
    expect(expectationsOf(HAND_CASES.gaps)).toEqual(['fresh', 'stale', 'fresh']);
    expect(expectationsOf(HAND_CASES.noRow)).toEqual(['firstRow']);
    expect(expectationsOf(judged(write('B', 34), write('A', 33), write('A', 33)))).toEqual(['fresh', 'stale', 'stale']);
    // A token equal to the story's fence is the holder of that token writing again.
    expect(expectationsOf(judged(write('A', 32)))).toEqual(['retry']);
    expect(expectationsOf({ rowBefore: null, writes: [write('A', 33), write('B', 34)] })).toEqual([
      'firstRow',
      'fresh',
    ]);
  });
});

describe("a case's verdict from the judge's counts", () => {
  const story = judged(write('B', 34), write('A', 33));
  it('is right when the fresh write lands and sets the row, and the stale one changes nothing', () => {
    expect(
      caseVerdict(
        story,
        ran(
          [1, 0],
          [
            ['serial 1034', 34],
            ['serial 1034', 34],
          ],
        ),
      ),
    ).toEqual({
      problems: [],
      firstRowLeft: false,
      failed: null,
    });
  });

  it('names each way a write can go wrong', () => {
    expect(
      caseVerdict(
        story,
        ran(
          [1, 1],
          [
            ['serial 1034', 34],
            ['serial 1033', 33],
          ],
        ),
      ).problems,
    ).toEqual(['staleLanded']);
    expect(
      caseVerdict(
        story,
        ran(
          [0, 0],
          [
            ['serial 1000', 32],
            ['serial 1000', 32],
          ],
        ),
      ).problems,
    ).toEqual(['freshRefused']);
    expect(
      caseVerdict(
        story,
        ran(
          [1, 0],
          [
            ['serial 1034', 32],
            ['serial 1034', 32],
          ],
        ),
      ).problems,
    ).toEqual(['fenceNotSet']);
    expect(
      caseVerdict(
        story,
        ran(
          [1, 0],
          [
            ['serial 1000', 34],
            ['serial 1000', 34],
          ],
        ),
      ).problems,
    ).toEqual(['certNotSet']);
    expect(
      caseVerdict(
        story,
        ran(
          [2, 0],
          [
            ['serial 1034', 34],
            ['serial 1034', 34],
          ],
        ),
      ).problems,
    ).toEqual(['manyRows']);
    // A late write that left the newer row as it was, but was counted: its writer believes it stored its certificate.
    expect(
      caseVerdict(
        story,
        ran(
          [1, 1],
          [
            ['serial 1034', 34],
            ['serial 1034', 34],
          ],
        ),
      ).problems,
    ).toEqual(['staleCounted']);
    expect(
      caseVerdict(story, {
        ...ran(
          [1, 0],
          [
            ['serial 1034', 34],
            ['serial 1034', 34],
          ],
        ),
        neighbourChanged: true,
      }).problems,
    ).toEqual(['neighbourChanged']);
    const retry = judged(write('A', 33), write('A', 33));
    expect(
      caseVerdict(
        retry,
        ran(
          [1, 0],
          [
            ['serial 1033', 33],
            ['serial 1033', 33],
          ],
        ),
      ).problems,
    ).toEqual(['retryRefused']);
  });

  it('leaves a new domain to the upsert without fault, but not a row made wrong', () => {
    const first = { rowBefore: null, writes: [write('A', 33)] };
    expect(caseVerdict(first, ran([0], [null]))).toEqual({ problems: [], firstRowLeft: true, failed: null });
    expect(caseVerdict(first, ran([1], [['serial 1033', 33]]))).toEqual({
      problems: [],
      firstRowLeft: false,
      failed: null,
    });
    expect(caseVerdict(first, ran([0], [['serial 1033', 33]])).problems).toEqual(['firstRowWrong']);
  });

  it("passes on Postgres's error and other tables as they are", () => {
    const failed: CaseRun = { kind: 'failed', write: 0, error: { message: 'boom', code: '42703', position: 3 } };
    expect(caseVerdict(story, failed)).toEqual({ problems: [], firstRowLeft: false, failed });
    const touched = {
      ...ran(
        [1, 0],
        [
          ['serial 1034', 34],
          ['serial 1034', 34],
        ],
      ),
      otherTables: ['public.audit'],
    };
    expect(caseVerdict(story, touched).failed).toBe(touched);
  });
});

describe('the mistakes named', () => {
  const cases = (...problems: Parameters<typeof mistakesOf>[1] extends ReadonlySet<infer P> ? P[] : never) =>
    new Set(problems);
  it.each([
    ['UPDATE certificates SET cert = $2, fence = $3 WHERE domain = $1', ['staleLanded'], ['noTokenCondition']],
    [
      'UPDATE certificates SET cert = $2, fence = $3 WHERE domain = $1 AND fence < $3',
      ['retryRefused'],
      ['strictLess'],
    ],
    [
      'UPDATE certificates SET cert = $2 WHERE domain = $1 AND fence <= $3',
      ['staleLanded', 'fenceNotSet'],
      ['fenceNotSet'],
    ],
    [
      'UPDATE certificates SET cert = $2, fence = $3 WHERE domain = $1 AND cert < $2',
      ['freshRefused'],
      ['comparesCert'],
    ],
    [
      'UPDATE certificates SET cert = $2, fence = $3 WHERE domain = $1 AND length(domain) <= $3',
      ['staleLanded'],
      ['wrongColumn'],
    ],
    [
      'UPDATE certificates SET cert = $2, fence = $3 WHERE domain = $1 AND fence >= $3',
      ['freshRefused'],
      ['wrongComparison'],
    ],
    ['UPDATE certificates SET cert = $2, fence = $3 WHERE domain = $1 AND fence <= $3', [], []],
  ] as const)('%s', (statement, problems, mistakes) =>
    expect(mistakesOf(statement, cases(...problems))).toEqual(mistakes),
  );

  it('names < only where the stale and fresh writes are right, since a wrong comparison explains a refused retry too', () => {
    const statement = 'UPDATE certificates SET cert = $2, fence = $3 WHERE domain = $1 AND fence > $3';
    expect(mistakesOf(statement, cases('retryRefused', 'freshRefused'))).toEqual(['wrongComparison']);
  });
});
