import { PGlite } from '@electric-sql/pglite';
import { runConsoleInput, type TransactionState } from './console-engine';
import type { EngineReply, EngineRequest } from './engine-protocol';
import { runPlan } from './run-steps';

/**
 * The page's one Postgres, off the main thread: a query that runs for minutes blocks only this worker, and the
 * page stops it by terminating the worker. One request runs at a time, in the order they came.
 */
let db: PGlite | null = null;
let transaction: TransactionState = 'idle';
let queue: Promise<void> = Promise.resolve();

const reply = (message: EngineReply) => self.postMessage(message);

self.addEventListener('message', (event: MessageEvent<EngineRequest>) => {
  const request = event.data;
  queue = queue.then(() => handle(request));
});

// PGlite fetches its WebAssembly inside promises nobody awaits: a failed download surfaces only here.
self.addEventListener('unhandledrejection', (event: PromiseRejectionEvent) => {
  event.preventDefault();
  reply({ id: null, kind: 'broken', message: describe(event.reason) });
});

async function handle(request: EngineRequest): Promise<void> {
  try {
    if (request.kind === 'start') {
      db = await PGlite.create();
      await db.exec(request.createTable);
      await db.query(request.insertRow, [...request.seed]);
      const { rows } = await db.query<{ server_version: string }>('SHOW server_version');
      reply({ id: request.id, kind: 'started', version: rows[0]?.server_version ?? '' });
      return;
    }
    if (!db) throw new Error('Postgres has not started.');
    if (request.kind === 'console') {
      const run = await runConsoleInput(db, request.sql, transaction);
      transaction = run.transaction;
      reply({ id: request.id, kind: 'console', run });
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
    reply({ id: request.id, kind: 'broken', message: describe(error) });
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
