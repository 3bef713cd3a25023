import type { ConsoleRun } from './console-engine';
import type { EngineReply, EngineRequest } from './engine-protocol';
import type { RealRun, StepPlan } from './run-steps';

/** The console's time limit: past it, Postgres is stopped and started again. Stated beside the Run button. */
export const CONSOLE_TIME_LIMIT_MS = 10_000;
/** Long enough for 5 MB on a slow connection; past it, the page says so instead of spinning for ever. */
export const START_TIME_LIMIT_MS = 120_000;

export type ConsoleReply =
  | { readonly kind: 'ran'; readonly run: ConsoleRun }
  /** Stopped by the learner, or by the time limit: the worker was terminated and Postgres restarts empty. */
  | { readonly kind: 'stopped'; readonly why: 'cancelled' | 'timeLimit' }
  | { readonly kind: 'broken'; readonly message: string };

export type StepsReply =
  | { readonly kind: 'ran'; readonly run: RealRun }
  | { readonly kind: 'waiting' }
  | { readonly kind: 'failed'; readonly message: string }
  | { readonly kind: 'stopped' }
  | { readonly kind: 'broken'; readonly message: string };

/** A request before it is given its id. */
type WithoutId<T> = T extends unknown ? Omit<T, 'id'> : never;

export interface Seed {
  readonly createTable: string;
  readonly insertRow: string;
  readonly seed: readonly unknown[];
}

/**
 * The page's side of the Postgres worker: requests with their replies, a time limit on the console, and a
 * Cancel that terminates the worker (the only way to stop a query that is running) and starts a new one.
 * `onRestart` hears when that happens, so the panel can say the console's tables were reset.
 */
export function createPostgresEngine(
  makeWorker: () => Worker,
  seed: Seed,
  options: { timeLimitMs?: number; startLimitMs?: number } = {},
) {
  const timeLimitMs = options.timeLimitMs ?? CONSOLE_TIME_LIMIT_MS;
  const startLimitMs = options.startLimitMs ?? START_TIME_LIMIT_MS;
  let worker: Worker | null = null;
  let nextId = 1;
  const pending = new Map<number, (reply: EngineReply | { kind: 'stopped'; why: 'cancelled' | 'timeLimit' }) => void>();
  let started: Promise<{ version: string }> | null = null;
  /** Set when the worker itself failed: every later request hears it until a restart. */
  let failure: string | null = null;

  const stopAll = (why: 'cancelled' | 'timeLimit') => {
    worker?.terminate();
    worker = null;
    started = null;
    failure = null;
    const waiting = [...pending.values()];
    pending.clear();
    for (const settle of waiting) settle({ kind: 'stopped', why });
  };

  const request = (message: WithoutId<EngineRequest>) => {
    const id = nextId++;
    return new Promise<EngineReply | { kind: 'stopped'; why: 'cancelled' | 'timeLimit' }>((resolve) => {
      // Cancelled between starting and sending, or the worker has failed: say so rather than wait for ever.
      if (!worker) return resolve({ kind: 'stopped', why: 'cancelled' });
      if (failure !== null) return resolve({ id, kind: 'broken', message: failure });
      pending.set(id, resolve);
      worker.postMessage({ ...message, id } as EngineRequest);
    });
  };

  const start = (): Promise<{ version: string }> => {
    if (started) return started;
    const current = makeWorker();
    worker = current;
    current.addEventListener('message', (event: MessageEvent<EngineReply>) => {
      const reply = event.data;
      if (reply.id === null) {
        // A failure no request caused (a download that did not arrive): every waiting request hears it.
        const waiting = [...pending.values()];
        pending.clear();
        for (const settle of waiting) settle(reply);
        return;
      }
      const settle = pending.get(reply.id);
      pending.delete(reply.id);
      settle?.(reply);
    });
    current.addEventListener('error', (event) => {
      event.preventDefault();
      failure = event.message || 'the worker failed';
      const waiting = [...pending.values()];
      pending.clear();
      for (const settle of waiting) settle({ id: null, kind: 'broken', message: failure });
    });
    started = new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        stopAll('timeLimit');
        reject(new Error(`it did not start within ${startLimitMs / 1000} s.`));
      }, startLimitMs);
      void request({ kind: 'start', ...seed }).then((reply) => {
        clearTimeout(timer);
        if (reply.kind === 'started') resolve({ version: reply.version });
        else reject(new Error(reply.kind === 'broken' ? reply.message : 'it was stopped while starting.'));
      });
    });
    started.catch(() => (started = null));
    return started;
  };

  return {
    start,
    async console(sql: string): Promise<ConsoleReply> {
      await start();
      const timer = setTimeout(() => stopAll('timeLimit'), timeLimitMs);
      const reply = await request({ kind: 'console', sql });
      clearTimeout(timer);
      if (reply.kind === 'console') return { kind: 'ran', run: reply.run };
      if (reply.kind === 'stopped') return reply;
      return { kind: 'broken', message: reply.kind === 'broken' ? reply.message : `unexpected reply ${reply.kind}` };
    },
    async steps(plan: StepPlan): Promise<StepsReply> {
      await start();
      const reply = await request({ kind: 'steps', plan });
      switch (reply.kind) {
        case 'steps':
          return { kind: 'ran', run: reply.run };
        case 'stepsWaiting':
          return { kind: 'waiting' };
        case 'stepsFailed':
          return { kind: 'failed', message: reply.message };
        case 'stopped':
          return { kind: 'stopped' };
        default:
          return {
            kind: 'broken',
            message: reply.kind === 'broken' ? reply.message : `unexpected reply ${reply.kind}`,
          };
      }
    },
    /** Stops whatever runs by terminating the worker; the next request starts a fresh Postgres. */
    cancel: () => stopAll('cancelled'),
    close: () => stopAll('cancelled'),
  };
}

export type PostgresEngine = ReturnType<typeof createPostgresEngine>;
