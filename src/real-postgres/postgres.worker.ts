import { createEngineServer } from './engine-server';
import type { EngineRequest } from './engine-protocol';

/**
 * The page's one Postgres, off the main thread: a query that runs for minutes blocks only this worker, and the
 * page stops it by terminating the worker.
 */
const server = createEngineServer((message) => self.postMessage(message));

self.addEventListener('message', (event: MessageEvent<EngineRequest>) => server.receive(event.data));

// PGlite fetches its WebAssembly inside promises nobody awaits: a failed download surfaces only here.
self.addEventListener('unhandledrejection', (event: PromiseRejectionEvent) => {
  event.preventDefault();
  server.failed(event.reason);
});
