import { describe, expect, it } from 'vitest';
import type { StepPlan } from './run-steps';
import { tableAtStep } from './table-at-step';

const plan = (overrides: Partial<StepPlan> = {}): StepPlan => ({
  domain: 'go.shop.example',
  createTable: 'CREATE TABLE certificates (domain text, cert text, fence bigint);',
  insertRow: 'INSERT INTO certificates (domain, cert, fence) VALUES ($1, $2, $3);',
  seed: ['go.shop.example', 'serial 1000', 32],
  writes: [
    {
      step: 12,
      renewer: 'B',
      sql: 'UPDATE certificates SET cert = $2, fence = $3\nWHERE domain = $1 AND fence <= $3;',
      params: ['go.shop.example', 'serial 1002', 34],
      simulatedRows: 1,
    },
  ],
  ...overrides,
});

describe("the console's table set to a step", () => {
  it("is the story's row, then each write as the lesson's statement with its parameters written in", () => {
    expect(tableAtStep(plan())).toBe(
      [
        'DELETE FROM certificates;',
        "INSERT INTO certificates (domain, cert, fence) VALUES ('go.shop.example', 'serial 1000', 32);",
        "UPDATE certificates SET cert = 'serial 1002', fence = 34\nWHERE domain = 'go.shop.example' AND fence <= 34;",
      ].join('\n'),
    );
  });

  it('quotes a value with a quote in it, writes a missing token as NULL, and names no schema', () => {
    const sql = tableAtStep(
      plan({
        seed: null,
        writes: [
          { step: 3, renewer: 'A', sql: 'SELECT $1, $2, $3, $10;', params: ["it's", 'x', null], simulatedRows: 0 },
        ],
      }),
    );
    expect(sql).toBe("DELETE FROM certificates;\nSELECT 'it''s', 'x', NULL, $10;");
    expect(sql).not.toMatch(/walkthrough\./);
  });
});
