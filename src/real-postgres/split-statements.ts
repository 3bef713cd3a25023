import { known } from '@/sim/known';
/**
 * Splits console input into statements where Postgres itself would see their ends (psql's rules): at a `;`
 * outside quotes ('…', E'…' with backslash escapes, "…"), comments (-- and nested /* … *\/) and dollar
 * quotes ($$…$$, $tag$…$tag$). A piece holding only comments and blanks is no statement, unless a comment is never
 * closed: then it is sent, for Postgres to say so.
 * https://www.postgresql.org/docs/current/sql-syntax-lexical.html
 */
export function splitStatements(sql: string): string[] {
  const statements: string[] = [];
  let start = 0;
  let meaningful = false;
  let index = 0;
  const finish = (end: number) => {
    if (meaningful) statements.push(sql.slice(start, end).trim());
    start = end + 1;
    meaningful = false;
  };
  while (index < sql.length) {
    const char = known(sql[index]);
    const next = sql[index + 1];
    if (char === '-' && next === '-') {
      const end = sql.indexOf('\n', index);
      index = end === -1 ? sql.length : end + 1;
    } else if (char === '/' && next === '*') {
      const end = endOfBlockComment(sql, index);
      // An unclosed comment is sent on: Postgres's own message ("unterminated /* comment") says what is wrong.
      if (end === null) meaningful = true;
      index = end ?? sql.length;
    } else if (char === "'") {
      meaningful = true;
      index = endOfQuoted(sql, index, "'", isEscapeString(sql, index));
    } else if (char === '"') {
      meaningful = true;
      index = endOfQuoted(sql, index, '"', false);
    } else if (char === '$' && dollarTag(sql, index) !== null) {
      meaningful = true;
      const tag = known(dollarTag(sql, index));
      const end = sql.indexOf(tag, index + tag.length);
      index = end === -1 ? sql.length : end + tag.length;
    } else if (char === ';') {
      finish(index);
      index += 1;
    } else {
      if (!/\s/.test(char)) meaningful = true;
      index += 1;
    }
  }
  finish(sql.length);
  return statements;
}

/**
 * The statement as code: comments become a space, and string constants (quoted, escaped or dollar-quoted) become
 * `''`, so that a keyword or a `$3` inside them is not read as code. Quoted names stay: they are code.
 */
export function withoutLiterals(sql: string): string {
  let code = '';
  let index = 0;
  while (index < sql.length) {
    const char = known(sql[index]);
    const next = sql[index + 1];
    let end: number;
    if (char === '-' && next === '-') {
      const newline = sql.indexOf('\n', index);
      end = newline === -1 ? sql.length : newline + 1;
      code += ' ';
    } else if (char === '/' && next === '*') {
      end = endOfBlockComment(sql, index) ?? sql.length;
      code += ' ';
    } else if (char === "'") {
      end = endOfQuoted(sql, index, "'", isEscapeString(sql, index));
      code += "''";
    } else if (char === '"') {
      end = endOfQuoted(sql, index, '"', false);
      code += sql.slice(index, end);
    } else if (char === '$' && dollarTag(sql, index) !== null) {
      const tag = known(dollarTag(sql, index));
      const close = sql.indexOf(tag, index + tag.length);
      end = close === -1 ? sql.length : close + tag.length;
      code += "''";
    } else {
      end = index + 1;
      code += char;
    }
    index = end;
  }
  return code;
}

/** After a nested block comment that opens at `from`; null when it is never closed. */
function endOfBlockComment(sql: string, from: number): number | null {
  let depth = 0;
  let index = from;
  while (index < sql.length) {
    if (sql.startsWith('/*', index)) {
      depth += 1;
      index += 2;
    } else if (sql.startsWith('*/', index)) {
      depth -= 1;
      index += 2;
      if (depth === 0) return index;
    } else index += 1;
  }
  return null;
}

/** After a quoted string or identifier; a doubled quote stays inside, as does a backslash-escaped one in E'…'. */
function endOfQuoted(sql: string, from: number, quote: string, backslashEscapes: boolean): number {
  let index = from + 1;
  while (index < sql.length) {
    const char = known(sql[index]);
    if (backslashEscapes && char === '\\') index += 2;
    else if (char === quote && sql[index + 1] === quote) index += 2;
    else if (char === quote) return index + 1;
    else index += 1;
  }
  return sql.length;
}

/**
 * A character that continues an identifier in Postgres's lexer: a letter, a digit, `_`, `$`, or any character
 * beyond ASCII (\200-\377 bytes in scan.l's `ident_cont`), so `é$$` is one name, not a name and a dollar quote.
 */
const IDENTIFIER_CONTINUES = /[\w$\u0080-\uffff]/;

/** E'…' (or e'…') written as its own token, not the end of a word like `name'` or `héE'`. */
function isEscapeString(sql: string, quoteAt: number): boolean {
  const before = sql[quoteAt - 1];
  return (before === 'E' || before === 'e') && !IDENTIFIER_CONTINUES.test(sql[quoteAt - 2] ?? '');
}

/** `$$` or `$tag$` at `at`, when it opens a dollar quote; `$1` is a parameter, and `a$b` or `é$$` part of a name. */
function dollarTag(sql: string, at: number): string | null {
  if (IDENTIFIER_CONTINUES.test(sql[at - 1] ?? '')) return null;
  const match = /^\$([A-Za-z_\u0080-\uffff][\w\u0080-\uffff]*)?\$/.exec(sql.slice(at, at + 64));
  return match ? match[0] : null;
}

/**
 * Statements the console does not send. COPY with a program or STDIN has nothing to talk to here, and a change of
 * role or encoding would let the console out of its role or garble every later reply, and a conversion into another
 * encoding stops PGlite answering. Matched anywhere in the
 * statement, inside strings and bodies too (`DO $$ … EXECUTE 'COPY … PROGRAM …' … $$`): what text can show is
 * refused here, and what it cannot (a name built by EXECUTE) is refused by Postgres, since the console runs
 * without superuser, or caught afterwards by the identity check.
 */
export type Refusal = 'copyProgram' | 'copyFromStdin' | 'identity' | 'encodingConversion';

const REFUSED: readonly (readonly [RegExp, Refusal])[] = [
  [/\bCOPY\b[\s\S]*\bPROGRAM\b/, 'copyProgram'],
  [/\bCOPY\b[\s\S]*\bSTDIN\b/, 'copyFromStdin'],
  [/\b(SET|RESET)\s+((SESSION|LOCAL)\s+)?ROLE\b/, 'identity'],
  [/\bSESSION[\s_]+AUTHORIZATION\b/, 'identity'],
  [/\bCLIENT_ENCODING\b/, 'identity'],
  [/\bSET\s+NAMES\b/, 'identity'],
  [/\bSET_CONFIG\s*\(\s*'\s*ROLE\s*'/, 'identity'],
  // PGlite cannot convert into another encoding (`SELECT convert_to('é', 'LATIN1')` hung it, and the restart lost
  // the console's tables): said here in the console's words; a conversion built where text cannot show it meets
  // Postgres's own refusal (session.ts leaves no conversion in the catalog).
  [/\bCONVERT(_TO|_FROM)?\s*\(/, 'encodingConversion'],
];

export function refusalOf(statement: string): Refusal | null {
  const text = statement.toUpperCase();
  return REFUSED.find(([pattern]) => pattern.test(text))?.[1] ?? null;
}
