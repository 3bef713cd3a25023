import { protocol, type PGliteInterface } from '@electric-sql/pglite';
import { CLIENT_ENCODING, LEARNER_ROLE, SESSION_USER, sessionIdentity } from './session';
import { CELL_CHARACTERS, OUTPUT_CELLS, OUTPUT_CHARACTERS, SHOWN_ROWS } from './console-limits';
import { refusalOf, splitStatements, type Refusal } from './split-statements';

/** A value cut to CELL_CHARACTERS: its start, and how many characters were left out. */
export interface CutCell {
  readonly start: string;
  readonly more: number;
}
export type Cell = string | CutCell | null;

/**
 * Postgres stopped behaving as Postgres does: a statement ended without its reply (no CommandComplete, error or
 * ReadyForQuery), it reports its error stack exhausted, or the session is no longer the learner's role in UTF-8.
 */
export class EngineBroken extends Error {
  constructor(
    readonly reason: 'noReply' | 'identityChanged',
    message: string,
  ) {
    super(message);
  }
}

/** A Postgres error as Postgres reports it: message, SQLSTATE, and where in the statement it happened. */
export interface PostgresError {
  readonly message: string;
  readonly code: string | null;
  readonly position: number | null;
  /** Characters of the message left out: past a cell's length, or past the run's output limit. */
  readonly more?: number;
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
      readonly rows: readonly (readonly Cell[])[];
      /** Every row Postgres returned, of which `rows` holds the first SHOWN_ROWS. */
      readonly rowCount: number;
      /** Rows were left out because the run's output reached OUTPUT_CHARACTERS or OUTPUT_CELLS, not only SHOWN_ROWS. */
      readonly outputLimited: boolean;
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
 * learner wrote BEGIN, each with its own command tag, and on past an error to the next statement. After each,
 * the session must still be the learner's role in UTF-8; if not, it throws EngineBroken and runs nothing more.
 */
export async function runConsoleInput(
  db: Pick<PGliteInterface, 'execProtocolRawStream' | 'query'>,
  sql: string,
  transaction: TransactionState,
  /** prepareDatabase's seal on what the console must leave alone; checked after each statement when given. */
  seal?: string,
): Promise<ConsoleRun> {
  const statements: StatementOutcome[] = [];
  const budget: Budget = { characters: OUTPUT_CHARACTERS, cells: OUTPUT_CELLS };
  let state = transaction;
  for (const statement of splitStatements(sql)) {
    const refusal = refusalOf(statement);
    if (refusal) {
      statements.push({ kind: 'refused', sql: statement, refusal });
      continue;
    }
    const outcome = await runOne(db, statement, budget);
    statements.push(outcome.statement);
    state = outcome.transaction;
    // In a failed transaction Postgres answers nothing but ROLLBACK; what failed there was rolled back anyway.
    if (state !== 'failed') await checkIdentity(db, seal);
  }
  return { statements, transaction: state };
}

/** Wrapped forms no text match sees (EXECUTE 'SET ' || 'ROLE …', set_config) are caught here, after the fact. */
export async function checkIdentity(db: Pick<PGliteInterface, 'query'>, seal: string | undefined) {
  const now = await sessionIdentity(db);
  if (now.role !== LEARNER_ROLE) throw new EngineBroken('identityChanged', `the console's role became ${now.role}`);
  if (now.session !== SESSION_USER)
    throw new EngineBroken('identityChanged', `the console's session user became ${now.session}`);
  if (now.encoding !== CLIENT_ENCODING)
    throw new EngineBroken('identityChanged', `the console's encoding became ${now.encoding}`);
  if (seal !== undefined && now.seal !== seal)
    throw new EngineBroken('identityChanged', "the console changed the walkthrough's table or its own role's rights");
}

/** A value as the page keeps it: whole, or cut with a count of what was left out. */
function keptCell(value: string | null): Cell {
  if (value === null || value.length <= CELL_CHARACTERS) return value;
  return { start: value.slice(0, CELL_CHARACTERS), more: value.length - CELL_CHARACTERS };
}

/** What the page has left to draw for this run. */
interface Budget {
  characters: number;
  cells: number;
}

/** A cell as the page draws it: its characters, at least one (NULL, '' and a cut value's start all take room). */
const drawnCharacters = (cell: Cell) =>
  Math.max(1, cell === null ? 0 : typeof cell === 'string' ? cell.length : cell.start.length);

/** Takes what drawing `cells` cells of `characters` costs from the budget; false, and the budget spent, if it cannot. */
function spend(budget: Budget, cells: number, characters: number): boolean {
  if (cells > budget.cells || characters > budget.characters) {
    budget.cells = 0;
    budget.characters = 0;
    return false;
  }
  budget.cells -= cells;
  budget.characters -= characters;
  return true;
}

/** An error's message as the page keeps it: within a cell's length and what is left of the run's budget. */
function keptMessage(message: string, budget: Budget): { message: string; more?: number } {
  const length = Math.min(message.length, CELL_CHARACTERS, Math.max(0, budget.characters));
  budget.characters -= length;
  return length === message.length ? { message } : { message: message.slice(0, length), more: message.length - length };
}

async function runOne(
  db: Pick<PGliteInterface, 'execProtocolRawStream'>,
  sql: string,
  budget: Budget,
): Promise<{ statement: StatementOutcome; transaction: TransactionState }> {
  const parser = new protocol.Parser();
  let columns: string[] = [];
  const rows: Cell[][] = [];
  let rowCount = 0;
  let outputLimited = false;
  let tag: string | null = null;
  let error: PostgresError | null = null;
  let transaction: TransactionState | null = null;
  // Postgres past its error stack (ERRORDATA_STACK_SIZE) answers nothing sane again; judged on the whole message.
  let exhausted = false;
  const decoder = new TextDecoder();
  /** Keeps a row while there is room for it, by count and by size. */
  const keep = (row: Cell[]) => {
    rowCount += 1;
    if (rows.length >= SHOWN_ROWS) return;
    const characters = row.reduce((total, cell) => total + drawnCharacters(cell), 0);
    if (spend(budget, row.length, characters)) rows.push(row);
    else outputLimited = true;
  };
  await db.execProtocolRawStream(protocol.serialize.query(sql), {
    onRawData: (chunk) =>
      parser.parse(chunk, (message) => {
        switch (message.name) {
          case 'rowDescription':
            columns = (message as Message<'RowDescriptionMessage'>).fields.map((field) => field.name);
            // The headers are drawn too; past the budget a result keeps none, and its rows are only counted.
            if (
              !spend(
                budget,
                columns.length,
                columns.reduce((total, name) => total + Math.max(1, name.length), 0),
              )
            ) {
              columns = [];
              outputLimited = true;
            }
            break;
          case 'dataRow':
            keep((message as Message<'DataRowMessage'>).fields.map(keptCell));
            break;
          case 'copyData':
            // COPY … TO STDOUT: each line of its output is a row.
            keep([keptCell(decoder.decode((message as Message<'CopyDataMessage'>).chunk).replace(/\n$/, ''))]);
            if (columns.length === 0) columns = ['COPY output'];
            break;
          case 'commandComplete':
            tag = (message as Message<'CommandCompleteMessage'>).text;
            break;
          case 'error': {
            const details = message as Message<'DatabaseError'>;
            exhausted ||= details.message.includes('ERRORDATA_STACK_SIZE');
            error = {
              // A message is text the learner chose (RAISE EXCEPTION '%', repeat(…)): kept like a cell, and counted.
              ...keptMessage(details.message, budget),
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
  // Decided by the protocol, not by recognising errors: every statement ends in ReadyForQuery, after its
  // CommandComplete or its error.
  const failure = error as PostgresError | null;
  if (transaction === null || (tag === null && failure === null))
    throw new EngineBroken('noReply', 'it stopped answering in the middle of a statement');
  if (exhausted) throw new EngineBroken('noReply', failure?.message ?? 'ERRORDATA_STACK_SIZE');
  const statement: StatementOutcome = failure
    ? { kind: 'failed', sql, error: failure }
    : { kind: 'ran', sql, tag: tag ?? '', columns, rows, rowCount, outputLimited };
  return { statement, transaction };
}
