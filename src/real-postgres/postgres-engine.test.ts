import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EngineReply, EngineRequest } from './engine-protocol';
import { createPostgresEngine } from './postgres-engine';

/**
 * A worker that answers as the Postgres worker would, or as a failing one does: silent (a long query), broken,
 * or with the console's role changed. `next` scripts how the workers made from now on behave.
 */
type Behaviour = { silentOn?: EngineRequest['kind']; answer?: (request: EngineRequest) => EngineReply };
class FakeWorker extends EventTarget {
  static made: FakeWorker[] = [];
  static next: Behaviour[] = [];
  terminated = false;
  readonly behaviour: Behaviour;
  constructor() {
    super();
    FakeWorker.made.push(this);
    this.behaviour = FakeWorker.next.shift() ?? {};
  }
  postMessage(request: EngineRequest) {
    if (this.terminated || this.behaviour.silentOn === request.kind) return;
    const reply: EngineReply =
      this.behaviour.answer?.(request) ??
      (request.kind === 'start'
        ? { id: request.id, kind: 'started', version: '17.5' }
        : request.kind === 'console'
          ? { id: request.id, kind: 'console', run: { statements: [], transaction: 'idle' } }
          : { id: request.id, kind: 'stepsWaiting' });
    queueMicrotask(() => this.dispatchEvent(new MessageEvent('message', { data: reply })));
  }
  terminate() {
    this.terminated = true;
  }
}

const seed = { createTable: 'CREATE TABLE t ()', insertRow: 'INSERT INTO t DEFAULT VALUES', seed: [] };
const plan = { domain: 'd', createTable: '', insertRow: '', seed: null, writes: [] };
const makeEngine = () =>
  createPostgresEngine(() => new FakeWorker() as unknown as Worker, seed, {
    timeLimitMs: 10_000,
    stepsLimitMs: 10_000,
    startLimitMs: 120_000,
  });
const phase = (engine: ReturnType<typeof makeEngine>) => engine.store.getState().phase;

describe('the page side of the Postgres worker', () => {
  beforeEach(() => {
    FakeWorker.made = [];
    FakeWorker.next = [];
    vi.useFakeTimers();
  });
  afterEach(() => vi.useRealTimers());

  it('starts one worker and answers each request from its reply, ready again after each', async () => {
    const engine = makeEngine();
    expect(phase(engine)).toBe('off');
    await engine.start();
    expect(engine.store.getState()).toEqual({ phase: 'ready', version: '17.5' });
    await expect(engine.console('SELECT 1')).resolves.toEqual({
      kind: 'ran',
      run: { statements: [], transaction: 'idle' },
    });
    await expect(engine.steps(plan)).resolves.toEqual({ kind: 'waiting' });
    expect(phase(engine)).toBe('ready');
    expect(FakeWorker.made).toHaveLength(1);
  });

  it('stops a run at the time limit, not a moment before, and starts a fresh Postgres at once', async () => {
    FakeWorker.next = [{ silentOn: 'console' }];
    const engine = makeEngine();
    await engine.start();
    const reply = engine.console('SELECT pg_sleep(600)');
    await vi.advanceTimersByTimeAsync(9_999);
    expect(engine.store.getState()).toEqual({ phase: 'busy', version: '17.5', running: 1 });
    expect(FakeWorker.made[0]!.terminated).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await expect(reply).resolves.toEqual({ kind: 'stopped', why: 'timeLimit' });
    expect(FakeWorker.made[0]!.terminated).toBe(true);
    expect(FakeWorker.made).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(0);
    expect(phase(engine)).toBe('ready');
  });

  it("stops the exercise's check at the console's limit, and answers its other replies in the exercise's terms", async () => {
    FakeWorker.next = [
      { silentOn: 'judge' },
      {
        answer: (request) =>
          request.kind === 'start'
            ? { id: request.id, kind: 'started', version: '17.5' }
            : request.kind === 'judge' && request.statement === 'wait'
              ? { id: request.id, kind: 'judgeWaiting' }
              : request.kind === 'judge' && request.statement === 'role'
                ? { id: request.id, kind: 'identityChanged', message: 'the role changed' }
                : { id: request.id, kind: 'judged', run: { kind: 'refused', refusal: 'empty' } },
      },
    ];
    const engine = makeEngine();
    await engine.start();
    const reply = engine.judge('UPDATE certificates SET cert = pg_sleep(600)::text', []);
    await vi.advanceTimersByTimeAsync(9_999);
    expect(phase(engine)).toBe('busy');
    await vi.advanceTimersByTimeAsync(1);
    await expect(reply).resolves.toEqual({ kind: 'stopped', why: 'timeLimit' });
    expect(FakeWorker.made).toHaveLength(2);
    await expect(engine.judge('wait', [])).resolves.toEqual({ kind: 'waiting' });
    await expect(engine.judge('', [])).resolves.toEqual({ kind: 'judged', run: { kind: 'refused', refusal: 'empty' } });
    await expect(engine.judge('role', [])).resolves.toEqual({
      kind: 'restarted',
      why: 'identityChanged',
      message: 'the role changed',
    });
  });

  it("stops the walkthrough's steps at their own limit, with their own reason", async () => {
    FakeWorker.next = [{ silentOn: 'steps' }];
    const engine = makeEngine();
    await engine.start();
    const reply = engine.steps(plan);
    await vi.advanceTimersByTimeAsync(10_000);
    await expect(reply).resolves.toEqual({ kind: 'stopped', why: 'stepsTimeLimit' });
    expect(FakeWorker.made).toHaveLength(2);
  });

  it('cancels a run on request; the console can run again on the fresh Postgres', async () => {
    FakeWorker.next = [{ silentOn: 'console' }];
    const engine = makeEngine();
    await engine.start();
    const reply = engine.console('SELECT pg_sleep(600)');
    await vi.advanceTimersByTimeAsync(0);
    engine.cancel();
    await expect(reply).resolves.toEqual({ kind: 'stopped', why: 'cancelled' });
    await expect(engine.console('SELECT 1')).resolves.toMatchObject({ kind: 'ran' });
    expect(FakeWorker.made).toHaveLength(2);
  });

  it('a Cancel while restarting restarts once more, and the next run still runs (never stuck)', async () => {
    FakeWorker.next = [{ silentOn: 'console' }, { silentOn: 'start' }];
    const engine = makeEngine();
    await engine.start();
    const first = engine.console('SELECT pg_sleep(30)');
    await vi.advanceTimersByTimeAsync(0);
    engine.cancel();
    await expect(first).resolves.toEqual({ kind: 'stopped', why: 'cancelled' });
    // The second worker is still starting when the learner runs and cancels again.
    expect(engine.store.getState()).toEqual({ phase: 'restarting', why: 'cancelled' });
    const second = engine.console('SELECT 1');
    await vi.advanceTimersByTimeAsync(0);
    engine.cancel();
    await expect(second).resolves.toEqual({ kind: 'stopped', why: 'cancelled' });
    expect(FakeWorker.made).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(0);
    expect(phase(engine)).toBe('ready');
    await expect(engine.console('SELECT 1')).resolves.toMatchObject({ kind: 'ran' });
  });

  it('a worker that fails leaves it broken; the next run restarts it first instead of failing for ever', async () => {
    FakeWorker.next = [{ silentOn: 'console' }];
    const engine = makeEngine();
    await engine.start();
    const reply = engine.console('SELECT 1');
    await vi.advanceTimersByTimeAsync(0);
    FakeWorker.made[0]!.dispatchEvent(new ErrorEvent('error', { message: 'RuntimeError: unreachable' }));
    await expect(reply).resolves.toEqual({ kind: 'broken', message: 'RuntimeError: unreachable' });
    expect(engine.store.getState()).toEqual({ phase: 'broken', message: 'RuntimeError: unreachable' });
    await expect(engine.console('SELECT 2')).resolves.toMatchObject({ kind: 'ran' });
    expect(FakeWorker.made).toHaveLength(2);
  });

  it('a Postgres that stops answering mid-statement is broken, and Restart brings a fresh one', async () => {
    FakeWorker.next = [
      {
        answer: (request) =>
          request.kind === 'start'
            ? { id: request.id, kind: 'started', version: '17.5' }
            : { id: request.id, kind: 'broken', message: 'it stopped answering in the middle of a statement' },
      },
    ];
    const engine = makeEngine();
    await engine.start();
    await expect(engine.console('SELECT rec(1)')).resolves.toEqual({
      kind: 'broken',
      message: 'it stopped answering in the middle of a statement',
    });
    expect(phase(engine)).toBe('broken');
    await engine.restart();
    expect(phase(engine)).toBe('ready');
  });

  it('a console that changed its role is restarted at once, and says what changed', async () => {
    FakeWorker.next = [
      {
        answer: (request) =>
          request.kind === 'start'
            ? { id: request.id, kind: 'started', version: '17.5' }
            : { id: request.id, kind: 'identityChanged', message: "the console's role became postgres" },
      },
    ];
    const engine = makeEngine();
    await engine.start();
    await expect(engine.console("SELECT set_config('ro'||'le', 'postgres', false)")).resolves.toEqual({
      kind: 'restarted',
      why: 'identityChanged',
      message: "the console's role became postgres",
    });
    expect(FakeWorker.made[0]!.terminated).toBe(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(phase(engine)).toBe('ready');
  });

  it('a failure no request caused (a download that did not arrive) breaks every waiting request', async () => {
    FakeWorker.next = [{ silentOn: 'console' }];
    const engine = makeEngine();
    await engine.start();
    const reply = engine.console('SELECT 1');
    await vi.advanceTimersByTimeAsync(0);
    FakeWorker.made[0]!.dispatchEvent(
      new MessageEvent('message', { data: { id: null, kind: 'broken', message: 'Failed to fetch' } }),
    );
    await expect(reply).resolves.toEqual({ kind: 'broken', message: 'Failed to fetch' });
  });

  it('answers a Cancel pressed before the run was even sent, and restarts Postgres as the console then says', async () => {
    const engine = makeEngine();
    await engine.start();
    const reply = engine.console('SELECT 1');
    engine.cancel();
    expect(engine.store.getState()).toEqual({ phase: 'restarting', why: 'cancelled' });
    await expect(reply).resolves.toEqual({ kind: 'stopped', why: 'cancelled' });
    expect(FakeWorker.made).toHaveLength(2);
    expect(FakeWorker.made[0]!.terminated).toBe(true);
    // Once the fresh Postgres is ready no run waits, so a later Cancel leaves it alone.
    await vi.advanceTimersByTimeAsync(0);
    expect(phase(engine)).toBe('ready');
    engine.cancel();
    expect(phase(engine)).toBe('ready');
    expect(FakeWorker.made).toHaveLength(2);
  });

  it('a Cancel with no run asked for leaves a ready Postgres alone', async () => {
    const engine = makeEngine();
    await engine.start();
    await engine.console('SELECT 1');
    engine.cancel();
    expect(phase(engine)).toBe('ready');
    expect(FakeWorker.made).toHaveLength(1);
  });

  it('gives up starting after the start limit, says so, and a later start can succeed', async () => {
    FakeWorker.next = [{ silentOn: 'start' }];
    const engine = makeEngine();
    const started = engine.start();
    await vi.advanceTimersByTimeAsync(119_999);
    expect(phase(engine)).toBe('starting');
    await vi.advanceTimersByTimeAsync(1);
    await started;
    expect(engine.store.getState()).toEqual({ phase: 'broken', message: 'it did not start within 120 s.' });
    await engine.start();
    expect(phase(engine)).toBe('ready');
  });

  it('a start whose worker fails to load is broken, not a rejected promise', async () => {
    FakeWorker.next = [
      { answer: (request) => ({ id: request.id, kind: 'broken', message: 'Incorrect response MIME type' }) },
    ];
    const engine = makeEngine();
    await expect(engine.start()).resolves.toBeUndefined();
    expect(engine.store.getState()).toEqual({ phase: 'broken', message: 'Incorrect response MIME type' });
  });
});
