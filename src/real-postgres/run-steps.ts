import type { Transaction } from '@electric-sql/pglite';
import type { PostgresPageContent } from '@/content/types';
import type { Timeline } from '@/sim/run';
import { describeCertificate } from '@/story/narrate';

/** One write of the walkthrough, run on real Postgres, beside what the simulation's table answered. */
export interface RealWrite {
  readonly step: number;
  readonly renewer: string;
  readonly params: readonly [domain: string, cert: string, token: number | null];
  /** Rows the real UPDATE changed, as Postgres's `UPDATE n` reports it. */
  readonly realRows: number;
  readonly simulatedRows: number;
}

export interface RealRun {
  readonly writes: readonly RealWrite[];
  readonly row: { readonly cert: string; readonly fence: number } | null;
}

/** The part of a PGlite database the runner needs: a transaction it can roll back. */
export interface TransactionalDatabase {
  transaction<T>(run: (tx: Transaction) => Promise<T>): Promise<T>;
}

/** What the worker runs for a step: the table, its seed row and each write so far, with the simulation's counts. */
export interface StepPlan {
  readonly domain: string;
  readonly createTable: string;
  readonly insertRow: string;
  readonly seed: readonly [domain: string, cert: string, fence: number] | null;
  readonly writes: readonly {
    readonly step: number;
    readonly renewer: string;
    readonly sql: string;
    readonly params: readonly [domain: string, cert: string, token: number | null];
    readonly simulatedRows: number;
  }[];
}

/** Every write up to the learner's step, as SQL the lesson shows; plain data, so it can cross to the worker. */
export function planSteps(timeline: Timeline, cursor: number, statements: PostgresPageContent): StepPlan {
  const { domain } = timeline.scenario;
  const first = timeline.frames[0]?.happening;
  const writes = timeline.frames.slice(0, cursor + 1).flatMap((frame) => {
    const { happening } = frame;
    if (happening.kind !== 'writeRequested') return [];
    return [
      {
        step: frame.index + 1,
        renewer: happening.renewer,
        sql: happening.mode === 'fenced' ? statements.sql.fenced : statements.sql.unfenced,
        params: [domain, describeCertificate(happening.cert), happening.fencingToken] as const,
        simulatedRows: happening.rowsChanged,
      },
    ];
  });
  return {
    domain,
    createTable: statements.createTable,
    insertRow: statements.insertRow,
    seed:
      first?.kind === 'scenarioStarted' && first.row
        ? [domain, describeCertificate(first.row.cert), first.row.fence]
        : null,
    writes,
  };
}

/**
 * Runs a plan on real Postgres, from a fresh table, inside a transaction that is rolled back: stepping back or
 * switching fencing just runs again, and the SQL console's own table is left as it was.
 */
export async function runPlan(db: TransactionalDatabase, plan: StepPlan): Promise<RealRun> {
  return db.transaction(async (tx) => {
    await tx.exec('DROP TABLE IF EXISTS certificates');
    await tx.exec(plan.createTable);
    if (plan.seed) await tx.query(plan.insertRow, [...plan.seed]);
    const writes: RealWrite[] = [];
    for (const write of plan.writes) {
      const result = await tx.query(write.sql, [...write.params]);
      writes.push({
        step: write.step,
        renewer: write.renewer,
        params: write.params,
        realRows: result.affectedRows ?? 0,
        simulatedRows: write.simulatedRows,
      });
    }
    const { rows } = await tx.query<{ cert: string; fence: number }>(
      'SELECT cert, fence FROM certificates WHERE domain = $1',
      [plan.domain],
    );
    await tx.rollback();
    return { writes, row: rows[0] ? { cert: rows[0].cert, fence: Number(rows[0].fence) } : null };
  });
}
