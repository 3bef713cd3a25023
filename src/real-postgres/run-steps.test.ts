import postgres from 'virtual:lockstep/postgres';
import { describe, expect, it } from 'vitest';
import { runScenario } from '@/sim/run';
import { buildScenario } from '@/testing/builders';
import { planSteps } from './run-steps';

const fenced = runScenario(buildScenario(), { fencing: true });
const unfenced = runScenario(buildScenario(), { fencing: false });
const firstWrite = fenced.frames.find(({ happening }) => happening.kind === 'writeRequested')!;

describe('planSteps: the writes up to the step shown, as the lesson writes them', () => {
  it('has no write before the first, and that one from its own step on, numbered as the reader counts', () => {
    expect(planSteps(fenced, firstWrite.index - 1, postgres).writes).toEqual([]);
    expect(planSteps(fenced, firstWrite.index, postgres).writes).toEqual([
      {
        step: firstWrite.index + 1,
        renewer: 'B',
        sql: postgres.sql.fenced,
        params: ['go.shop.example', 'serial 1002, issued at 36 s', 34],
        simulatedRows: 1,
      },
    ]);
  });

  it("at the last step: both writes, each with the simulation's count and the statement its fencing uses", () => {
    const plan = planSteps(fenced, fenced.frames.length - 1, postgres);
    expect(plan.writes.map(({ renewer, params, simulatedRows }) => [renewer, params[2], simulatedRows])).toEqual([
      ['B', 34, 1],
      ['A', 33, 0],
    ]);
    const plain = planSteps(unfenced, unfenced.frames.length - 1, postgres).writes;
    expect(plain.map(({ sql, simulatedRows }) => [sql, simulatedRows])).toEqual([
      [postgres.sql.unfenced, 1],
      [postgres.sql.unfenced, 1],
    ]);
    expect(postgres.sql.unfenced).not.toBe(postgres.sql.fenced);
  });

  it("seeds the story's row as the evening starts", () => {
    const plan = planSteps(fenced, 0, postgres);
    expect(plan).toMatchObject({
      domain: 'go.shop.example',
      createTable: postgres.createTable,
      insertRow: postgres.insertRow,
    });
    expect(plan.seed).toEqual(['go.shop.example', 'serial 1000', 32]);
  });
});
