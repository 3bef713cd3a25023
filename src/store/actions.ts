import { clampStep, selectStepCount } from './selectors';
import type { WalkthroughStore } from './walkthrough-store';

/** One function per learner gesture; buttons, keys and links all call these. */
export function createWalkthroughActions(store: WalkthroughStore) {
  const goToStep = (cursor: number) =>
    store.setState((state) => ({ cursor: clampStep(cursor, selectStepCount(state)) }));
  return {
    goToStep,
    next: () => store.setState((state) => ({ cursor: clampStep(state.cursor + 1, selectStepCount(state)) })),
    back: () => store.setState((state) => ({ cursor: clampStep(state.cursor - 1, selectStepCount(state)) })),
    goToFirst: () => goToStep(0),
    goToLast: () => goToStep(Number.MAX_SAFE_INTEGER),
    /** The learner stays at the same step; if the other timeline is shorter, at its last step. */
    setFencing: (fencing: boolean) =>
      store.setState((state) => {
        const next = { ...state, fencing };
        return { fencing, cursor: clampStep(state.cursor, selectStepCount(next)) };
      }),
    toggleTextVersion: () => store.setState((state) => ({ textVersion: !state.textVersion })),
    toggleCompare: () => store.setState((state) => ({ compare: !state.compare })),
    dismissNotices: () => store.setState({ notices: [] }),
  };
}

export type WalkthroughActions = ReturnType<typeof createWalkthroughActions>;
