// @vitest-environment node
import { PGlite, protocol } from '@electric-sql/pglite';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { splitStatements } from './split-statements';

/*
 * The splitter against Postgres itself: a generated script, split by the splitter and run part by part, must give
 * the same statements (the same command tags and column names, in order) as Postgres's own parse of the whole.
 */

type Completed = { readonly tag: string; readonly columns: readonly string[] };

/** Each statement Postgres completed in a simple query, with its columns; an error ends the list. */
async function completed(db: PGlite, sql: string): Promise<Completed[]> {
  const parser = new protocol.Parser();
  const done: Completed[] = [];
  let columns: string[] = [];
  await db.execProtocolRawStream(protocol.serialize.query(sql), {
    onRawData: (chunk) =>
      parser.parse(chunk, (message) => {
        if (message.name === 'rowDescription')
          columns = (message as InstanceType<typeof protocol.messages.RowDescriptionMessage>).fields.map(
            (field) => field.name,
          );
        if (message.name === 'commandComplete') {
          done.push({ tag: (message as InstanceType<typeof protocol.messages.CommandCompleteMessage>).text, columns });
          columns = [];
        }
        if (message.name === 'error') done.push({ tag: 'ERROR', columns: [] });
      }),
  });
  return done;
}

// Names with `$` and letters beyond ASCII, strings and dollar quotes holding `;`, comments holding `;`.
const name = fc.constantFrom('a', 'é$$', 'ü$', 'x$y', '"semi;colon"', '名前', 'a$$b', '_é', 'straße', '"it""s"');
const value = fc.constantFrom(
  '1',
  "'a;b'",
  "'it''s; fine'",
  "E'back\\\\'",
  "E'quote\\'; still'",
  "'a\\'",
  '$$x; y$$',
  '$t$ ; $$ ; $t$',
  '$é$;$é$',
);
const gap = fc.constantFrom(' ', '\n', ' -- note; here\n', ' /* one; /* two; */ */ ', '');
const statement = fc.tuple(value, gap, name).map(([v, space, n]) => `SELECT ${v}${space} AS ${n}`);
const script = fc
  .array(fc.tuple(statement, gap), { minLength: 1, maxLength: 5 })
  .map((parts) => parts.map(([sql, space]) => `${sql};${space}`).join(''));

describe('splitStatements agrees with PGlite', () => {
  let db: PGlite;
  beforeAll(async () => {
    db = await PGlite.create();
  }, 60_000);
  afterAll(() => db?.close());

  it('splits every generated script where Postgres does', async () => {
    await fc.assert(
      fc.asyncProperty(script, async (sql) => {
        const whole = await completed(db, sql);
        const parts = splitStatements(sql);
        const oneByOne: Completed[] = [];
        for (const part of parts) oneByOne.push(...(await completed(db, part)));
        expect(oneByOne).toEqual(whole);
        expect(parts).toHaveLength(whole.length);
      }),
      { numRuns: 150, seed: 20261201 },
    );
  }, 120_000);
});
