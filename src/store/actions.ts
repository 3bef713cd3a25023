import { selectCursor, selectStepCount, selectTimeline, stepAtTime } from './selectors';
import { clampStep, createStepperActions } from './stepper';
import type { PlaybackSpeed, WalkthroughStore } from './walkthrough-store';

/** One function per learner gesture; buttons, keys and links all call these. */
export function createWalkthroughActions(store: WalkthroughStore) {
  return {
    ...createStepperActions(store, selectStepCount),
    /** The learner stays at the same step; if the other timeline is shorter, at its last step. */
    setFencing: (fencing: boolean) =>
      store.setState((state) => {
        const next = { ...state, fencing };
        return { fencing, cursor: clampStep(state.cursor, selectStepCount(next)) };
      }),
    /** Both at once, so nothing in between (fencing changed, step not yet) is ever seen. */
    goToPlace: (place: { readonly cursor: number; readonly fencing: boolean }) =>
      store.setState((state) => ({
        fencing: place.fencing,
        cursor: clampStep(place.cursor, selectStepCount({ ...state, fencing: place.fencing })),
      })),
    /** Plays from where the learner is, or from the start when at the end. */
    play: () =>
      store.setState((state) => ({
        playing: true,
        cursor: selectCursor(state) >= selectStepCount(state) - 1 ? 0 : state.cursor,
      })),
    pause: () => store.setState({ playing: false }),
    setSpeed: (speed: PlaybackSpeed) => store.setState({ speed }),
    /** Dragged to virtual time `at`: the last step at or before it. */
    goToTime: (at: number) => store.setState((state) => ({ cursor: stepAtTime(selectTimeline(state), at) })),
    toggleTextVersion: () => store.setState((state) => ({ textVersion: !state.textVersion })),
    toggleCompare: () => store.setState((state) => ({ compare: !state.compare })),
    dismissNotices: () => store.setState({ notices: [] }),
  };
}

export type WalkthroughActions = ReturnType<typeof createWalkthroughActions>;
