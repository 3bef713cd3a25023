import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app/app';
import { handleStepLinks } from '@/app/step-links';
import { syncUrl } from '@/app/sync-url';
import { createProgressActions, createProgressStore } from '@/progress/progress-store';
import { ProgressContext } from '@/progress/use-progress';
import { createWalkthroughActions } from '@/store/actions';
import { DEFAULT_SCENARIO_ID, timelineFor } from '@/store/selectors';
import { parseUrlState } from '@/store/url-state';
import { WalkthroughContext } from '@/store/use-walkthrough';
import { createWalkthroughStore } from '@/store/walkthrough-store';
import './styles.css';

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
const progressStore = createProgressStore(localStorageOrNull());

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
handleStepLinks(walkthroughStore, root);
createRoot(root).render(
  <StrictMode>
    <WalkthroughContext.Provider
      value={{ store: walkthroughStore, actions: createWalkthroughActions(walkthroughStore) }}
    >
      <ProgressContext.Provider value={{ store: progressStore, actions: createProgressActions(progressStore) }}>
        <App />
      </ProgressContext.Provider>
    </WalkthroughContext.Provider>
  </StrictMode>,
);

/** Storage can be switched off, or throw on access in a sandboxed frame; the page works without it. */
function localStorageOrNull(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}
