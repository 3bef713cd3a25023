import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EngineReply, EngineRequest } from './engine-protocol';
import { createPostgresEngine } from './postgres-engine';

/** A worker that answers as the Postgres worker would, or stays silent like one stuck in a long query. */
class FakeWorker extends EventTarget {
  static made: FakeWorker[] = [];
  terminated = false;
  silentOn: EngineRequest['kind'] | null = null;
  constructor() {
    super();
    FakeWorker.made.push(this);
  }
  postMessage(request: EngineRequest) {
    if (this.silentOn === request.kind) return;
    const reply: EngineReply =
      request.kind === 'start'
        ? { id: request.id, kind: 'started', version: '17.5' }
        : request.kind === 'console'
          ? { id: request.id, kind: 'console', run: { statements: [], transaction: 'idle' } }
          : { id: request.id, kind: 'stepsWaiting' };
    queueMicrotask(() => this.dispatchEvent(new MessageEvent('message', { data: reply })));
  }
  terminate() {
    this.terminated = true;
  }
}

const seed = { createTable: 'CREATE TABLE t ()', insertRow: 'INSERT INTO t DEFAULT VALUES', seed: [] };
const engineWith = (silentOn: EngineRequest['kind'] | null = null) =>
  createPostgresEngine(
    () => {
      const worker = new FakeWorker();
      worker.silentOn = FakeWorker.made.length === 1 ? silentOn : null;
      return worker as unknown as Worker;
    },
    seed,
    { timeLimitMs: 10_000, startLimitMs: 120_000 },
  );

describe('the page side of the Postgres worker', () => {
  beforeEach(() => {
    FakeWorker.made = [];
    vi.useFakeTimers();
  });
  afterEach(() => vi.useRealTimers());

  it('starts one worker and answers each request from its reply', async () => {
    const engine = engineWith();
    await expect(engine.start()).resolves.toEqual({ version: '17.5' });
    await expect(engine.console('SELECT 1')).resolves.toEqual({
      kind: 'ran',
      run: { statements: [], transaction: 'idle' },
    });
    await expect(
      engine.steps({ domain: 'd', createTable: '', insertRow: '', seed: null, writes: [] }),
    ).resolves.toEqual({
      kind: 'waiting',
    });
    expect(FakeWorker.made).toHaveLength(1);
  });

  it('stops a run at the time limit by terminating the worker, not a moment before', async () => {
    const engine = engineWith('console');
    await engine.start();
    const reply = engine.console('SELECT pg_sleep(600)');
    await vi.advanceTimersByTimeAsync(9_999);
    expect(FakeWorker.made[0]!.terminated).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await expect(reply).resolves.toEqual({ kind: 'stopped', why: 'timeLimit' });
    expect(FakeWorker.made[0]!.terminated).toBe(true);
  });

  it('cancels a run on request, and the next request starts a fresh worker', async () => {
    const engine = engineWith('console');
    await engine.start();
    const reply = engine.console('SELECT pg_sleep(600)');
    await vi.advanceTimersByTimeAsync(0);
    engine.cancel();
    await expect(reply).resolves.toEqual({ kind: 'stopped', why: 'cancelled' });
    await expect(engine.console('SELECT 1')).resolves.toMatchObject({ kind: 'ran' });
    expect(FakeWorker.made).toHaveLength(2);
  });

  it('reports a worker that fails as broken, to every waiting request', async () => {
    const engine = engineWith('console');
    await engine.start();
    const reply = engine.console('SELECT 1');
    await vi.advanceTimersByTimeAsync(0);
    FakeWorker.made[0]!.dispatchEvent(new ErrorEvent('error', { message: 'RuntimeError: unreachable' }));
    await expect(reply).resolves.toEqual({ kind: 'broken', message: 'RuntimeError: unreachable' });
    await expect(engine.console('SELECT 2')).resolves.toEqual({ kind: 'broken', message: 'RuntimeError: unreachable' });
  });

  it('answers a Cancel pressed before the run was even sent', async () => {
    const engine = engineWith();
    await engine.start();
    const reply = engine.console('SELECT 1');
    engine.cancel();
    await expect(reply).resolves.toEqual({ kind: 'stopped', why: 'cancelled' });
  });

  it('gives up starting after the start limit and says so', async () => {
    const engine = engineWith('start');
    const started = engine.start();
    const failed = expect(started).rejects.toThrow('it did not start within 120 s.');
    await vi.advanceTimersByTimeAsync(120_000);
    await failed;
  });
});
