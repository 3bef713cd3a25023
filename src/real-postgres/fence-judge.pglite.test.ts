// @vitest-environment node
import { resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadContent } from '@/content/build/load-content';
import { computeOutcomeMap, VERDICT_CODES } from '@/outcome-map/outcome-map';
import { eveningSequences, EXERCISE_MAP_CONFIG } from '@/outcome-map/write-sequences';
import type { EveningSequences } from '@/settings/evening-sequences';
import { runConsoleInput } from './console-engine';
import { judgeStatement, type JudgeRun } from './fence-judge';
import { casesFor, exerciseResult } from './fence-result';
import { prepareDatabase } from './session';

/*
 * The judge on real Postgres (PGlite), as the console's learner role. Its counts are checked against the
 * simulator's own maps, computed without the judge: never the judge against itself.
 */
const { content, postgres } = loadContent(resolve(import.meta.dirname, '../../content'));
const seed = content.scenarios.find((scenario) => scenario.id === 'stale-certificate')!;
const LESSON = postgres.exercise.answer;
const UPSERT = postgres.examples[1]!.sql.replace("'api.shop.example', 'serial 1', 40", '$1, $2, $3').replace(/;$/, '');

let db: PGlite;
let seal: string;
/** The lesson's map alone: its 1,600 evenings and their sequences (the services across are judged the same way). */
let evenings: EveningSequences;

beforeAll(async () => {
  db = await PGlite.create();
  seal = await prepareDatabase(db, {
    createTable: postgres.createTable,
    insertRow: postgres.insertRow,
    seed: ['go.shop.example', 'serial 1000', 32],
  });
  evenings = eveningSequences(seed, undefined, []);
}, 60_000);
afterAll(() => db.close());

const judge = (statement: string) => judgeStatement(db, statement, casesFor(evenings), postgres.createTable, seal);
const resultOf = (statement: string, run: JudgeRun) => {
  if (run.kind !== 'judged') throw new Error(`not judged: ${JSON.stringify(run)}`);
  return exerciseResult(statement, evenings, run.cases);
};
const judged = async (statement: string) => resultOf(statement, await judge(statement));

/** The simulator's own map of a storage, each cell's verdict code. */
const simulatedMap = (storage: 'unchecked' | 'fenced') =>
  computeOutcomeMap(seed, { ...EXERCISE_MAP_CONFIG, storage }, evenings.map.x, evenings.map.y).cells;
const STALE = VERDICT_CODES.indexOf('staleWriteLanded');

describe("the fence exercise's judge on PGlite", () => {
  it("passes the lesson's statement and its upsert, which also writes a new domain's first row", async () => {
    const lesson = await judged(LESSON);
    expect(lesson).toMatchObject({ passed: true, mistakes: [], failed: null, firstRowLeft: true });
    expect(lesson.map.staleLanded + lesson.map.freshRefused).toBe(0);
    const upsert = await judged(UPSERT);
    expect(upsert).toMatchObject({ passed: true, mistakes: [], firstRowLeft: false });
  });

  it("refuses the stale write in exactly the cells the simulator's fenced map does, and none is unjudged", async () => {
    const lesson = await judged(LESSON);
    const fenced = simulatedMap('fenced');
    expect(lesson.map.evenings).toBe(fenced.length);
    expect(fenced.filter((code) => code === STALE)).toHaveLength(0);
    // The evenings with a late write to refuse are those where, with nothing checked, it lands.
    expect(lesson.map.withStale).toBe(simulatedMap('unchecked').filter((code) => code === STALE).length);
  });

  it.each([
    ['no token condition', 'UPDATE certificates SET cert = $2, fence = $3 WHERE domain = $1', 'noTokenCondition'],
    ['the fence not set', 'UPDATE certificates SET cert = $2 WHERE domain = $1 AND fence <= $3', 'fenceNotSet'],
    [
      'the token compared with the wrong column',
      'UPDATE certificates SET cert = $2, fence = $3 WHERE domain = $1 AND length(domain) <= $3',
      'wrongColumn',
    ],
  ])("with %s, lets the stale write land in exactly the unchecked map's stale cells", async (_, statement, mistake) => {
    const result = await judged(statement);
    const unchecked = simulatedMap('unchecked');
    const expected = [...unchecked.keys()].filter((cell) => unchecked[cell] === STALE);
    const landed = [...evenings.map.cells.keys()].filter(
      (cell) => result.outcomes[evenings.map.cells[cell]!] === 'staleLanded',
    );
    expect(landed).toEqual(expected);
    expect(result.map.staleLanded).toBe(expected.length);
    expect(expected.length).toBeGreaterThan(0);
    expect(result.mistakes).toContain(mistake);
    expect(result.passed).toBe(false);
    // The example is a failing cell, and the one nearest the map's own run (TTL 30 s, 40 s pause) fails itself.
    expect(result.map.example).not.toBeNull();
    expect(unchecked[result.map.example!]).toBe(STALE);
  });

  it('catches a condition on the certificate only in the hand-made case with random serials', async () => {
    const statement = 'UPDATE certificates SET cert = $2, fence = $3 WHERE domain = $1 AND cert < $2';
    const result = await judged(statement);
    // The simulator's serials run in issue order, so the story's map cannot tell it from the fence.
    expect(result.map.staleLanded + result.map.freshRefused).toBe(0);
    expect(result.hand.serials.problems).toEqual(expect.arrayContaining(['freshRefused', 'staleLanded']));
    expect(result.mistakes).toEqual(['comparesCert']);
  });

  it("tells < from <=: only the holder's retry with its own token separates them", async () => {
    const result = await judged('UPDATE certificates SET cert = $2, fence = $3 WHERE domain = $1 AND fence < $3');
    expect(result.map.staleLanded + result.map.freshRefused).toBe(0);
    expect(result.hand.retry.problems).toEqual(['retryRefused']);
    expect(result.mistakes).toEqual(['strictLess']);
  });

  it('catches a check that needs consecutive tokens in the case with gaps', async () => {
    const result = await judged('UPDATE certificates SET cert = $2, fence = $3 WHERE domain = $1 AND fence = $3 - 1');
    expect(result.hand.gaps.problems).toContain('freshRefused');
    expect(result.mistakes).toEqual(['wrongComparison']);
  });

  it('names a comparison the wrong way round, and one against the wrong column', async () => {
    const reversed = await judged('UPDATE certificates SET cert = $2, fence = $3 WHERE domain = $1 AND fence >= $3');
    expect(reversed.map.freshRefused).toBe(reversed.map.evenings);
    expect(reversed.mistakes).toEqual(['wrongComparison']);
    const column = await judged(
      'UPDATE certificates SET cert = $2, fence = $3 WHERE domain = $1 AND length(domain) <= $3',
    );
    expect(column.mistakes).toEqual(['wrongColumn']);
  });

  it.each([
    [
      'a condition on the token alone, which changes every domain',
      'UPDATE certificates SET cert = $2, fence = $3 WHERE fence <= $3',
      'domainCondition',
    ],
    [
      'the wrong parameter for the domain',
      'UPDATE certificates SET cert = $2, fence = $3 WHERE domain = $2 AND fence <= $3',
      'domainCondition',
    ],
    [
      'the certificate not stored',
      'UPDATE certificates SET fence = $3 WHERE domain = $1 AND fence <= $3',
      'certNotSet',
    ],
    [
      'an upsert with no condition',
      'INSERT INTO certificates (domain, cert, fence) VALUES ($1, $2, $3) ON CONFLICT (domain) DO UPDATE SET cert = EXCLUDED.cert, fence = EXCLUDED.fence',
      'noTokenConditionUpsert',
    ],
    [
      'an insert that does nothing on conflict',
      'INSERT INTO certificates VALUES ($1, $2, $3) ON CONFLICT (domain) DO NOTHING',
      'doNothing',
    ],
    [
      'an upsert that keeps the newer row but still counts the late write',
      'INSERT INTO certificates VALUES ($1, $2, $3) ON CONFLICT (domain) DO UPDATE SET cert = CASE WHEN EXCLUDED.fence >= certificates.fence THEN EXCLUDED.cert ELSE certificates.cert END, fence = GREATEST(certificates.fence, EXCLUDED.fence)',
      'staleCounted',
    ],
  ])('names %s', async (_, statement, mistake) => {
    const result = await judged(statement);
    expect(result.passed).toBe(false);
    expect(result.mistakes).toContain(mistake);
  });

  it('names the certificate, not <, when the condition compares certificates beside a right fence', async () => {
    const result = await judged(`${LESSON} AND cert IS DISTINCT FROM $2`);
    expect(result.mistakes).toEqual(['comparesCert']);
  });

  it('checks on its own table whatever the console set in its session', async () => {
    await runConsoleInput(
      db,
      'CREATE TEMP TABLE certificates (x int); SET default_transaction_read_only = on;',
      'idle',
    );
    expect((await judged(LESSON)).passed).toBe(true);
    await runConsoleInput(db, 'RESET default_transaction_read_only; DROP TABLE pg_temp.certificates;', 'idle');
  });

  it('refuses what is not one UPDATE or INSERT on certificates, and runs nothing', async () => {
    expect(await judge('DELETE FROM certificates')).toEqual({ kind: 'refused', refusal: 'notAWrite' });
    expect(await judge('WITH x AS (SELECT 1) UPDATE certificates SET cert = $2')).toEqual({
      kind: 'refused',
      refusal: 'with',
    });
    expect(await judge(`${LESSON}; DROP TABLE certificates`)).toEqual({ kind: 'refused', refusal: 'several' });
    expect(await judge('UPDATE other SET x = 1')).toEqual({ kind: 'refused', refusal: 'notAWrite' });
    expect(await judge('UPDATE public.certificates SET cert = $2')).toEqual({ kind: 'refused', refusal: 'qualified' });
    expect(await judge('  -- nothing\n')).toEqual({ kind: 'refused', refusal: 'empty' });
    // The console's table is untouched.
    const { rows } = await db.query('SELECT cert, fence FROM certificates');
    expect(rows).toEqual([{ cert: 'serial 1000', fence: 32 }]);
  });

  it("reports Postgres's error, and a statement that touched another table, by name", async () => {
    const error = await judged('UPDATE certificates SET cert = $2 WHERE nothing = $1');
    expect(error.passed).toBe(false);
    expect(error.failed?.run).toMatchObject({ kind: 'failed', error: { code: '42703' } });
    await runConsoleInput(db, 'CREATE TABLE audit (n int); INSERT INTO audit VALUES (1);', 'idle');
    const statement = `${LESSON} AND EXISTS (SELECT 1 FROM audit)`;
    const touched = await judged(statement);
    expect(touched.failed?.run).toMatchObject({ kind: 'ran', otherTables: ['public.audit'] });
    expect(touched.passed).toBe(false);
    // A read by tuple address, which the statistics do not count, and a sequence no rollback puts back.
    await runConsoleInput(db, 'CREATE SEQUENCE serials;', 'idle');
    const byAddress = await judged(`${LESSON} AND EXISTS (SELECT 1 FROM audit WHERE ctid = '(0,1)')`);
    expect(byAddress.failed?.run).toMatchObject({ kind: 'ran', otherTables: ['public.audit'] });
    const sequence = await judged(`${LESSON} AND nextval('serials') > 0`);
    expect(sequence.failed?.run).toMatchObject({ kind: 'ran', otherTables: ['public.serials'] });
  });

  it("judges each case in its own table: the console's table and its changes are neither read nor kept", async () => {
    await runConsoleInput(db, "UPDATE certificates SET fence = 99, cert = 'mine'", 'idle');
    expect((await judged(LESSON)).passed).toBe(true);
    const { rows } = await db.query('SELECT cert, fence FROM certificates');
    expect(rows).toEqual([{ cert: 'mine', fence: 99 }]);
    await runConsoleInput(db, "UPDATE certificates SET fence = 32, cert = 'serial 1000'", 'idle');
  });
});

describe("the judge in the worker's server", () => {
  it('waits while the console has a transaction open, and judges once it has ended', async () => {
    const { createEngineServer } = await import('./engine-server');
    const replies: unknown[] = [];
    const server = createEngineServer((reply) => replies.push(reply));
    const seed = {
      createTable: postgres.createTable,
      insertRow: postgres.insertRow,
      seed: ['go.shop.example', 'serial 1000', 32],
    };
    const cases = casesFor(evenings);
    server.receive({ id: 1, kind: 'start', ...seed });
    server.receive({ id: 2, kind: 'console', sql: 'BEGIN' });
    server.receive({ id: 3, kind: 'judge', statement: LESSON, cases });
    server.receive({ id: 4, kind: 'console', sql: 'ROLLBACK' });
    server.receive({ id: 5, kind: 'judge', statement: LESSON, cases });
    await server.close();
    expect(replies.map((reply) => (reply as { kind: string }).kind)).toEqual([
      'started',
      'console',
      'judgeWaiting',
      'console',
      'judged',
    ]);
  }, 60_000);
});
