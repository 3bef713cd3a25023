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

/**
 * Runs every write up to the learner's step on real Postgres, from a fresh table, inside a transaction that
 * is rolled back: stepping back or switching fencing just runs again, and the SQL console's own table is
 * left as it was.
 */
export async function runStepsOnPostgres(
  db: TransactionalDatabase,
  timeline: Timeline,
  cursor: number,
  statements: PostgresPageContent,
): Promise<RealRun> {
  const { domain } = timeline.scenario;
  const first = timeline.frames[0]?.happening;
  const seedRow = first?.kind === 'scenarioStarted' ? first.row : null;
  return db.transaction(async (tx) => {
    await tx.exec('DROP TABLE IF EXISTS certificates');
    await tx.exec(statements.createTable);
    if (seedRow) await tx.query(statements.insertRow, [domain, describeCertificate(seedRow.cert), seedRow.fence]);
    const writes: RealWrite[] = [];
    for (const frame of timeline.frames.slice(0, cursor + 1)) {
      const { happening } = frame;
      if (happening.kind !== 'writeRequested') continue;
      const sql = happening.mode === 'fenced' ? statements.sql.fenced : statements.sql.unfenced;
      const params = [domain, describeCertificate(happening.cert), happening.fencingToken] as const;
      const result = await tx.query(sql, [...params]);
      writes.push({
        step: frame.index + 1,
        renewer: happening.renewer,
        params,
        realRows: result.affectedRows ?? 0,
        simulatedRows: happening.rowsChanged,
      });
    }
    const { rows } = await tx.query<{ cert: string; fence: number }>(
      'SELECT cert, fence FROM certificates WHERE domain = $1',
      [domain],
    );
    await tx.rollback();
    return { writes, row: rows[0] ? { cert: rows[0].cert, fence: Number(rows[0].fence) } : null };
  });
}
