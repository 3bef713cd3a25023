import { protocol, type PGliteInterface } from '@electric-sql/pglite';
import { refusalOf, splitStatements, type Refusal } from './split-statements';

/** Rows a result keeps for display; the rest are counted, not held (a million rows would exhaust the tab). */
export const SHOWN_ROWS = 500;

/** A Postgres error as Postgres reports it: message, SQLSTATE, and where in the statement it happened. */
export interface PostgresError {
  readonly message: string;
  readonly code: string | null;
  readonly position: number | null;
}

/** One statement's outcome, in the order they ran. Values are Postgres's text form; null is SQL NULL. */
export type StatementOutcome =
  | {
      readonly kind: 'ran';
      readonly sql: string;
      /** The CommandComplete tag exactly as Postgres sent it: `UPDATE 0`, `INSERT 0 1`, `SELECT 3`, `BEGIN`. */
      readonly tag: string;
      /** By position: two columns may share a name (`SELECT 1 AS a, 2 AS a`). */
      readonly columns: readonly string[];
      readonly rows: readonly (readonly (string | null)[])[];
      /** Every row Postgres returned, of which `rows` holds the first SHOWN_ROWS. */
      readonly rowCount: number;
    }
  | { readonly kind: 'failed'; readonly sql: string; readonly error: PostgresError }
  | { readonly kind: 'refused'; readonly sql: string; readonly refusal: Refusal };

/** Where the session stands after the run, from Postgres's ReadyForQuery: no transaction, one open, one failed. */
export type TransactionState = 'idle' | 'open' | 'failed';

export interface ConsoleRun {
  readonly statements: readonly StatementOutcome[];
  readonly transaction: TransactionState;
}

/** A backend message of the kind the parser named. */
type Messages = typeof protocol.messages;
type Message<K extends keyof Messages> = Messages[K] extends abstract new (...args: never[]) => infer M ? M : never;

const TRANSACTION_STATES: Readonly<Record<string, TransactionState>> = { I: 'idle', T: 'open', E: 'failed' };

/**
 * Runs console input one statement at a time, as psql does: each in its own implicit transaction unless the
 * learner wrote BEGIN, each with its own command tag, and on past an error to the next statement.
 */
export async function runConsoleInput(
  db: Pick<PGliteInterface, 'execProtocolRawStream'>,
  sql: string,
  transaction: TransactionState,
): Promise<ConsoleRun> {
  const statements: StatementOutcome[] = [];
  let state = transaction;
  for (const statement of splitStatements(sql)) {
    const refusal = refusalOf(statement);
    if (refusal) {
      statements.push({ kind: 'refused', sql: statement, refusal });
      continue;
    }
    const outcome = await runOne(db, statement);
    statements.push(outcome.statement);
    state = outcome.transaction ?? state;
  }
  return { statements, transaction: state };
}

async function runOne(
  db: Pick<PGliteInterface, 'execProtocolRawStream'>,
  sql: string,
): Promise<{ statement: StatementOutcome; transaction: TransactionState | null }> {
  const parser = new protocol.Parser();
  let columns: string[] = [];
  const rows: (string | null)[][] = [];
  let rowCount = 0;
  let tag = '';
  let error: PostgresError | null = null;
  let transaction: TransactionState | null = null;
  const decoder = new TextDecoder();
  await db.execProtocolRawStream(protocol.serialize.query(sql), {
    onRawData: (chunk) =>
      parser.parse(chunk, (message) => {
        switch (message.name) {
          case 'rowDescription':
            columns = (message as Message<'RowDescriptionMessage'>).fields.map((field) => field.name);
            break;
          case 'dataRow':
            rowCount += 1;
            if (rows.length < SHOWN_ROWS) rows.push((message as Message<'DataRowMessage'>).fields);
            break;
          case 'copyData':
            // COPY … TO STDOUT: each line of its output is a row.
            rowCount += 1;
            if (rows.length < SHOWN_ROWS)
              rows.push([decoder.decode((message as Message<'CopyDataMessage'>).chunk).replace(/\n$/, '')]);
            if (columns.length === 0) columns = ['COPY output'];
            break;
          case 'commandComplete':
            tag = (message as Message<'CommandCompleteMessage'>).text;
            break;
          case 'error': {
            const details = message as Message<'DatabaseError'>;
            error = {
              message: details.message,
              code: details.code ?? null,
              position: details.position === undefined ? null : Number(details.position),
            };
            break;
          }
          case 'readyForQuery':
            transaction = TRANSACTION_STATES[(message as Message<'ReadyForQueryMessage'>).status] ?? null;
            break;
        }
      }),
  });
  const statement: StatementOutcome = error
    ? { kind: 'failed', sql, error }
    : { kind: 'ran', sql, tag, columns, rows, rowCount };
  return { statement, transaction };
}
