import type { StoreApi } from 'zustand/vanilla';

/**
 * The one way Lockstep steps through a timeline: a cursor over a number of steps. The walkthrough, the
 * presenter and the lab each keep a cursor in their store and move it with these actions.
 */
export interface StepperActions {
  readonly goToStep: (cursor: number) => void;
  readonly next: () => void;
  readonly back: () => void;
  readonly goToFirst: () => void;
  readonly goToLast: () => void;
}

export function clampStep(cursor: number, stepCount: number): number {
  return Math.min(Math.max(0, Math.trunc(cursor)), stepCount - 1);
}

export function createStepperActions<State extends { readonly cursor: number }>(
  store: StoreApi<State>,
  stepCount: (state: State) => number,
): StepperActions {
  const move = (to: (cursor: number) => number) =>
    store.setState(
      (state) =>
        ({ cursor: clampStep(to(clampStep(state.cursor, stepCount(state))), stepCount(state)) }) as Partial<State>,
    );
  return {
    goToStep: (cursor) => move(() => cursor),
    next: () => move((cursor) => cursor + 1),
    back: () => move((cursor) => cursor - 1),
    goToFirst: () => move(() => 0),
    goToLast: () => move(() => Number.MAX_SAFE_INTEGER),
  };
}
