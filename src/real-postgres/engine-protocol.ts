import type { ConsoleRun } from './console-engine';
import type { RealRun, StepPlan } from './run-steps';
import type { Seed } from './session';

/** What the page asks of the Postgres worker. Each request carries an id its reply repeats. */
export type EngineRequest =
  | ({ readonly id: number; readonly kind: 'start' } & Seed)
  | { readonly id: number; readonly kind: 'console'; readonly sql: string }
  | { readonly id: number; readonly kind: 'steps'; readonly plan: StepPlan };

export type EngineReply =
  | { readonly id: number; readonly kind: 'started'; readonly version: string }
  | { readonly id: number; readonly kind: 'console'; readonly run: ConsoleRun }
  | { readonly id: number; readonly kind: 'steps'; readonly run: RealRun }
  /** The console's transaction is open: the steps would run inside it, so they wait. */
  | { readonly id: number; readonly kind: 'stepsWaiting' }
  | { readonly id: number; readonly kind: 'stepsFailed'; readonly message: string }
  /** The console left its role or its encoding: Postgres must be restarted before anything else runs. */
  | { readonly id: number; readonly kind: 'identityChanged'; readonly message: string }
  /** Postgres itself failed (not an SQL error): only a restart helps. */
  | { readonly id: number | null; readonly kind: 'broken'; readonly message: string };
