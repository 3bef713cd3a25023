import type { EngineRequest } from '@/real-postgres/engine-protocol';
import { createEngineServer } from '@/real-postgres/engine-server';

/**
 * The Postgres worker for jsdom, which has no Web Workers: a test stubs the global `Worker` with it, and each
 * request is served by the worker's own code on real Postgres (PGlite) on the test's thread, after the current
 * task as a worker's would be. A terminated worker answers nothing more and lets its Postgres go.
 */
export class InlinePostgresWorker extends EventTarget {
  static all: InlinePostgresWorker[] = [];
  terminated = false;
  private readonly server = createEngineServer((reply) => {
    if (!this.terminated) this.dispatchEvent(new MessageEvent('message', { data: reply }));
  });
  constructor(
    readonly url: URL | string,
    readonly options?: WorkerOptions,
  ) {
    super();
    InlinePostgresWorker.all.push(this);
  }
  postMessage(request: EngineRequest) {
    setTimeout(() => {
      if (!this.terminated) this.server.receive(request);
    });
  }
  terminate() {
    this.terminated = true;
    void this.server.close();
  }
  /** Closes every worker's Postgres: for a test file's end. */
  static async closeAll() {
    await Promise.all(InlinePostgresWorker.all.map((worker) => worker.server.close()));
    InlinePostgresWorker.all = [];
  }
}
