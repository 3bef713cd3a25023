import type { ConsoleRun } from './console-engine';
import type { JudgeCase, JudgeRun } from './fence-judge';
import type { RealRun, StepPlan } from './run-steps';
import type { Seed } from './session';

/** What the page asks of the Postgres worker. Each request carries an id its reply repeats. */
export type EngineRequest =
  | ({ readonly id: number; readonly kind: 'start' } & Seed)
  | { readonly id: number; readonly kind: 'console'; readonly sql: string }
  | { readonly id: number; readonly kind: 'steps'; readonly plan: StepPlan }
  /** The fence exercise: one statement over every case, each in a transaction rolled back. */
  | { readonly id: number; readonly kind: 'judge'; readonly statement: string; readonly cases: readonly JudgeCase[] };

export type EngineReply =
  | { readonly id: number; readonly kind: 'started'; readonly version: string }
  | { readonly id: number; readonly kind: 'console'; readonly run: ConsoleRun }
  | { readonly id: number; readonly kind: 'steps'; readonly run: RealRun }
  /** The console's transaction is open: the steps would run inside it, so they wait. */
  | { readonly id: number; readonly kind: 'stepsWaiting' }
  | { readonly id: number; readonly kind: 'judged'; readonly run: JudgeRun }
  /** The console's transaction is open: the judge's would run inside it, so it waits. */
  | { readonly id: number; readonly kind: 'judgeWaiting' }
  | { readonly id: number; readonly kind: 'stepsFailed'; readonly message: string }
  /** The console left its role or its encoding: Postgres must be restarted before anything else runs. */
  | { readonly id: number; readonly kind: 'identityChanged'; readonly message: string }
  /** Postgres itself failed (not an SQL error): only a restart helps. */
  | { readonly id: number | null; readonly kind: 'broken'; readonly message: string };
