import { createStore } from 'zustand/vanilla';

/** Only what the learner chose. Timelines, frames and captions are derived from it by selectors. */
export interface WalkthroughState {
  readonly scenarioId: string;
  readonly fencing: boolean;
  /** Zero-based index of the current step. */
  readonly cursor: number;
  readonly textVersion: boolean;
  /** Show fencing off and on side by side. */
  readonly compare: boolean;
  /** Messages about input we could not use as given (a bad link, say); the learner can dismiss them. */
  readonly notices: readonly string[];
}

export type WalkthroughStore = ReturnType<typeof createWalkthroughStore>;

export function createWalkthroughStore(initial: Partial<WalkthroughState> & Pick<WalkthroughState, 'scenarioId'>) {
  return createStore<WalkthroughState>()(() => ({
    fencing: true,
    cursor: 0,
    textVersion: false,
    compare: false,
    notices: [],
    ...initial,
  }));
}
