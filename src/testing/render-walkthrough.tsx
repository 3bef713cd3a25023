import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createWalkthroughActions } from '@/store/actions';
import { DEFAULT_SCENARIO_ID } from '@/store/selectors';
import { WalkthroughContext } from '@/store/use-walkthrough';
import { createWalkthroughStore, type WalkthroughState } from '@/store/walkthrough-store';

/** Renders a piece of the walkthrough against a fresh store, opened where the test says. */
export function renderWalkthrough(ui: ReactElement, initial: Partial<WalkthroughState> = {}) {
  const store = createWalkthroughStore({ scenarioId: DEFAULT_SCENARIO_ID, ...initial });
  const actions = createWalkthroughActions(store);
  const view = render(<WalkthroughContext.Provider value={{ store, actions }}>{ui}</WalkthroughContext.Provider>);
  return { ...view, store, actions };
}
