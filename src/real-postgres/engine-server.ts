import { PGlite } from '@electric-sql/pglite';
import { EngineBroken, runConsoleInput, type TransactionState } from './console-engine';
import type { EngineReply, EngineRequest } from './engine-protocol';
import { judgeStatement } from './fence-judge';
import { runPlan } from './run-steps';
import { prepareDatabase } from './session';

/**
 * The page's one Postgres, as its worker serves it: one request at a time, in the order they came. Once Postgres
 * has broken, every later request hears so: the page restarts with a new worker. Apart from the worker itself, so
 * that the page's tests can serve it on their own thread (jsdom has no workers).
 */
export function createEngineServer(reply: (message: EngineReply) => void) {
  let db: PGlite | null = null;
  let transaction: TransactionState = 'idle';
  let broken: string | null = null;
  /** The seal on what the console must leave alone, taken once Postgres is prepared. */
  let seal = '';
  /** The table's CREATE, for the fence exercise's own table in each of its transactions. */
  let createTable = '';
  let queue: Promise<void> = Promise.resolve();

  async function handle(request: EngineRequest): Promise<void> {
    if (broken !== null) return reply({ id: request.id, kind: 'broken', message: broken });
    try {
      if (request.kind === 'start') {
        db = await PGlite.create();
        seal = await prepareDatabase(db, request);
        createTable = request.createTable;
        const { rows } = await db.query<{ server_version: string }>('SHOW server_version');
        reply({ id: request.id, kind: 'started', version: rows[0]?.server_version ?? '' });
        return;
      }
      if (!db) throw new Error('Postgres has not started.');
      if (request.kind === 'console') {
        const run = await runConsoleInput(db, request.sql, transaction, seal);
        transaction = run.transaction;
        reply({ id: request.id, kind: 'console', run });
      } else if (request.kind === 'judge') {
        if (transaction !== 'idle') reply({ id: request.id, kind: 'judgeWaiting' });
        else {
          const run = await judgeStatement(db, request.statement, request.cases, createTable, seal);
          reply({ id: request.id, kind: 'judged', run });
        }
      } else if (transaction !== 'idle') {
        reply({ id: request.id, kind: 'stepsWaiting' });
      } else {
        try {
          reply({ id: request.id, kind: 'steps', run: await runPlan(db, request.plan) });
        } catch (error) {
          // An SQL error in the lesson's own statements is reported as such; anything else means Postgres broke.
          if (!(error instanceof Error && 'code' in error)) throw error;
          reply({ id: request.id, kind: 'stepsFailed', message: error.message });
        }
      }
    } catch (error) {
      broken = describe(error);
      const identity = error instanceof EngineBroken && error.reason === 'identityChanged';
      reply({ id: request.id, kind: identity ? 'identityChanged' : 'broken', message: broken });
    }
  }

  return {
    receive(request: EngineRequest): void {
      queue = queue.then(() => handle(request));
    },
    /** Postgres failed outside any request (PGlite's WebAssembly download): every request from now on hears so. */
    failed(reason: unknown): void {
      broken = describe(reason);
      reply({ id: null, kind: 'broken', message: broken });
    },
    /** Lets Postgres go once the requests in hand are done: a terminated worker's memory goes with it anyway. */
    close(): Promise<void> {
      queue = queue.then(() => {
        const open = db;
        db = null;
        return open?.close();
      });
      return queue;
    },
  };
}

/** An error's own words: its message, never "[object Object]". */
function describe(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (typeof error === 'object' && error !== null && 'message' in error && typeof error.message === 'string')
    return error.message;
  return typeof error === 'string' ? error : 'an unknown failure';
}
