import { createWalkthroughActions } from '@/store/actions';
import { selectStepCount } from '@/store/selectors';
import { parseRoute } from '@/route/route';
import type { WalkthroughStore } from '@/store/walkthrough-store';

/**
 * Links in the lesson to a walkthrough step (`?step=19&fencing=off#walkthrough`) move the walkthrough
 * on this page instead of reloading it. Modified clicks still open the link as usual.
 */
export function handleStepLinks(store: WalkthroughStore, root: HTMLElement): () => void {
  const actions = createWalkthroughActions(store);
  const onClick = (event: MouseEvent) => {
    if (
      event.defaultPrevented ||
      event.button !== 0 ||
      event.metaKey ||
      event.ctrlKey ||
      event.shiftKey ||
      event.altKey
    ) {
      return;
    }
    const link = event.target instanceof Element ? event.target.closest('a') : null;
    const href = link?.getAttribute('href');
    if (!href?.startsWith('?')) return;
    const [query = ''] = href.split('#');
    // Links to the lock lab open it as a page of its own.
    if (new URLSearchParams(query).has('lab')) return;
    event.preventDefault();
    const { route } = parseRoute({ pathname: '/', search: query }, (fencing) =>
      selectStepCount({ ...store.getState(), fencing }),
    );
    if (route.page !== 'lesson') return;
    actions.setFencing(route.place.fencing);
    actions.goToStep(route.place.cursor);
    document.getElementById('walkthrough')?.scrollIntoView();
  };
  root.addEventListener('click', onClick);
  return () => root.removeEventListener('click', onClick);
}
