import { refusalOf, splitStatements, withoutLiterals, type Refusal } from './split-statements';

/**
 * What the fence exercise will run: one UPDATE or INSERT on `certificates`, nothing else. Read from the text before
 * anything runs, on both sides of the worker: the page says why at once, and the worker never trusts the page.
 */

/** Why a statement is not judged: the console's own refusals, and the exercise's. */
export type ExerciseRefusal = Refusal | 'empty' | 'several' | 'with' | 'notAWrite';

/** The table the exercise's statement must write, bare or in `public`, any case, quoted or not. */
const CERTIFICATES = String.raw`(?:(?:PUBLIC|"public")\s*\.\s*)?(?:CERTIFICATES|"certificates")`;
const UPDATE = new RegExp(String.raw`^UPDATE\s+(?:ONLY\s+)?${CERTIFICATES}(?![\w$])`);
const INSERT = new RegExp(String.raw`^INSERT\s+INTO\s+${CERTIFICATES}(?![\w$])`);

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
  const statement = statements[0]!;
  const refusal = refusalOf(statement);
  if (refusal) return refusal;
  const code = codeOf(statement);
  if (/^WITH\b/.test(code)) return 'with';
  return UPDATE.test(code) || INSERT.test(code) ? null : 'notAWrite';
}

/** The condition a write is made under: what follows the statement's (last) WHERE, or nothing. */
export function conditionOf(statement: string): string {
  const code = codeOf(statement);
  const at = code.lastIndexOf('WHERE');
  return at === -1 ? '' : code.slice(at + 'WHERE'.length);
}

/** Whether the condition looks at the writer's token: `$3`, or the upsert's `EXCLUDED.fence`. */
export const conditionUsesToken = (statement: string): boolean =>
  /\$3(?!\d)|EXCLUDED\s*\.\s*(?:FENCE|"fence")(?![\w$"])/.test(conditionOf(statement));

/** Whether the condition compares certificates: a CA's serials carry no order. */
export const conditionUsesCert = (statement: string): boolean =>
  /(?<![\w$."])(?:CERT|"cert")(?![\w$"])|\.\s*(?:CERT|"cert")(?![\w$"])/.test(conditionOf(statement));
