/**
 * The in-page Postgres's life, as one state machine: plain data and one pure function, so every path (a crash,
 * a cancel while restarting, a start that fails) is tested without a worker or React.
 */

/** Why Postgres was stopped and started again: the panel says which. */
export type RestartReason =
  /** The learner pressed Cancel. */
  | 'cancelled'
  /** A console run took longer than its limit. */
  | 'timeLimit'
  /** One of the walkthrough's own steps took longer than its limit. */
  | 'stepsTimeLimit'
  /** The console switched its role or its encoding: Postgres was restarted rather than run that way. */
  | 'identityChanged'
  /** The learner asked for a restart after a breakdown. */
  | 'asked';

export type EngineState =
  /** Not asked for yet: nothing downloaded. */
  | { readonly phase: 'off' }
  | { readonly phase: 'starting' }
  | { readonly phase: 'ready'; readonly version: string }
  /** Running `running` requests (console runs and walkthrough steps, which the worker takes in turn). */
  | { readonly phase: 'busy'; readonly version: string; readonly running: number }
  /** Postgres stopped answering as Postgres does, or would not start: only a restart helps. */
  | { readonly phase: 'broken'; readonly message: string }
  /** The worker was terminated and a fresh one is starting. */
  | { readonly phase: 'restarting'; readonly why: RestartReason };

export type EngineEvent =
  | { readonly kind: 'start' }
  | { readonly kind: 'started'; readonly version: string }
  | { readonly kind: 'startFailed'; readonly message: string }
  | { readonly kind: 'runBegan' }
  | { readonly kind: 'runEnded' }
  | { readonly kind: 'brokeDown'; readonly message: string }
  | { readonly kind: 'restart'; readonly why: RestartReason };

export const ENGINE_OFF: EngineState = { phase: 'off' };

/** The state after an event; an event that makes no sense in a state leaves it as it was. */
export function nextEngineState(state: EngineState, event: EngineEvent): EngineState {
  switch (event.kind) {
    case 'start':
      return state.phase === 'off' ? { phase: 'starting' } : state;
    case 'started':
      return state.phase === 'starting' || state.phase === 'restarting'
        ? { phase: 'ready', version: event.version }
        : state;
    case 'startFailed':
      return state.phase === 'starting' || state.phase === 'restarting'
        ? { phase: 'broken', message: event.message }
        : state;
    case 'runBegan':
      if (state.phase === 'ready') return { phase: 'busy', version: state.version, running: 1 };
      if (state.phase === 'busy') return { ...state, running: state.running + 1 };
      return state;
    case 'runEnded':
      if (state.phase !== 'busy') return state;
      return state.running > 1 ? { ...state, running: state.running - 1 } : { phase: 'ready', version: state.version };
    case 'brokeDown':
      return state.phase === 'off' ? state : { phase: 'broken', message: event.message };
    case 'restart':
      // Any Postgres that was asked for can be restarted: while it starts, runs, after it broke, or again.
      return state.phase === 'off' ? state : { phase: 'restarting', why: event.why };
  }
}
