import { createStore } from 'zustand/vanilla';
import type { ConsoleRun } from './console-engine';
import type { JudgeCase, JudgeRun } from './fence-judge';
import type { EngineReply, EngineRequest } from './engine-protocol';
import {
  ENGINE_OFF,
  nextEngineState,
  type EngineEvent,
  type EngineState,
  type RestartReason,
} from './engine-lifecycle';
import type { RealRun, StepPlan } from './run-steps';
import type { Seed } from './session';

/** The console's time limit: past it, Postgres is stopped and started again. Stated beside the Run button. */
export const CONSOLE_TIME_LIMIT_MS = 10_000;
/**
 * The walkthrough's steps are a handful of UPDATEs, but they may wait in the worker's queue behind a console run
 * of up to its own limit: past both, something is wrong.
 */
export const STEPS_TIME_LIMIT_MS = 20_000;
/** Long enough for 5 MB on a slow connection; past it, the page says so instead of spinning for ever. */
export const START_TIME_LIMIT_MS = 120_000;

/** Stopped by the learner or a limit: the worker was terminated and a fresh Postgres is starting. */
type Stopped = { readonly kind: 'stopped'; readonly why: RestartReason };

export type ConsoleReply =
  | { readonly kind: 'ran'; readonly run: ConsoleRun }
  | Stopped
  /** The console left its role or encoding; Postgres is being restarted, and `message` says what changed. */
  | { readonly kind: 'restarted'; readonly why: 'identityChanged'; readonly message: string }
  | { readonly kind: 'broken'; readonly message: string };

export type StepsReply =
  | { readonly kind: 'ran'; readonly run: RealRun }
  | { readonly kind: 'waiting' }
  | { readonly kind: 'failed'; readonly message: string }
  | Stopped
  | { readonly kind: 'broken'; readonly message: string };

export type JudgeReply =
  | { readonly kind: 'judged'; readonly run: JudgeRun }
  | { readonly kind: 'waiting' }
  | Stopped
  | { readonly kind: 'restarted'; readonly why: 'identityChanged'; readonly message: string }
  | { readonly kind: 'broken'; readonly message: string };

/** A request before it is given its id. */
type WithoutId<T> = T extends unknown ? Omit<T, 'id'> : never;
type Settled = EngineReply | Stopped;

/**
 * The page's side of the Postgres worker. Its life is one state machine (engine-lifecycle.ts) in a store the panel
 * watches; every method resolves, none rejects. A run past its limit, a Cancel (also while starting), or a console
 * that left its role is stopped by terminating the worker, the only way to stop a running query, and a fresh one
 * starts at once. A worker that fails, or a Postgres that stops answering, leaves it broken until a restart.
 */
export function createPostgresEngine(
  makeWorker: () => Worker,
  seed: Seed,
  options: { timeLimitMs?: number; stepsLimitMs?: number; startLimitMs?: number } = {},
) {
  const timeLimitMs = options.timeLimitMs ?? CONSOLE_TIME_LIMIT_MS;
  const stepsLimitMs = options.stepsLimitMs ?? STEPS_TIME_LIMIT_MS;
  const startLimitMs = options.startLimitMs ?? START_TIME_LIMIT_MS;
  const store = createStore<EngineState>()(() => ENGINE_OFF);
  const dispatch = (event: EngineEvent) => store.setState(nextEngineState(store.getState(), event), true);
  let worker: Worker | null = null;
  let nextId = 1;
  const pending = new Map<number, (reply: Settled) => void>();
  let starting: Promise<void> = Promise.resolve();
  /** Counts Cancels, so a run asked for just before one (still waiting for Postgres) is cancelled too. */
  let cancels = 0;
  /** Console runs asked for and not yet sent: a Cancel then restarts too, as the console says it did. */
  let unsent = 0;

  const settleAll = (reply: Settled) => {
    const waiting = [...pending.values()];
    pending.clear();
    for (const settle of waiting) settle(reply);
  };
  /** Ends the current worker; whatever waited on it hears why. */
  const kill = (reply: Settled) => {
    worker?.terminate();
    worker = null;
    settleAll(reply);
  };
  const breakDown = (message: string) => {
    kill({ id: null, kind: 'broken', message });
    dispatch({ kind: 'brokeDown', message });
  };

  const send = (message: WithoutId<EngineRequest>) => {
    const id = nextId++;
    return new Promise<Settled>((resolve) => {
      if (!worker) return resolve({ kind: 'stopped', why: 'cancelled' });
      pending.set(id, resolve);
      worker.postMessage({ ...message, id } as EngineRequest);
    });
  };

  /** A new worker and its Postgres; resolves once it is ready or has failed (the state says which). */
  const spawn = () => {
    let current: Worker;
    try {
      current = makeWorker();
    } catch (error) {
      breakDown(error instanceof Error ? error.message : 'the worker could not be made');
      return (starting = Promise.resolve());
    }
    worker = current;
    current.addEventListener('message', (event: MessageEvent<EngineReply>) => {
      const reply = event.data;
      // A failure no request caused (a download that did not arrive) breaks everything that waits.
      if (reply.id === null) {
        if (worker === current) breakDown(reply.kind === 'broken' ? reply.message : 'no reply');
        return;
      }
      const settle = pending.get(reply.id);
      pending.delete(reply.id);
      settle?.(reply);
    });
    current.addEventListener('error', (event) => {
      event.preventDefault();
      if (worker === current) breakDown(event.message || 'the worker failed');
    });
    starting = new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        if (worker === current) breakDown(`it did not start within ${startLimitMs / 1000} s.`);
        resolve();
      }, startLimitMs);
      void send({ kind: 'start', ...seed }).then((reply) => {
        clearTimeout(timer);
        // Replaced while starting (a Cancel, another restart): the newer worker reports for itself.
        if (worker === current) {
          if (reply.kind === 'started') dispatch({ kind: 'started', version: reply.version });
          else {
            const message = reply.kind === 'broken' ? reply.message : 'it stopped while starting.';
            kill({ id: null, kind: 'broken', message });
            dispatch({ kind: 'startFailed', message });
          }
        }
        resolve();
      });
    });
    return starting;
  };

  const restart = (why: RestartReason) => {
    kill({ kind: 'stopped', why });
    dispatch({ kind: 'restart', why });
    return spawn();
  };

  /** Ready to run, if it can be: starts it, waits for a start under way, or restarts a broken one. */
  const ensureReady = async () => {
    const { phase } = store.getState();
    if (phase === 'off') {
      dispatch({ kind: 'start' });
      await spawn();
    } else if (phase === 'broken') await restart('asked');
    // A start may be replaced while it runs (a Cancel restarts again): wait until the latest has ended.
    let waited: Promise<void>;
    do {
      waited = starting;
      await waited;
    } while (waited !== starting);
    const state = store.getState();
    return state.phase === 'ready' || state.phase === 'busy' ? null : state;
  };

  /** Sends one run under a time limit and keeps the state machine in step with how it ended. */
  const run = async (message: WithoutId<EngineRequest>, limitMs: number, onLimit: RestartReason) => {
    dispatch({ kind: 'runBegan' });
    const sentTo = worker;
    const timer = setTimeout(() => {
      if (worker === sentTo) void restart(onLimit);
    }, limitMs);
    const reply = await send(message);
    clearTimeout(timer);
    if (reply.kind === 'broken') dispatch({ kind: 'brokeDown', message: reply.message });
    else if (reply.kind === 'identityChanged') void restart('identityChanged');
    else if (reply.kind !== 'stopped') dispatch({ kind: 'runEnded' });
    return reply;
  };

  return {
    store,
    /** Starts Postgres (or restarts a broken one); resolves when it is ready or has failed, never rejects. */
    start: async () => {
      await ensureReady();
    },
    async console(sql: string): Promise<ConsoleReply> {
      const cancelsAtCall = cancels;
      unsent += 1;
      let notReady: Awaited<ReturnType<typeof ensureReady>>;
      try {
        notReady = await ensureReady();
      } finally {
        unsent -= 1;
      }
      if (cancels !== cancelsAtCall) return { kind: 'stopped', why: 'cancelled' };
      if (notReady) return { kind: 'broken', message: notReady.phase === 'broken' ? notReady.message : notReady.phase };
      const reply = await run({ kind: 'console', sql }, timeLimitMs, 'timeLimit');
      switch (reply.kind) {
        case 'console':
          return { kind: 'ran', run: reply.run };
        case 'stopped':
          return reply;
        case 'identityChanged':
          return { kind: 'restarted', why: 'identityChanged', message: reply.message };
        default:
          return {
            kind: 'broken',
            message: reply.kind === 'broken' ? reply.message : `unexpected reply ${reply.kind}`,
          };
      }
    },
    async steps(plan: StepPlan): Promise<StepsReply> {
      const notReady = await ensureReady();
      if (notReady) return { kind: 'broken', message: notReady.phase === 'broken' ? notReady.message : notReady.phase };
      const reply = await run({ kind: 'steps', plan }, stepsLimitMs, 'stepsTimeLimit');
      switch (reply.kind) {
        case 'steps':
          return { kind: 'ran', run: reply.run };
        case 'stepsWaiting':
          return { kind: 'waiting' };
        case 'stepsFailed':
          return { kind: 'failed', message: reply.message };
        case 'stopped':
          return reply;
        default:
          return { kind: 'broken', message: 'message' in reply ? reply.message : `unexpected reply ${reply.kind}` };
      }
    },
    /**
     * The fence exercise's judge, under the console's time limit: a statement that never finishes is stopped by
     * restarting Postgres, which puts the console's tables back to the story's row.
     */
    async judge(statement: string, cases: readonly JudgeCase[]): Promise<JudgeReply> {
      const notReady = await ensureReady();
      if (notReady) return { kind: 'broken', message: notReady.phase === 'broken' ? notReady.message : notReady.phase };
      const reply = await run({ kind: 'judge', statement, cases }, timeLimitMs, 'timeLimit');
      switch (reply.kind) {
        case 'judged':
          return { kind: 'judged', run: reply.run };
        case 'judgeWaiting':
          return { kind: 'waiting' };
        case 'stopped':
          return reply;
        case 'identityChanged':
          return { kind: 'restarted', why: 'identityChanged', message: reply.message };
        default:
          return { kind: 'broken', message: 'message' in reply ? reply.message : `unexpected reply ${reply.kind}` };
      }
    },
    /** Stops whatever runs, or a start under way, by terminating the worker; a fresh Postgres starts at once. */
    cancel: () => {
      cancels += 1;
      const { phase } = store.getState();
      if (phase === 'busy' || phase === 'starting' || phase === 'restarting' || (phase === 'ready' && unsent > 0))
        void restart('cancelled');
    },
    /** After a breakdown: a fresh Postgres. Resolves when it is ready or has failed again. */
    restart: () => restart('asked'),
    close: () => kill({ kind: 'stopped', why: 'cancelled' }),
  };
}

export type PostgresEngine = ReturnType<typeof createPostgresEngine>;
