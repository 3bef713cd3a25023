// @vitest-environment node
import { resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadContent } from '@/content/load-content';
import { runScenario } from '@/sim/run';
import { runStepsOnPostgres } from './run-steps';
import { runConsole } from './sql-console';

// PGlite is PostgreSQL itself compiled to WebAssembly: the panel's runner must get the simulation's row
// counts from it, and leave the console's table alone.
const { content, postgres: statements } = loadContent(resolve(import.meta.dirname, '../../../content'));
const seed = content.scenarios[0]!;

describe('the walkthrough on PGlite', () => {
  let db: PGlite;

  beforeAll(async () => {
    db = await PGlite.create();
    await db.exec(statements.createTable);
    await db.query(statements.insertRow, ['go.shop.example', 'the console row', 7]);
  }, 60_000);

  afterAll(() => db?.close());

  for (const fencing of [true, false]) {
    it(`gives the simulation's row counts at every step, fencing ${fencing ? 'on' : 'off'}`, async () => {
      const timeline = runScenario(seed, { fencing });
      const last = timeline.frames.length - 1;
      const run = await runStepsOnPostgres(db, timeline, last, statements);
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
      expect((await runStepsOnPostgres(db, timeline, firstWrite - 1, statements)).writes).toEqual([]);
    });
  }

  it('rolls its run back: the console still sees its own row', async () => {
    const outcome = await runConsole(db, 'SELECT cert, fence FROM certificates;');
    expect(outcome).toEqual({
      ok: true,
      results: [{ tag: 'SELECT 1', columns: ['cert', 'fence'], rows: [{ cert: 'the console row', fence: 7 }] }],
    });
  });

  it('tags each statement as psql would, and reports errors as Postgres words them', async () => {
    const update = await runConsole(db, statements.examples[1]!.sql);
    expect(update.ok && update.results.map((result) => result.tag)).toEqual(['UPDATE 1']);
    const late = await runConsole(db, statements.examples[2]!.sql);
    expect(late.ok && late.results.map((result) => result.tag)).toEqual(['UPDATE 0']);
    expect(await runConsole(db, 'SELEC * FROM certificates')).toEqual({
      ok: false,
      error: { message: 'syntax error at or near "SELEC"', code: '42601', position: 1 },
    });
  });
});
