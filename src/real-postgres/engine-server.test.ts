import { describe, expect, it } from 'vitest';
import type { EngineReply } from './engine-protocol';
import { createEngineServer } from './engine-server';

/** A server and every reply it has sent so far, once the requests in hand are done. */
function server() {
  const replies: EngineReply[] = [];
  const engine = createEngineServer((reply) => replies.push(reply));
  const settled = async () => {
    await engine.close();
    return replies;
  };
  return { engine, replies, settled };
}

/*
 * The paths where Postgres is missing or broken, without starting one: the page's tests on real PGlite
 * (real-postgres-panel.test.tsx, sql-console.test.tsx) cover the requests that reach it.
 */
describe('the Postgres worker, broken', () => {
  it('answers a request before Postgres has started as broken, and every later one the same', async () => {
    const { engine, settled } = server();
    engine.receive({ id: 1, kind: 'console', sql: 'SELECT 1' });
    engine.receive({ id: 2, kind: 'console', sql: 'SELECT 2' });
    expect(await settled()).toEqual([
      { id: 1, kind: 'broken', message: 'Postgres has not started.' },
      { id: 2, kind: 'broken', message: 'Postgres has not started.' },
    ]);
  });

  it.each([
    ['an Error', new Error('WebAssembly download failed'), 'WebAssembly download failed'],
    ['an object with a message', { message: 'fetch aborted' }, 'fetch aborted'],
    ['a string', 'out of memory', 'out of memory'],
    ['an object whose message is no string', { message: 7 }, 'an unknown failure'],
    ['nothing', undefined, 'an unknown failure'],
    ['null', null, 'an unknown failure'],
  ])(
    'says a failure outside any request in its own words, given %s, and so answers what follows',
    async (_, reason, said) => {
      const { engine, replies, settled } = server();
      engine.failed(reason);
      expect(replies).toEqual([{ id: null, kind: 'broken', message: said }]);
      engine.receive({ id: 3, kind: 'console', sql: 'SELECT 1' });
      expect((await settled()).at(-1)).toEqual({ id: 3, kind: 'broken', message: said });
    },
  );

  it('answers requests one at a time, in the order they came', async () => {
    const { engine, settled } = server();
    for (const id of [5, 6, 7]) engine.receive({ id, kind: 'console', sql: 'SELECT 1' });
    expect((await settled()).map((reply) => reply.id)).toEqual([5, 6, 7]);
  });
});
