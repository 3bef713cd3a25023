import type { PGliteInterface, Transaction } from '@electric-sql/pglite';
import type { PostgresPageContent } from '@/content/types';
import type { Timeline } from '@/sim/run';
import { describeCertificate } from '@/story/narrate';
import { LEARNER_ROLE, WALKTHROUGH_SCHEMA } from './session';

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

/** The part of a PGlite database the runner needs: statements, and a transaction it can roll back. */
export interface TransactionalDatabase extends Pick<PGliteInterface, 'exec' | 'query'> {
  transaction<T>(run: (tx: Transaction) => Promise<T>): Promise<T>;
}

/** What the worker runs for a step: the table, its seed row and each write so far, with the simulation's counts. */
export interface StepPlan {
  readonly domain: string;
  /** The table as the lesson creates it: built afresh for every plan. */
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
 * Runs a plan on real Postgres, on the walkthrough's own table, inside a transaction that is rolled back: stepping
 * back or switching fencing just runs again. Nothing the console did may change the answer, so it runs as the
 * superuser in the walkthrough's schema (the console's role cannot reach it) with every session setting at its
 * default (`RESET ALL`: `default_transaction_read_only`, `search_path`, timeouts…), and puts the console's own
 * settings and role back afterwards. Its only DDL is the table's rebuild; the console cannot make an event trigger
 * that would fire on it without breaking the seal.
 */
export async function runPlan(db: TransactionalDatabase, plan: StepPlan): Promise<RealRun> {
  const { rows: consoleSettings } = await db.query<{ name: string; setting: string }>(
    "SELECT name, setting FROM pg_catalog.pg_settings WHERE source = 'session'",
  );
  await db.exec(
    `SET SESSION AUTHORIZATION DEFAULT; RESET ROLE; RESET ALL; SET search_path TO ${WALKTHROUGH_SCHEMA}, pg_temp;`,
  );
  try {
    return await db.transaction(async (tx) => {
      // The table is built afresh from the lesson's own statement, every time: a superuser detour from the console
      // (SET ROLE built by EXECUTE inside DO) that changed its columns, types, constraints, defaults, triggers or
      // rules cannot change a step's answer. Event triggers, which could change the new table, are in the seal.
      await tx.exec(`DROP TABLE IF EXISTS ${WALKTHROUGH_SCHEMA}.certificates CASCADE; ${plan.createTable}`);
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
  } finally {
    // Back to the learner's role first: its settings are put back as the learner, one by one, and one that
    // cannot be (a text search configuration since dropped, say) is left at its default rather than stop the rest.
    await db.exec(`RESET ALL; SET ROLE ${LEARNER_ROLE};`);
    for (const { name, setting } of consoleSettings) {
      await db.query('SELECT pg_catalog.set_config($1, $2, false)', [name, setting]).catch(() => undefined);
    }
  }
}
