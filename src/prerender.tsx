import { StrictMode, type ReactNode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { App } from '@/app/app';
import { createFirstVisitStores, PageProviders } from '@/app/page-stores';
import { PrerenderingContext } from '@/components/hydrate-when-near';
import { EmbedApp } from '@/embed/embed-app';
import { DEFAULT_EMBED_FRAME, type Route } from '@/route/route';
import { DEFAULT_LAB_CONFIG } from '@/settings/lab-config';

/** Storage with nothing saved, for a first visit's progress; the prerendered page saves nothing. */
const emptyStorage: Storage = {
  length: 0,
  clear: () => undefined,
  getItem: () => null,
  key: () => null,
  removeItem: () => undefined,
  setItem: () => undefined,
};

/**
 * The lesson as a first visit sees it (step 1, fencing on, nothing answered), rendered at build time by
 * `scripts/prerender.mjs` into index.html, which the page then hydrates. `prerender` waits for every lazy part, so
 * the whole lesson is in the markup, with no inline script.
 */
export function renderLesson(): Promise<string> {
  return renderTwice(<App />);
}

/** embed.html as a first visit with no options sees it: the compact walkthrough player at step 1, fencing on. */
const EMBED_FIRST_VISIT: Route = {
  page: 'embed',
  widget: null,
  questionId: null,
  parentOrigin: null,
  place: { cursor: 0, fencing: true },
  lab: DEFAULT_LAB_CONFIG,
  frame: DEFAULT_EMBED_FRAME,
};

/** The compact player, written into embed.html, which hydrates it when its address asks for that player. */
export function renderEmbed(): Promise<string> {
  const nothing = () => undefined;
  return renderTwice(<EmbedApp onLabStep={nothing} onMapDrawn={nothing} />, EMBED_FIRST_VISIT);
}

async function renderTwice(app: ReactNode, route?: Route): Promise<string> {
  // Imported as the page imports it, after the first view's code, so the build keeps it in its own chunk.
  const { createProgressActions, createProgressStore } = await import('@/progress/progress-store');
  const store = createProgressStore(emptyStorage, null);
  const stores = createFirstVisitStores({ store, actions: createProgressActions(store) }, route);
  const page = (
    <StrictMode>
      <PrerenderingContext value={true}>
        <PageProviders stores={stores}>{app}</PageProviders>
      </PrerenderingContext>
    </StrictMode>
  );
  // The first pass loads every lazy part (and settles the progress promise), which it writes as fallbacks revealed
  // by inline scripts; the second finds them all loaded and writes each in its place.
  await render(page);
  return render(page);
}

async function render(page: ReactNode): Promise<string> {
  // One chunk, so no finished part is moved out of place to be revealed by a script.
  const { prelude } = await prerenderToNodeStream(page, { progressiveChunkSize: Number.POSITIVE_INFINITY });
  let html = '';
  for await (const chunk of prelude) html += String(chunk);
  return html;
}
