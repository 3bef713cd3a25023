import type { ReactNode } from 'react';
import { ProgressContext, type ProgressBinding } from '@/progress/use-progress';
import { createWalkthroughActions } from '@/store/actions';
import { DEFAULT_SCENARIO_ID, timelineFor } from '@/store/selectors';
import { parseUrlState } from '@/store/url-state';
import { WalkthroughContext } from '@/store/use-walkthrough';
import { createWalkthroughStore } from '@/store/walkthrough-store';
import { syncUrl } from './sync-url';

/** The stores a page needs, opened at the state its URL describes, with progress read from storage. */
export function createPageStores() {
  const fromUrl = parseUrlState(
    window.location.search,
    (fencing) => timelineFor(DEFAULT_SCENARIO_ID, fencing).frames.length,
  );
  const walkthroughStore = createWalkthroughStore({
    scenarioId: DEFAULT_SCENARIO_ID,
    cursor: fromUrl.cursor,
    fencing: fromUrl.fencing,
    notices: fromUrl.notices,
  });
  syncUrl(walkthroughStore, window.location, window.history);
  return {
    walkthroughStore,
    walkthroughActions: createWalkthroughActions(walkthroughStore),
    progress: loadProgress(),
  };
}

export type PageStores = ReturnType<typeof createPageStores>;

export function PageProviders({ stores, children }: { stores: PageStores; children: ReactNode }) {
  return (
    <WalkthroughContext.Provider value={{ store: stores.walkthroughStore, actions: stores.walkthroughActions }}>
      <ProgressContext.Provider value={stores.progress}>{children}</ProgressContext.Provider>
    </WalkthroughContext.Provider>
  );
}

/** Saved answers, read from storage once the progress code has loaded; it is not part of the first view. */
async function loadProgress(): Promise<ProgressBinding> {
  const { createProgressActions, createProgressStore } = await import('@/progress/progress-store');
  const store = createProgressStore(localStorageOrNull());
  return { store, actions: createProgressActions(store) };
}

/** Storage can be switched off, or throw on access in a sandboxed frame; the page works without it. */
function localStorageOrNull(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}
