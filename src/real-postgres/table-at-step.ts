import type { StepPlan } from './run-steps';

/** A value written into SQL as Postgres reads a literal: a string quoted (its quotes doubled), a number, or NULL. */
function literal(value: string | number | null): string {
  if (value === null) return 'NULL';
  if (typeof value === 'number') return String(value);
  return `'${value.replace(/'/g, "''")}'`;
}

/**
 * The statements that put the console's own table where the walkthrough's stands after a plan's writes: the story's
 * row, then each write as the lesson's own statement with its parameters written in. Unqualified names, run in the
 * console as its role: its own `certificates`, never the steps' schema.
 */
export function tableAtStep(plan: StepPlan): string {
  const start = plan.seed
    ? [
        `DELETE FROM certificates;`,
        `INSERT INTO certificates (domain, cert, fence) VALUES (${plan.seed.map(literal).join(', ')});`,
      ]
    : [`DELETE FROM certificates;`];
  const writes = plan.writes.map((write) =>
    write.sql.replace(/\$([1-3])(?!\d)/g, (_, index: string) => literal(write.params[Number(index) - 1] ?? null)),
  );
  return [...start, ...writes].join('\n');
}
