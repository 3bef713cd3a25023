// @vitest-environment node
import { resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadContent } from '@/content/build/load-content';
import { EngineBroken, runConsoleInput, type StatementOutcome } from './console-engine';
import { CELL_CHARACTERS, OUTPUT_CELLS, OUTPUT_CHARACTERS, SHOWN_ROWS } from './console-limits';
import { LEARNER_ROLE, prepareDatabase } from './session';

// The console on PostgreSQL itself (PGlite): what each statement reports must be what Postgres reports.
const { postgres: statements } = loadContent(resolve(import.meta.dirname, '../../content'));
const example = (label: RegExp) => statements.evening.steps.find((candidate) => label.test(candidate.label))!.sql;
const tags = (outcomes: readonly StatementOutcome[]) =>
  outcomes.map((outcome) => (outcome.kind === 'ran' ? outcome.tag : `${outcome.kind}`));

describe('the SQL console on PGlite', () => {
  let db: PGlite;

  beforeAll(async () => {
    db = await PGlite.create();
    await prepareDatabase(db, { ...statements, seed: ['go.shop.example', 'serial 1000', 32] });
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

  it('refuses a conversion into another encoding, which stops PGlite answering, and runs the rest', async () => {
    const run = await runConsoleInput(
      db,
      "SELECT convert_to('é', 'LATIN1'); SELECT convert_from('\\xe9', 'WIN1252'); SELECT 'é' AS e",
      'idle',
    );
    expect(run.statements).toEqual([
      { kind: 'refused', sql: "SELECT convert_to('é', 'LATIN1')", refusal: 'encodingConversion' },
      { kind: 'refused', sql: "SELECT convert_from('\\xe9', 'WIN1252')", refusal: 'encodingConversion' },
      expect.objectContaining({ kind: 'ran', rows: [['é']] }),
    ]);
  });

  it('gives a conversion built by EXECUTE Postgres’s own error, and the engine and its tables live on', async () => {
    await runConsoleInput(db, 'CREATE TABLE kept (n int); INSERT INTO kept VALUES (7)', 'idle');
    const run = await runConsoleInput(
      db,
      `DO $$ BEGIN EXECUTE 'SELECT conv' || 'ert_to(''é'', ''LATIN1'')'; END $$;
       DO $$ DECLARE t text; BEGIN EXECUTE 'SELECT conv' || 'ert_from(''\\xe9'', ''WIN1252'')' INTO t; END $$;
       SELECT n FROM kept`,
      'idle',
    );
    expect(run.statements.map((outcome) => (outcome.kind === 'failed' ? outcome.error.message : outcome.kind))).toEqual(
      [
        'default conversion function for encoding "UTF8" to "LATIN1" does not exist',
        'default conversion function for encoding "WIN1252" to "UTF8" does not exist',
        'ran',
      ],
    );
    expect(run.statements[2]).toMatchObject({ rows: [['7']] });
    await runConsoleInput(db, 'DROP TABLE kept', 'idle');
  });

  it('gives an unclosed comment Postgres’s own message, not silence', async () => {
    const run = await runConsoleInput(db, '/* unclosed comment SELECT 1;', 'idle');
    expect(run.statements).toEqual([
      {
        kind: 'failed',
        sql: '/* unclosed comment SELECT 1;',
        error: expect.objectContaining({ message: expect.stringMatching(/^unterminated \/\* comment/), code: '42601' }),
      },
    ]);
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

  it.each([
    [SHOWN_ROWS, SHOWN_ROWS],
    [SHOWN_ROWS + 1, SHOWN_ROWS],
  ])('shows %i lines of COPY … TO STDOUT as at most %i rows, and counts them all', async (count, kept) => {
    const run = await runConsoleInput(db, `COPY (SELECT g FROM generate_series(1, ${count}) AS g) TO STDOUT`, 'idle');
    const [result] = run.statements;
    expect(result).toMatchObject({ kind: 'ran', tag: `COPY ${count}`, rowCount: count });
    expect(result?.kind === 'ran' && result.rows.length).toBe(kept);
    expect(result?.kind === 'ran' && result.rows.at(-1)).toEqual([String(kept)]);
  });

  it('keeps each cell to its first characters and counts the rest, so no value can freeze the page', async () => {
    const run = await runConsoleInput(
      db,
      `SELECT repeat('y', ${CELL_CHARACTERS}) AS whole, repeat('x', 60000) AS cut`,
      'idle',
    );
    const [result] = run.statements;
    expect(result?.kind === 'ran' && result.rows[0]?.[0]).toBe('y'.repeat(CELL_CHARACTERS));
    expect(result?.kind === 'ran' && result.rows[0]?.[1]).toEqual({
      start: 'x'.repeat(CELL_CHARACTERS),
      more: 60000 - CELL_CHARACTERS,
    });
  });

  it('keeps at most OUTPUT_CHARACTERS of a run, counting the rows past it', async () => {
    const run = await runConsoleInput(db, `SELECT repeat('y', 200000) FROM generate_series(1, 500)`, 'idle');
    const [result] = run.statements;
    if (result?.kind !== 'ran') throw new Error('expected rows');
    expect(result.rowCount).toBe(500);
    expect(result.outputLimited).toBe(true);
    // The column's name ("repeat") is drawn too, and counted.
    expect(result.rows.length).toBe(Math.floor((OUTPUT_CHARACTERS - 'repeat'.length) / CELL_CHARACTERS));
    const small = await runConsoleInput(db, 'SELECT 1', 'idle');
    expect(small.statements[0]).toMatchObject({ outputLimited: false });
  });

  // Red-team review, third pass: 1,600 NULL columns × 500 rows drew 800,000 cells and froze the tab for 34 s, since
  // only the characters of non-null cells counted.
  it('counts every cell it keeps, NULLs, empty strings and headers included, up to OUTPUT_CELLS a run', async () => {
    const columns = 1_600;
    const nulls = Array.from({ length: columns }, (_, index) => (index % 2 ? "''" : 'NULL')).join(', ');
    const run = await runConsoleInput(db, `SELECT ${nulls} FROM generate_series(1, 500)`, 'idle');
    const [result] = run.statements;
    if (result?.kind !== 'ran') throw new Error('expected rows');
    expect(result.rowCount).toBe(500);
    expect(result.outputLimited).toBe(true);
    expect(result.columns).toHaveLength(columns);
    expect(result.rows.length).toBe(Math.floor((OUTPUT_CELLS - columns) / columns));
    expect((result.rows.length + 1) * columns).toBeLessThanOrEqual(OUTPUT_CELLS);
  });

  it('counts error messages toward the run’s output: past it, each message is cut and says by how much', async () => {
    const one = "DO $$BEGIN RAISE EXCEPTION '%', repeat('x', 10000); END$$;";
    const copies = 300;
    const run = await runConsoleInput(db, one.repeat(copies), 'idle');
    expect(run.statements).toHaveLength(copies);
    const errors = run.statements.map((statement) => (statement.kind === 'failed' ? statement.error : null));
    const kept = errors.reduce((total, error) => total + (error?.message.length ?? 0), 0);
    expect(kept).toBe(OUTPUT_CHARACTERS);
    expect(errors[0]).toMatchObject({ message: 'x'.repeat(10_000) });
    expect(errors.at(-1)).toMatchObject({ message: '', more: 10_000 });
  }, 120_000);

  it('runs as a role without superuser: Postgres refuses COPY … PROGRAM however it is wrapped', async () => {
    const run = await runConsoleInput(
      db,
      "DO $$ BEGIN EXECUTE 'COPY certificates TO PROG' || 'RAM ''id'''; END $$; SELECT current_user AS role",
      'idle',
    );
    expect(run.statements[0]).toMatchObject({
      kind: 'failed',
      error: { message: 'permission denied to COPY to or from an external program' },
    });
    expect(run.statements[1]).toMatchObject({ kind: 'ran', rows: [[LEARNER_ROLE]] });
  });
});

describe('the SQL console, when Postgres is pushed out of its role or its mind', () => {
  const fresh = async () => {
    const db = await PGlite.create();
    const seal = await prepareDatabase(db, { ...statements, seed: ['go.shop.example', 'serial 1000', 32] });
    return Object.assign(db, { seal });
  };

  it.each([
    [
      "DO $$ BEGIN EXECUTE 'RE' || 'SET ' || 'RO' || 'LE'; EXECUTE 'CREATE RULE r AS ON UPDATE TO walkthrough.certificates DO INSTEAD NOTHING'; EXECUTE 'SET ' || 'RO' || 'LE learner'; END $$",
      "the console changed the walkthrough's table or its own role's rights",
    ],
    [
      "DO $$ BEGIN EXECUTE 'RE' || 'SET ' || 'RO' || 'LE'; EXECUTE 'ALTER ROLE learner SUPERUSER'; EXECUTE 'SET ' || 'RO' || 'LE learner'; END $$",
      "the console changed the walkthrough's table or its own role's rights",
    ],
    ["SELECT set_config('session_' || 'authorization', 'learner', false)", "the console's session user became learner"],
  ])(
    'a detour through superuser that comes back is still caught: %s',
    async (sql, message) => {
      const db = await fresh();
      await expect(runConsoleInput(db, sql, 'idle', db.seal)).rejects.toEqual(
        new EngineBroken('identityChanged', message),
      );
      await db.close();
    },
    60_000,
  );

  it('keeps an error message the learner made huge to the length of a cell', async () => {
    const db = await fresh();
    const run = await runConsoleInput(
      db,
      "DO $$ BEGIN RAISE EXCEPTION '%', repeat('x', 100000); END $$",
      'idle',
      db.seal,
    );
    expect(run.statements[0]).toMatchObject({ kind: 'failed' });
    expect(run.statements[0]).toMatchObject({
      error: { message: 'x'.repeat(CELL_CHARACTERS), more: 100_000 - CELL_CHARACTERS },
    });
    await db.close();
  }, 60_000);

  it.each([
    ["DO $$ BEGIN EXECUTE 'RE' || 'SET ' || 'RO' || 'LE'; END $$", "the console's role became postgres"],
    ["SELECT set_config('ro' || 'le', 'postgres', false)", "the console's role became postgres"],
  ])(
    '%s: caught after the statement, and nothing after it runs',
    async (sql, message) => {
      const db = await fresh();
      const run = runConsoleInput(db, `${sql}; SELECT 'not run'`, 'idle');
      await expect(run).rejects.toEqual(new EngineBroken('identityChanged', message));
      await db.close();
    },
    60_000,
  );

  it('a change of the encoding built where text cannot show it is refused by Postgres: it has no conversion to use', async () => {
    const db = await fresh();
    const run = await runConsoleInput(
      db,
      "CREATE FUNCTION public.current_setting(text) RETURNS text LANGUAGE sql AS $$ SELECT 'UTF8' $$; SET search_path = public, pg_catalog; SELECT set_config('client_enc' || 'oding', 'LATIN1', false); SELECT 'still é' AS after",
      'idle',
      db.seal,
    );
    expect(run.statements.at(-2)).toMatchObject({
      kind: 'failed',
      error: { message: 'invalid value for parameter "client_encoding": "LATIN1"' },
    });
    expect(run.statements.at(-1)).toMatchObject({ kind: 'ran', rows: [['still é']] });
    await db.close();
  }, 60_000);

  it('a recursive function exhausts Postgres: the run ends broken instead of answering nothing for ever', async () => {
    const db = await fresh();
    const run = runConsoleInput(
      db,
      'CREATE FUNCTION rec(int) RETURNS int LANGUAGE sql AS $$ SELECT rec($1 + 1) $$; SELECT rec(1)',
      'idle',
    );
    await expect(run).rejects.toBeInstanceOf(EngineBroken);
  }, 60_000);
});
