import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app/app';
import { syncUrl } from '@/app/sync-url';
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
const store = createWalkthroughStore({
  scenarioId: DEFAULT_SCENARIO_ID,
  cursor: fromUrl.cursor,
  fencing: fromUrl.fencing,
  notices: fromUrl.notices,
});
const actions = createWalkthroughActions(store);
syncUrl(store, window.location, window.history);

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <WalkthroughContext.Provider value={{ store, actions }}>
      <App />
    </WalkthroughContext.Provider>
  </StrictMode>,
);
