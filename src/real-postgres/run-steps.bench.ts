// @vitest-environment node
import { resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { bench, describe } from 'vitest';
import { loadContent } from '@/content/build/load-content';
import { runScenario } from '@/sim/run';
import { planSteps, runPlan } from './run-steps';
import { prepareDatabase } from './session';

/*
 * The walkthrough's last step on real PGlite (both writes and the row), as the page's worker runs it: the table is
 * rebuilt for every plan, which the clarifications allow if it costs under 50 ms a step. `npm run bench`.
 */
const { content, postgres: statements } = loadContent(resolve(import.meta.dirname, '../../content'));
const db = await PGlite.create();
await prepareDatabase(db, { ...statements, seed: ['go.shop.example', 'serial 1000', 32] });
const timeline = runScenario(content.scenarios[0]!, { fencing: true });
const lastStep = planSteps(timeline, timeline.frames.length - 1, statements);

describe('the steps on real PGlite', () => {
  bench('the last step, its table rebuilt', async () => void (await runPlan(db, lastStep)), {
    iterations: 50,
    warmupIterations: 5,
  });
});
