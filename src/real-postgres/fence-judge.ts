import { protocol, type PGliteInterface } from '@electric-sql/pglite';
import { checkIdentity, type PostgresError } from './console-engine';
import { exerciseRefusal, type ExerciseRefusal } from './fence-statement';
import { known } from '@/sim/known';

/**
 * The fence exercise's judge, on the worker's Postgres: the learner's one statement, run for each write of each
 * case with the write's domain, certificate and token bound as $1, $2 and $3, in a transaction of the case's own
 * that is rolled back. It reports what Postgres said (each write's row count, the row after it, an error, other
 * tables touched); what that means is the page's to say (fence-verdict.ts).
 */

export interface CaseWrite {
  readonly renewer: string;
  readonly token: number;
  readonly cert: string;
}

export interface JudgeCase {
  /** The row before the first write; null where the domain has no row yet. */
  readonly rowBefore: { readonly cert: string; readonly fence: number } | null;
  readonly writes: readonly CaseWrite[];
}

export interface RowAfter {
  readonly cert: string;
  readonly fence: string;
}

export type CaseRun =
  | {
      readonly kind: 'ran';
      /** Each write's row count: `UPDATE n` or `INSERT 0 n`. */
      readonly rows: readonly number[];
      /** The domain's row after each write, or null where it has none. */
      readonly after: readonly (RowAfter | null)[];
      /** User tables the statement read or wrote, other than the case's own certificates. */
      readonly otherTables: readonly string[];
      /** Whether another domain's row, there in every case, was changed: the statement must write its own only. */
      readonly neighbourChanged: boolean;
    }
  | { readonly kind: 'failed'; readonly write: number; readonly error: PostgresError };

export type JudgeRun =
  | { readonly kind: 'refused'; readonly refusal: ExerciseRefusal }
  | { readonly kind: 'judged'; readonly cases: readonly CaseRun[] }
  /** The check's own table could not be made: something the console set in the session is in the way. */
  | { readonly kind: 'setupFailed'; readonly message: string };

/** The domain every case writes, as the story's. */
export const EXERCISE_DOMAIN = 'go.shop.example';
/** Another domain's row, in every case, with a fence below every token: a statement that does not pick its row by `domain = $1` changes it. */
const NEIGHBOUR = { domain: 'api.shop.example', cert: 'serial 2000', fence: 1 } as const;

/** Postgres's type oids for the parameters: $1 and $2 text, $3 bigint, as the table's columns are. */
const PARAMETER_TYPES = [25, 25, 20];

/**
 * Each case's own table, made in the transaction and gone with its rollback: the console's table, whatever the
 * learner did to it there, is neither read nor changed. `pg_temp` first, so the bare name means this one.
 */
function caseTable(createTable: string): string {
  if (!/^CREATE TABLE certificates\b/.test(createTable))
    throw new Error('The exercise needs CREATE TABLE certificates.');
  // A temporary `certificates` the console made is dropped for the case, and back with the rollback.
  return `DROP TABLE IF EXISTS pg_temp.certificates CASCADE; SET LOCAL search_path TO pg_temp, public;
    ${createTable.replace('CREATE TABLE', 'CREATE TEMP TABLE')}`;
}

type Messages = typeof protocol.messages;
type Message<K extends keyof Messages> = Messages[K] extends abstract new (...args: never[]) => infer M ? M : never;

/** One write by the extended protocol: its row count, or Postgres's error. Returned rows are counted, never kept. */
async function runWrite(
  db: Pick<PGliteInterface, 'execProtocolRawStream'>,
  statement: string,
  write: CaseWrite,
): Promise<{ rows: number } | { error: PostgresError }> {
  const parser = new protocol.Parser();
  let tag: string | null = null;
  let error: PostgresError | null = null;
  const message = [
    protocol.serialize.parse({ text: statement, types: PARAMETER_TYPES }),
    protocol.serialize.bind({ values: [EXERCISE_DOMAIN, write.cert, String(write.token)] }),
    protocol.serialize.execute({}),
    protocol.serialize.sync(),
  ];
  const bytes = new Uint8Array(message.reduce((total, part) => total + part.length, 0));
  message.reduce((offset, part) => (bytes.set(part, offset), offset + part.length), 0);
  await db.execProtocolRawStream(bytes, {
    onRawData: (chunk) =>
      parser.parse(chunk, (reply) => {
        if (reply.name === 'commandComplete') tag = (reply as Message<'CommandCompleteMessage'>).text;
        if (reply.name === 'error') {
          const details = reply as Message<'DatabaseError'>;
          error = {
            message: details.message.slice(0, 2_000),
            code: details.code ?? null,
            position: details.position === undefined ? null : Number(details.position),
          };
        }
      }),
  });
  if (error) return { error };
  // `UPDATE n`, `INSERT 0 n`: the count is the tag's last word.
  return { rows: Number((tag ?? '').split(' ').at(-1)) || 0 };
}

/**
 * Reads and writes so far, per user table other than the case's own, from Postgres's statistics. They are read
 * before and after the learner's writes, and compared: PGlite does not flush them between transactions, so the
 * counts of `pg_stat_xact_user_tables` run on from earlier ones.
 */
async function tableActivity(db: Pick<PGliteInterface, 'query'>): Promise<Map<string, number>> {
  const { rows } = await db.query<{ name: string; count: string }>(
    `SELECT schemaname || '.' || relname AS name,
            (seq_scan + COALESCE(idx_scan, 0) + n_tup_ins + n_tup_upd + n_tup_del)::text AS count
       FROM pg_catalog.pg_stat_xact_user_tables WHERE relid <> 'pg_temp.certificates'::regclass`,
  );
  return new Map(rows.map((row) => [row.name, Number(row.count)]));
}

/**
 * Tables, views and sequences this transaction holds a lock on, other than the case's own table. Every access takes
 * one, and keeps it to the transaction's end: a read the statistics do not count (by tuple address, `ctid`) and a
 * sequence's `nextval`, which no rollback undoes, show here.
 */
async function lockedRelations(db: Pick<PGliteInterface, 'query'>): Promise<Set<string>> {
  const { rows } = await db.query<{ name: string }>(
    `SELECT DISTINCT n.nspname || '.' || c.relname AS name
       FROM pg_catalog.pg_locks l
       JOIN pg_catalog.pg_class c ON c.oid = l.relation
       JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
      WHERE l.pid = pg_catalog.pg_backend_pid() AND l.locktype = 'relation'
        AND c.relkind IN ('r', 'p', 'v', 'm', 'f', 'S')
        AND n.nspname NOT IN ('pg_catalog', 'information_schema')
        AND c.oid <> 'pg_temp.certificates'::regclass`,
  );
  return new Set(rows.map((row) => row.name));
}

async function runCase(
  db: Pick<PGliteInterface, 'exec' | 'query' | 'execProtocolRawStream'>,
  statement: string,
  createTable: string,
  judged: JudgeCase,
): Promise<CaseRun> {
  // Read-write and READ COMMITTED whatever the console set as its session's defaults.
  await db.exec('BEGIN ISOLATION LEVEL READ COMMITTED READ WRITE');
  try {
    await db.exec(caseTable(createTable));
    const insert = 'INSERT INTO pg_temp.certificates (domain, cert, fence) VALUES ($1, $2, $3)';
    await db.query(insert, [NEIGHBOUR.domain, NEIGHBOUR.cert, NEIGHBOUR.fence]);
    if (judged.rowBefore) await db.query(insert, [EXERCISE_DOMAIN, judged.rowBefore.cert, judged.rowBefore.fence]);
    const before = await tableActivity(db);
    const lockedBefore = await lockedRelations(db);
    const rows: number[] = [];
    const after: (RowAfter | null)[] = [];
    for (const [index, write] of judged.writes.entries()) {
      const outcome = await runWrite(db, statement, write);
      if ('error' in outcome) return { kind: 'failed', write: index, error: outcome.error };
      rows.push(outcome.rows);
      const { rows: read } = await db.query<RowAfter>(
        'SELECT cert, fence::text AS fence FROM pg_temp.certificates WHERE domain = $1',
        [EXERCISE_DOMAIN],
      );
      after.push(read[0] ?? null);
    }
    const counted = [...(await tableActivity(db))]
      .filter(([name, count]) => count > (before.get(name) ?? 0))
      .map(([name]) => name);
    const locked = [...(await lockedRelations(db))].filter((name) => !lockedBefore.has(name));
    const touched = [...new Set([...counted, ...locked])].sort();
    const { rows: neighbour } = await db.query<RowAfter>(
      'SELECT cert, fence::text AS fence FROM pg_temp.certificates WHERE domain = $1',
      [NEIGHBOUR.domain],
    );
    const neighbourChanged =
      neighbour.length !== 1 ||
      known(neighbour[0]).cert !== NEIGHBOUR.cert ||
      known(neighbour[0]).fence !== String(NEIGHBOUR.fence);
    return { kind: 'ran', rows, after, otherTables: touched, neighbourChanged };
  } finally {
    await db.exec('ROLLBACK');
  }
}

/**
 * Judges `statement` over every case, or refuses it unrun. After the last case the session must still be the
 * learner's, as after a console run; if not, EngineBroken is thrown and the page restarts Postgres.
 */
export async function judgeStatement(
  db: Pick<PGliteInterface, 'exec' | 'query' | 'execProtocolRawStream'>,
  statement: string,
  cases: readonly JudgeCase[],
  createTable: string,
  seal?: string,
): Promise<JudgeRun> {
  const refusal = exerciseRefusal(statement);
  if (refusal) return { kind: 'refused', refusal };
  const runs: CaseRun[] = [];
  try {
    for (const judged of cases) runs.push(await runCase(db, statement, createTable, judged));
  } catch (error) {
    // The check's own SQL failed (not the learner's, whose errors are each case's): an SQL error is said as such;
    // anything else means Postgres broke, and the server says so.
    if (!(error instanceof Error && 'code' in error)) throw error;
    return { kind: 'setupFailed', message: error.message };
  }
  await checkIdentity(db, seal);
  return { kind: 'judged', cases: runs };
}
