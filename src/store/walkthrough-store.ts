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
  /** Stepping on its own, one step per second divided by `speed`. */
  readonly playing: boolean;
  readonly speed: PlaybackSpeed;
}

export const PLAYBACK_SPEEDS = [0.5, 1, 2, 4] as const;
export type PlaybackSpeed = (typeof PLAYBACK_SPEEDS)[number];

export type WalkthroughStore = ReturnType<typeof createWalkthroughStore>;

export function createWalkthroughStore(initial: Partial<WalkthroughState> & Pick<WalkthroughState, 'scenarioId'>) {
  return createStore<WalkthroughState>()(() => ({
    fencing: true,
    cursor: 0,
    textVersion: false,
    compare: false,
    notices: [],
    playing: false,
    speed: 1,
    ...initial,
  }));
}
