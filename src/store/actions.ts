import { selectStepCount } from './selectors';
import { clampStep, createStepperActions } from './stepper';
import type { WalkthroughStore } from './walkthrough-store';

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
    toggleTextVersion: () => store.setState((state) => ({ textVersion: !state.textVersion })),
    toggleCompare: () => store.setState((state) => ({ compare: !state.compare })),
    dismissNotices: () => store.setState({ notices: [] }),
  };
}

export type WalkthroughActions = ReturnType<typeof createWalkthroughActions>;
