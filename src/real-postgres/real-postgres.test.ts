// @vitest-environment node
import { resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadContent } from '@/content/build/load-content';
import { runScenario } from '@/sim/run';
import { runConsoleInput } from './console-engine';
import { planSteps, runPlan } from './run-steps';
import { LEARNER_ROLE, prepareDatabase } from './session';

// PGlite is PostgreSQL itself compiled to WebAssembly: the panel's runner must get the simulation's row
// counts from it, and leave the console's table alone.
const { content, postgres: statements } = loadContent(resolve(import.meta.dirname, '../../content'));
const seed = content.scenarios[0]!;

describe('the walkthrough on PGlite', () => {
  let db: PGlite;

  beforeAll(async () => {
    db = await PGlite.create();
    await prepareDatabase(db, { ...statements, seed: ['go.shop.example', 'the console row', 7] });
  }, 60_000);

  afterAll(() => db?.close());

  for (const fencing of [true, false]) {
    it(`gives the simulation's row counts at every step, fencing ${fencing ? 'on' : 'off'}`, async () => {
      const timeline = runScenario(seed, { fencing });
      const last = timeline.frames.length - 1;
      const run = await runPlan(db, planSteps(timeline, last, statements));
      expect(run.writes.map((write) => [write.renewer, write.params[2], write.realRows])).toEqual([
        ['B', 34, 1],
        ['A', 33, fencing ? 0 : 1],
      ]);
      expect(run.writes.every((write) => write.realRows === write.simulatedRows)).toBe(true);
      expect(run.row).toEqual(
        fencing
          ? { cert: 'serial 1002, issued at 36 s', fence: 34 }
          : { cert: 'serial 1001, issued at 5 s', fence: 33 },
      );
      // Halfway through, only the writes so far have run.
      const firstWrite = timeline.frames.findIndex((frame) => frame.happening.kind === 'writeRequested');
      expect((await runPlan(db, planSteps(timeline, firstWrite - 1, statements))).writes).toEqual([]);
    });
  }

  it('rolls its run back: the console still sees its own row', async () => {
    const outcome = await runConsoleInput(db, 'SELECT cert, fence FROM certificates;', 'idle');
    expect(outcome.statements).toEqual([
      {
        kind: 'ran',
        sql: 'SELECT cert, fence FROM certificates',
        tag: 'SELECT 1',
        columns: ['cert', 'fence'],
        rows: [['the console row', '7']],
        rowCount: 1,
        outputLimited: false,
      },
    ]);
  });

  it('leaves a table the console created inside its own open transaction alone', async () => {
    const opened = await runConsoleInput(db, 'BEGIN; CREATE TABLE mine (id int); INSERT INTO mine VALUES (1)', 'idle');
    expect(opened.transaction).toBe('open');
    const committed = await runConsoleInput(db, 'COMMIT; SELECT count(*) FROM mine', opened.transaction);
    expect(committed.statements.map((outcome) => outcome.kind === 'ran' && outcome.tag)).toEqual([
      'COMMIT',
      'SELECT 1',
    ]);
    const timeline = runScenario(seed, { fencing: true });
    await runPlan(db, planSteps(timeline, timeline.frames.length - 1, statements));
    const after = await runConsoleInput(db, 'SELECT id FROM mine', 'idle');
    expect(after.statements[0]).toMatchObject({ rows: [['1']] });
  });

  const lastStep = async () => {
    const timeline = runScenario(seed, { fencing: true });
    return runPlan(db, planSteps(timeline, timeline.frames.length - 1, statements));
  };
  const expected = { cert: 'serial 1002, issued at 36 s', fence: 34 };
  const console = async (sql: string) => (await runConsoleInput(db, sql, 'idle')).statements;

  it("cannot reach the walkthrough's table from the console, nor make an event trigger", async () => {
    expect(await console('SELECT * FROM walkthrough.certificates')).toMatchObject([
      { kind: 'failed', error: { message: 'permission denied for schema walkthrough' } },
    ]);
    const trigger = await console(
      'CREATE FUNCTION slow() RETURNS event_trigger LANGUAGE plpgsql AS $$ BEGIN PERFORM pg_sleep(60); END $$; ' +
        'CREATE EVENT TRIGGER slow ON ddl_command_start EXECUTE FUNCTION slow()',
    );
    expect(trigger).toMatchObject([
      { kind: 'ran' },
      { kind: 'failed', error: { message: 'permission denied to create event trigger "slow"' } },
    ]);
  });

  it('gives the same answer whatever the console did to its own table and session', async () => {
    const changes = [
      // On the console's own table every UPDATE now changes nothing: steps run there would answer UPDATE 0.
      'CREATE FUNCTION refuse() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RETURN NULL; END $$',
      'CREATE TRIGGER refuse BEFORE UPDATE ON public.certificates FOR EACH ROW EXECUTE FUNCTION refuse()',
      'CREATE VIEW every_certificate AS SELECT * FROM certificates',
      'CREATE TABLE renewals (domain text REFERENCES certificates (domain))',
      'CREATE TEMP TABLE certificates (domain text, cert text, fence int)',
      'SET default_transaction_read_only = on',
      'SET statement_timeout = 1',
      'SET search_path = pg_temp, public',
    ];
    for (const change of changes) expect((await console(change))[0]).toMatchObject({ kind: 'ran' });
    expect((await lastStep()).row).toEqual(expected);
    // The console's own settings and role are as it left them.
    expect(
      await console(
        "SELECT current_user, current_setting('default_transaction_read_only'), current_setting('statement_timeout')",
      ),
    ).toMatchObject([{ rows: [[LEARNER_ROLE, 'on', '1ms']] }]);
    await console('RESET ALL; DROP TABLE pg_temp.certificates; DROP VIEW every_certificate; DROP TABLE renewals');
    expect((await lastStep()).row).toEqual(expected);
    await console('DROP TRIGGER refuse ON certificates; DROP FUNCTION refuse');
  });

  // Red-team review, third pass: as the superuser for a moment, a DO block could change the walkthrough's table
  // itself, past the seal on its name, owner and rights. The steps now rebuild it for every plan.
  it.each([
    [
      'a column type that rounds 34 down to 30',
      'ALTER TABLE walkthrough.certificates ALTER COLUMN fence TYPE numeric(2,-1)',
    ],
    ['a constraint that refuses 34', 'ALTER TABLE walkthrough.certificates ADD CHECK (fence <> 34)'],
    ['a default and a dropped key', 'ALTER TABLE walkthrough.certificates DROP CONSTRAINT certificates_pkey'],
  ])('gives the same answer after a superuser detour that added %s', async (_, change) => {
    const detour = `DO $$ BEGIN EXECUTE 'SET ' || 'ROLE postgres'; EXECUTE '${change.replaceAll("'", "''")}'; EXECUTE 'SET ' || 'ROLE learner'; END $$`;
    expect((await console(detour))[0]).toMatchObject({ kind: 'ran' });
    expect((await lastStep()).row).toEqual(expected);
    const timeline = runScenario(seed, { fencing: true });
    const run = await runPlan(db, planSteps(timeline, timeline.frames.length - 1, statements));
    expect(run.writes.map((write) => write.realRows)).toEqual([1, 0]);
  });

  it('puts the learner back in its role after the steps even when one of its settings cannot be set back', async () => {
    await console(
      'CREATE TEXT SEARCH CONFIGURATION mine (COPY = english); SET default_text_search_config = ' +
        "'public.mine'; DROP TEXT SEARCH CONFIGURATION mine",
    );
    expect((await lastStep()).row).toEqual(expected);
    expect(await console('SELECT current_user')).toMatchObject([{ rows: [[LEARNER_ROLE]] }]);
    await console('RESET ALL');
  });
});
