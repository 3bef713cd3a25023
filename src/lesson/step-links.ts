import { selectStepCount } from '@/store/selectors';
import { parseRoute, type WalkthroughPlace } from '@/route/route';
import type { WalkthroughStore } from '@/store/walkthrough-store';

/**
 * Links in the lesson to a walkthrough step (`?step=19&fencing=off#walkthrough`) move the walkthrough
 * on this page instead of reloading it, as a visit the browser's Back undoes. Modified clicks still open the
 * link as usual.
 */
export function handleStepLinks(
  store: WalkthroughStore,
  root: HTMLElement,
  visitStep: (place: WalkthroughPlace) => void,
): () => void {
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
    visitStep(route.page === 'lesson' && route.place ? route.place : { cursor: 0, fencing: true });
  };
  root.addEventListener('click', onClick);
  return () => root.removeEventListener('click', onClick);
}
