import { refusalOf, splitStatements, withoutLiterals, type Refusal } from './split-statements';
import { known } from '@/sim/known';

/**
 * What the fence exercise will run: one UPDATE or INSERT on `certificates`, nothing else. Read from the text before
 * anything runs, on both sides of the worker: the page says why at once, and the worker never trusts the page.
 */

/** Why a statement is not judged: the console's own refusals, and the exercise's. */
export type ExerciseRefusal = Refusal | 'empty' | 'several' | 'with' | 'notAWrite' | 'qualified';

/** The table the exercise's statement must write, by its bare name: the check gives each case a table of its own. */
const CERTIFICATES = String.raw`(?:CERTIFICATES|"certificates")(?![\w$"])`;
const TARGET = String.raw`^(?:UPDATE\s+(?:ONLY\s+)?|INSERT\s+INTO\s+)`;
const WRITE = new RegExp(TARGET + CERTIFICATES);
/** The same table named in a schema (the console's own, in `public`): not the one the check runs on. */
const QUALIFIED = new RegExp(TARGET + String.raw`(?:[\w$]+|"(?:[^"]|"")*")\s*\.\s*` + CERTIFICATES);

/**
 * The statement's code, its comments gone and its quoted text blanked, with every unquoted word upper-cased as
 * Postgres folds it (to lower case; upper here, so keywords read as written in the lesson). A quoted name keeps
 * its case: `"Certificates"` is another table.
 */
export function codeOf(statement: string): string {
  return withoutLiterals(statement)
    .split(/("(?:[^"]|"")*")/)
    .map((part, index) => (index % 2 === 1 ? part : part.toUpperCase()))
    .join('')
    .trim();
}

export function exerciseRefusal(sql: string): ExerciseRefusal | null {
  const statements = splitStatements(sql);
  if (statements.length === 0) return 'empty';
  if (statements.length > 1) return 'several';
  const statement = known(statements[0]);
  const refusal = refusalOf(statement);
  if (refusal) return refusal;
  const code = codeOf(statement);
  if (/^WITH\b/.test(code)) return 'with';
  if (QUALIFIED.test(code)) return 'qualified';
  return WRITE.test(code) ? null : 'notAWrite';
}

/** The condition a write is made under: what follows the statement's last WHERE before any RETURNING, or nothing. */
export function conditionOf(statement: string): string {
  const code = codeOf(statement).replace(/\bRETURNING\b[\s\S]*$/, '');
  const at = code.search(/\bWHERE\b(?![\s\S]*\bWHERE\b)/);
  return at === -1 ? '' : code.slice(at + 'WHERE'.length);
}

/** An upsert, or a plain INSERT: its advice names EXCLUDED, and its tag is `INSERT 0 n`. */
export const isInsert = (statement: string): boolean => codeOf(statement).startsWith('INSERT');

/** Whether an INSERT updates the row it conflicts with: without DO UPDATE it can only add a row, never renew one. */
export const updatesOnConflict = (statement: string): boolean => /\bDO\s+UPDATE\b/.test(codeOf(statement));

/** Whether an UPDATE picks its row by `$1`, the domain. */
export const conditionUsesDomain = (statement: string): boolean => /\$1(?!\d)/.test(conditionOf(statement));

/** Whether the condition looks at the writer's token: `$3`, or the upsert's `EXCLUDED.fence`. */
export const conditionUsesToken = (statement: string): boolean =>
  /\$3(?!\d)|EXCLUDED\s*\.\s*(?:FENCE|"fence")(?![\w$"])/.test(conditionOf(statement));

/** Whether the condition compares certificates: a CA's serials carry no order. */
export const conditionUsesCert = (statement: string): boolean =>
  /(?<![\w$."])(?:CERT|"cert")(?![\w$"])|\.\s*(?:CERT|"cert")(?![\w$"])/.test(conditionOf(statement));
