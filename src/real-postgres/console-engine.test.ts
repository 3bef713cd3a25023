// @vitest-environment node
import { resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadContent } from '@/content/load-content';
import { runConsoleInput, SHOWN_ROWS, type StatementOutcome } from './console-engine';

// The console on PostgreSQL itself (PGlite): what each statement reports must be what Postgres reports.
const { postgres: statements } = loadContent(resolve(import.meta.dirname, '../../content'));
const example = (label: RegExp) => statements.evening.steps.find((candidate) => label.test(candidate.label))!.sql;
const tags = (outcomes: readonly StatementOutcome[]) =>
  outcomes.map((outcome) => (outcome.kind === 'ran' ? outcome.tag : `${outcome.kind}`));

describe('the SQL console on PGlite', () => {
  let db: PGlite;

  beforeAll(async () => {
    db = await PGlite.create();
    await db.exec(statements.createTable);
    await db.query(statements.insertRow, ['go.shop.example', 'serial 1000', 32]);
  }, 60_000);

  afterAll(() => db?.close());

  it("gives each statement its own tag: B's write changes 1 row, A's late write 0, never a running total", async () => {
    const run = await runConsoleInput(db, `${example(/token 34/)}\n${example(/token 33/)}`, 'idle');
    expect(tags(run.statements)).toEqual(['UPDATE 1', 'UPDATE 0']);
    const row = await runConsoleInput(db, "SELECT fence FROM certificates WHERE domain = 'go.shop.example'", 'idle');
    expect(row.statements[0]).toMatchObject({ tag: 'SELECT 1', rows: [['34']] });
    expect(run.transaction).toBe('idle');
  });

  it('runs a statement after one that failed, as psql does, and reports the error with its SQLSTATE and place', async () => {
    const run = await runConsoleInput(db, 'SELEC 1; SELECT 2 AS two', 'idle');
    expect(run.statements[0]).toEqual({
      kind: 'failed',
      sql: 'SELEC 1',
      error: { message: 'syntax error at or near "SELEC"', code: '42601', position: 1 },
    });
    expect(run.statements[1]).toMatchObject({ kind: 'ran', tag: 'SELECT 1', columns: ['two'], rows: [['2']] });
  });

  it('keeps both columns of the same name, and no column from an earlier result', async () => {
    const run = await runConsoleInput(db, 'SELECT 1 AS a, 2 AS a; SELECT 3 AS b', 'idle');
    expect(run.statements[0]).toMatchObject({ columns: ['a', 'a'], rows: [['1', '2']] });
    expect(run.statements[1]).toMatchObject({ columns: ['b'], rows: [['3']] });
  });

  it('shows JSON as JSON and NULL as null', async () => {
    const run = await runConsoleInput(db, `SELECT '{"token": 34}'::jsonb AS j, NULL AS nothing`, 'idle');
    expect(run.statements[0]).toMatchObject({ rows: [['{"token": 34}', null]] });
  });

  it.each([
    [SHOWN_ROWS, SHOWN_ROWS],
    [SHOWN_ROWS + 1, SHOWN_ROWS],
    [100_000, SHOWN_ROWS],
  ])('of %i rows keeps the first %i and counts them all', async (count, kept) => {
    const run = await runConsoleInput(db, `SELECT g FROM generate_series(1, ${count}) AS g`, 'idle');
    const [result] = run.statements;
    expect(result).toMatchObject({ kind: 'ran', tag: `SELECT ${count}`, rowCount: count });
    expect(result?.kind === 'ran' && result.rows.length).toBe(kept);
    expect(result?.kind === 'ran' && result.rows.at(-1)).toEqual([String(kept)]);
  });

  it('tracks a transaction the learner opens, and its failure, until it ends', async () => {
    const opened = await runConsoleInput(db, 'BEGIN; CREATE TABLE mine (id int)', 'idle');
    expect(tags(opened.statements)).toEqual(['BEGIN', 'CREATE TABLE']);
    expect(opened.transaction).toBe('open');
    const broken = await runConsoleInput(db, 'SELECT nope', opened.transaction);
    expect(broken.transaction).toBe('failed');
    const ended = await runConsoleInput(db, 'ROLLBACK', broken.transaction);
    expect(tags(ended.statements)).toEqual(['ROLLBACK']);
    expect(ended.transaction).toBe('idle');
  });

  it('refuses COPY with a program or from STDIN without running it, and runs the rest', async () => {
    const run = await runConsoleInput(
      db,
      "COPY (SELECT 1) TO PROGRAM 'id'; COPY certificates FROM STDIN; SELECT 1",
      'idle',
    );
    expect(run.statements.map((outcome) => (outcome.kind === 'refused' ? outcome.refusal : outcome.kind))).toEqual([
      'copyProgram',
      'copyFromStdin',
      'ran',
    ]);
  });

  it('shows COPY … TO STDOUT line by line', async () => {
    const run = await runConsoleInput(db, 'COPY (SELECT domain, fence FROM certificates) TO STDOUT', 'idle');
    expect(run.statements[0]).toMatchObject({
      tag: 'COPY 1',
      columns: ['COPY output'],
      rows: [['go.shop.example\t34']],
    });
  });
});
