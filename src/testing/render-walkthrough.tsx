import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { createProgressActions, createProgressStore } from '@/progress/progress-store';
import { ProgressContext } from '@/progress/use-progress';
import { createWalkthroughActions } from '@/store/actions';
import { DEFAULT_SCENARIO_ID } from '@/store/selectors';
import { WalkthroughContext } from '@/store/use-walkthrough';
import { createWalkthroughStore, type WalkthroughState } from '@/store/walkthrough-store';

/** A Storage kept in memory, so tests never share or leak saved progress. */
export function memoryStorage(initial: Record<string, string> = {}): Storage {
  const items = new Map(Object.entries(initial));
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, String(value)),
  };
}

/** Renders a piece of the page against fresh stores: the walkthrough opened where the test says, empty progress. */
export function renderWalkthrough(
  ui: ReactElement,
  initial: Partial<WalkthroughState> = {},
  storage: Storage = memoryStorage(),
) {
  const store = createWalkthroughStore({ scenarioId: DEFAULT_SCENARIO_ID, ...initial });
  const actions = createWalkthroughActions(store);
  const progressStore = createProgressStore(storage);
  const progressActions = createProgressActions(progressStore);
  const view = render(
    <WalkthroughContext.Provider value={{ store, actions }}>
      <ProgressContext.Provider value={{ store: progressStore, actions: progressActions }}>
        {ui}
      </ProgressContext.Provider>
    </WalkthroughContext.Provider>,
  );
  return { ...view, store, actions, progressStore, progressActions, storage };
}

/** A piece of the page as the build prerenders it, against fresh stores: the markup alone, with no browser to ask. */
export function prerenderWalkthrough(ui: ReactElement, initial: Partial<WalkthroughState> = {}): string {
  const store = createWalkthroughStore({ scenarioId: DEFAULT_SCENARIO_ID, ...initial });
  const progressStore = createProgressStore(memoryStorage());
  return renderToString(
    <WalkthroughContext.Provider value={{ store, actions: createWalkthroughActions(store) }}>
      <ProgressContext.Provider value={{ store: progressStore, actions: createProgressActions(progressStore) }}>
        {ui}
      </ProgressContext.Provider>
    </WalkthroughContext.Provider>,
  );
}
