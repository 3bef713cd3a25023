import { describe, expect, it } from 'vitest';
import { refusalOf, splitStatements } from './split-statements';

describe('splitStatements: where Postgres sees a statement end', () => {
  it('splits at semicolons and drops empty pieces', () => {
    expect(splitStatements('SELECT 1; SELECT 2;;  ;\n')).toEqual(['SELECT 1', 'SELECT 2']);
    expect(splitStatements('SELECT 1')).toEqual(['SELECT 1']);
    expect(splitStatements('')).toEqual([]);
  });

  it.each([
    ["SELECT 'a;b'; SELECT 2", ["SELECT 'a;b'", 'SELECT 2']],
    ["SELECT 'it''s; fine'; SELECT 2", ["SELECT 'it''s; fine'", 'SELECT 2']],
    ["SELECT E'\\'; still'; SELECT 2", ["SELECT E'\\'; still'", 'SELECT 2']],
    ['SELECT "semi;colon" FROM t; SELECT 2', ['SELECT "semi;colon" FROM t', 'SELECT 2']],
    ['SELECT 1 -- a comment; not a split\n; SELECT 2', ['SELECT 1 -- a comment; not a split', 'SELECT 2']],
    ['SELECT /* one; /* nested; */ still; */ 1; SELECT 2', ['SELECT /* one; /* nested; */ still; */ 1', 'SELECT 2']],
    [
      'CREATE FUNCTION f() RETURNS int AS $$ SELECT 1; $$ LANGUAGE sql; SELECT f()',
      ['CREATE FUNCTION f() RETURNS int AS $$ SELECT 1; $$ LANGUAGE sql', 'SELECT f()'],
    ],
    [
      'DO $body$ BEGIN PERFORM 1; RAISE NOTICE $$x;$$; END $body$; SELECT 2',
      ['DO $body$ BEGIN PERFORM 1; RAISE NOTICE $$x;$$; END $body$', 'SELECT 2'],
    ],
  ])('keeps %j together where it must', (sql, statements) => {
    expect(splitStatements(sql)).toEqual(statements);
  });

  it('does not take a parameter or a name with $ for a dollar quote', () => {
    expect(splitStatements('PREPARE p AS SELECT $1; SELECT a$b FROM t')).toEqual([
      'PREPARE p AS SELECT $1',
      'SELECT a$b FROM t',
    ]);
  });

  it('reads $$ after a letter beyond ASCII as part of the name, as Postgres does', () => {
    expect(splitStatements('SELECT 1 AS é$$; SELECT 2 AS two; SELECT 3 AS ü$$;')).toEqual([
      'SELECT 1 AS é$$',
      'SELECT 2 AS two',
      'SELECT 3 AS ü$$',
    ]);
    expect(splitStatements("SELECT 1 AS é$$; COPY certificates TO PROGRAM 'x'; SELECT 1 AS ü$$;")).toHaveLength(3);
    // 名E is a name, so the quote after it opens a standard string, where a backslash escapes nothing.
    expect(splitStatements("SELECT 1 AS 名E'a\\'; SELECT 2")).toEqual(["SELECT 1 AS 名E'a\\'", 'SELECT 2']);
  });

  it("ends E'…' at a quote after an escaped backslash", () => {
    expect(splitStatements("SELECT E'back\\\\'; SELECT 2")).toEqual(["SELECT E'back\\\\'", 'SELECT 2']);
  });

  it("reads standard strings as Postgres does: a backslash is only a backslash outside E'…'", () => {
    expect(splitStatements("SELECT 'a\\'; SELECT 2")).toEqual(["SELECT 'a\\'", 'SELECT 2']);
  });

  it('drops pieces that hold only comments', () => {
    expect(splitStatements('-- just a note\n; /* and another */ ; SELECT 1 -- end')).toEqual(['SELECT 1 -- end']);
  });

  it('leaves an unclosed quote or comment to Postgres, as one statement', () => {
    expect(splitStatements("SELECT 'open; SELECT 2")).toEqual(["SELECT 'open; SELECT 2"]);
    expect(splitStatements('SELECT 1 /* open; SELECT 2')).toEqual(['SELECT 1 /* open; SELECT 2']);
    expect(splitStatements('SELECT $$open; SELECT 2')).toEqual(['SELECT $$open; SELECT 2']);
  });

  it('sends a comment that is never closed, even with nothing before it, so Postgres can say so', () => {
    expect(splitStatements('/* unclosed comment SELECT 1;')).toEqual(['/* unclosed comment SELECT 1;']);
    expect(splitStatements('SELECT 1; /* a /* nested */ one left open')).toEqual([
      'SELECT 1',
      '/* a /* nested */ one left open',
    ]);
    expect(splitStatements('/* closed */ ; /* also /* nested */ closed */')).toEqual([]);
  });
});

describe('refusalOf: what the console does not send', () => {
  it.each([
    ["COPY (SELECT 1) TO PROGRAM 'id'", 'copyProgram'],
    ["copy certificates from program 'cat /etc/passwd'", 'copyProgram'],
    ["DO $$ BEGIN EXECUTE 'COPY certificates TO PROGRAM ''id'''; END $$", 'copyProgram'],
    [
      "CREATE FUNCTION f() RETURNS void LANGUAGE plpgsql AS $f$ BEGIN COPY certificates TO PROGRAM 'id'; END $f$",
      'copyProgram',
    ],
    ['COPY certificates FROM STDIN', 'copyFromStdin'],
    ['/* hi */ copy certificates from\n  stdin with (format csv)', 'copyFromStdin'],
    ['SET ROLE postgres', 'identity'],
    ['set local role postgres', 'identity'],
    ['SET SESSION ROLE postgres', 'identity'],
    ['RESET ROLE', 'identity'],
    ['SET SESSION AUTHORIZATION postgres', 'identity'],
    ['RESET SESSION AUTHORIZATION', 'identity'],
    ["SELECT set_config('role', 'postgres', false)", 'identity'],
    ["SELECT set_config('session_authorization', 'postgres', false)", 'identity'],
    ["SET client_encoding = 'LATIN1'", 'identity'],
    ["SELECT set_config('client_encoding', 'LATIN1', false)", 'identity'],
    ["SET NAMES 'LATIN1'", 'identity'],
    ["DO $$ BEGIN EXECUTE 'SET ROLE postgres'; END $$", 'identity'],
    ["SELECT convert_to('é','LATIN1')", 'encodingConversion'],
    ["select CONVERT ('é'::bytea, 'UTF8', 'LATIN2')", 'encodingConversion'],
    ["SELECT convert_from('\\xe9', 'WIN1252')", 'encodingConversion'],
  ] as const)('refuses %j', (sql, refusal) => {
    expect(refusalOf(sql)).toBe(refusal);
  });

  it('refuses the words wherever they stand, in a string or a comment too: what text shows is not sent', () => {
    expect(refusalOf("SELECT 'COPY x FROM PROGRAM' AS text")).toBe('copyProgram');
    expect(refusalOf('SELECT 1 -- COPY FROM STDIN')).toBe('copyFromStdin');
  });

  it.each([
    'COPY certificates TO STDOUT',
    'SELECT current_user',
    "SELECT current_setting('role')",
    "INSERT INTO notes VALUES ('a program to copy')",
    'CREATE ROLE someone',
    'SELECT rolename FROM roles',
    'SELECT converted FROM conversions',
    'SELECT convert_it FROM x',
  ])('lets %j run', (sql) => {
    expect(refusalOf(sql)).toBeNull();
  });
});
