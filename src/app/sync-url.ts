import { selectCursor } from '@/store/selectors';
import { serializeUrlState } from '@/store/url-state';
import type { WalkthroughStore } from '@/store/walkthrough-store';

/** Keeps the address bar in step with the walkthrough, so any moment can be shared as a link. */
export function syncUrl(store: WalkthroughStore, location: Location, history: History): () => void {
  const write = () => {
    const state = store.getState();
    const search = serializeUrlState({ cursor: selectCursor(state), fencing: state.fencing }, location.search);
    if (search !== location.search)
      history.replaceState(history.state, '', `${location.pathname}${search}${location.hash}`);
  };
  write();
  return store.subscribe(write);
}
