import { startTransition, StrictMode, useEffect, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from '@/app/app';
import { CodeGone } from '@/app/code-gone';
import { PageReadyContext } from '@/app/page-ready';
import { createPageStores, PageProviders } from '@/app/page-stores';
import './styles.css';

// A SCORM package (`vite build --mode scorm`) looks for its LMS first; the site itself never loads this code.
const lms = import.meta.env.MODE === 'scorm' ? (await import('./lms/connect-lms')).startLms(window) : null;
const stores = createPageStores(window, lms ? { lms: { storage: lms.storage } } : {});
lms?.connect(stores);
const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

let markReady = () => {};
/** Settles once the page has hydrated or drawn, its controls enabled: src/boot.ts waits for it to print. */
export const pageReady = new Promise<void>((resolve) => (markReady = resolve));
const opensOnLesson = stores.shellStore.getState().route.page === 'lesson';
// A wrapper with one child, not a sibling of <App />: a sibling would change every useId below it from the ids the
// prerender wrote (the diagram's patterns and arrowheads are found by those ids). The lesson is drawn when this
// commits; another page (?lab, ?present) loads lazily and says so itself (src/app/page-ready.tsx).
function Ready({ children }: { children: ReactNode }) {
  useEffect(() => {
    if (opensOnLesson) markReady();
  }, []);
  return <PageReadyContext value={markReady}>{children}</PageReadyContext>;
}

const page = (
  <StrictMode>
    <PageProviders stores={stores}>
      <Ready>
        <CodeGone>
          <App />
        </CodeGone>
      </Ready>
    </PageProviders>
  </StrictMode>
);
// The build prerenders the lesson as a first visit sees it (scripts/prerender.mjs): the lesson hydrates that markup,
// and a saved answer or a linked step applies just after. Another page (?lab, ?present) replaces it.
if (root.hasAttribute('data-prerendered') && opensOnLesson) {
  // As a transition, React hydrates in slices of a few milliseconds and lets the browser in between, instead of in
  // one task of about 100 ms on this machine; a click meanwhile hydrates its own part first and is then handled.
  startTransition(() => {
    hydrateRoot(root, page);
  });
} else {
  root.replaceChildren();
  root.removeAttribute('data-prerendered');
  createRoot(root).render(page);
}
