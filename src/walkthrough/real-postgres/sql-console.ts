import type { PGliteInterface, Results } from '@electric-sql/pglite';

/** What one statement of the console gave back: its command tag, and rows if it returned any. */
export interface StatementResult {
  readonly tag: string;
  readonly columns: readonly string[];
  readonly rows: readonly Readonly<Record<string, unknown>>[];
}

/** A Postgres error as Postgres reports it: severity, message, SQLSTATE, and where in the text it happened. */
export interface PostgresError {
  readonly message: string;
  readonly code: string | null;
  readonly position: number | null;
}

export type ConsoleOutcome =
  | { readonly ok: true; readonly results: readonly StatementResult[] }
  | { readonly ok: false; readonly error: PostgresError };

/** Each statement's first keyword, for its tag ("UPDATE 1", "INSERT 0 1"), as psql prints it. */
function tagsOf(sql: string): string[] {
  return sql
    .split(';')
    .map((statement) => statement.replace(/--[^\n]*/g, '').trim())
    .filter(Boolean)
    .map((statement) => statement.split(/\s+/)[0]!.toUpperCase());
}

function tagFor(keyword: string, result: Results): string {
  switch (keyword) {
    case 'SELECT':
      return `SELECT ${result.rows.length}`;
    case 'INSERT':
      return `INSERT 0 ${result.affectedRows ?? 0}`;
    case 'UPDATE':
    case 'DELETE':
      return `${keyword} ${result.affectedRows ?? 0}`;
    default:
      return keyword || 'OK';
  }
}

/** Runs what the learner typed on the in-page database. Errors come back as values, never thrown. */
export async function runConsole(db: Pick<PGliteInterface, 'exec'>, sql: string): Promise<ConsoleOutcome> {
  try {
    const results = await db.exec(sql);
    const tags = tagsOf(sql);
    return {
      ok: true,
      results: results.map((result, index) => ({
        tag: tagFor(tags[index] ?? '', result),
        columns: result.fields.map((field) => field.name),
        rows: result.rows as Record<string, unknown>[],
      })),
    };
  } catch (error) {
    const details = error as { message?: string; code?: string; position?: string | number };
    return {
      ok: false,
      error: {
        message: details.message ?? String(error),
        code: details.code ?? null,
        position: details.position === undefined ? null : Number(details.position),
      },
    };
  }
}
