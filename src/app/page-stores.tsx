import { laterPartsNeeded } from '@/components/load-when-needed';
import { localStorageOrNull, progressToRead } from '@/progress/storage-key';
import { createContext, useContext, type ReactNode } from 'react';
import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';
import type { LabConfig } from '@/settings/lab-config';
import { ProgressContext, type ProgressBinding } from '@/progress/use-progress';
import { scrollIntoOwnView } from '@/components/scroll-into-own-view';
import { parseRoute, type Route, type WalkthroughPlace } from '@/route/route';
import { NavigationContext } from '@/store/navigation';
import { createWalkthroughActions } from '@/store/actions';
import { linkNotice } from '@/store/link-notices';
import { DEFAULT_SCENARIO_ID, selectCursor, timelineFor } from '@/store/selectors';
import { WalkthroughContext } from '@/store/use-walkthrough';
import { createWalkthroughStore, type WalkthroughStore } from '@/store/walkthrough-store';
import { keepAddressInStep } from './address-bar';

/**
 * The stores a page needs, opened at the route its address describes, with progress read from storage.
 * The shell store holds the page the learner is on; the walkthrough store holds where they are in it.
 */
/**
 * Inside an LMS (a SCORM package) the page keeps its address as launched, adds no history entries, and stores
 * progress where the LMS session says.
 */
export interface PageOptions {
  readonly lms?: { readonly storage: Storage | null };
}

export function createPageStores(browser: Window = window, options: PageOptions = {}) {
  const stepCount = (fencing: boolean) => timelineFor(DEFAULT_SCENARIO_ID, fencing).frames.length;
  const parsed = parseRoute(browser.location, stepCount);
  const place = ('place' in parsed.route ? parsed.route.place : null) ?? START;
  // Created at a fresh visit's step, which hydration takes as the server's (zustand's getInitialState), then moved
  // to the linked step: a prerendered page hydrates without a mismatch and then shows the step the link names.
  const walkthroughStore = createWalkthroughStore({ scenarioId: DEFAULT_SCENARIO_ID, ...START });
  walkthroughStore.setState({ ...place, notices: parsed.linkProblems.map(linkNotice) });
  const shellStore = createStore<{ readonly route: Route }>()(() => ({ route: parsed.route }));
  // A fresh visit's address gains step and fencing only once the learner steps or toggles; a link that named
  // them keeps them.
  let moved = parsed.route.page === 'lesson' && parsed.route.place !== null;
  /** Set while Back or Forward returns the walkthrough to an entry's step: that is not the learner moving. */
  let restoring = false;
  walkthroughStore.subscribe((state, previous) => {
    if (!restoring && (state.cursor !== previous.cursor || state.fencing !== previous.fencing)) moved = true;
  });
  const addressBar = options.lms
    ? { flush: () => undefined, visit: () => undefined }
    : keepAddressInStep(
        () => currentRoute(shellStore.getState().route, walkthroughStore, moved),
        (onChange) => {
          walkthroughStore.subscribe(onChange);
          shellStore.subscribe(onChange);
        },
        browser,
      );
  addressBar.flush();
  const walkthroughActions = createWalkthroughActions(walkthroughStore);
  // Back and Forward between visits: the walkthrough returns to the step that entry names, and the page to where
  // the reader was on it. The shell keeps each entry's position itself: the browser's own restoration runs while
  // the lesson is still arriving, and lands short.
  const positions = new Map<string, number>();
  // A link to a heading (#…) adds an entry of the browser's own: its position is kept apart from the page's.
  const entryKey = () =>
    `${(browser.history.state as { entry?: string } | null)?.entry ?? 'first'}${browser.location.hash}`;
  if ('scrollRestoration' in browser.history) browser.history.scrollRestoration = 'manual';
  let measuring = false;
  browser.addEventListener(
    'scroll',
    () => {
      if (measuring) return;
      measuring = true;
      // A scroll made on one entry is that entry's, even if the next frame comes after the reader has left it.
      const entry = entryKey();
      browser.requestAnimationFrame(() => {
        measuring = false;
        if (entryKey() === entry) positions.set(entry, browser.scrollY);
      });
    },
    { passive: true },
  );
  browser.addEventListener('popstate', (event: PopStateEvent) => {
    // Following a link to a heading fires popstate too: the browser scrolls to it, and the walkthrough stays put.
    if (event.state === null && browser.location.hash) return;
    const { route } = parseRoute(browser.location, stepCount);
    if (route.page !== 'lesson') return;
    // Before the walkthrough moves: the address bar writes as it moves, and an entry without a step (a fresh
    // visit's `/`) must stay without one.
    moved = route.place !== null;
    restoring = true;
    walkthroughActions.goToPlace(route.place ?? START);
    restoring = false;
    const position = positions.get(entryKey());
    if (position !== undefined) browser.requestAnimationFrame(() => browser.scrollTo(0, position));
  });
  const setRoute = (route: Route) => {
    // Entering or leaving presenter mode keeps the step in the address.
    moved = true;
    shellStore.setState({ route });
    // Entering or leaving presenter mode is one deliberate click: the address shows it at once.
    addressBar.flush();
  };
  return {
    walkthroughStore,
    walkthroughActions,
    shellStore,
    navigation: {
      /** A step link followed inside the page: a new history entry, and the walkthrough brought into view. */
      visitStep: (place: WalkthroughPlace) => {
        // Where the reader is as they leave, whether or not a frame has measured it since they last scrolled.
        positions.set(entryKey(), browser.scrollY);
        addressBar.visit({ page: 'lesson', place });
        walkthroughActions.goToPlace(place);
        moved = true;
        scrollIntoOwnView(browser.document.getElementById('walkthrough'));
      },
    },
    shellActions: {
      present: () => setRoute({ page: 'present', place: currentPlace(walkthroughStore) }),
      exitPresentation: () => setRoute({ page: 'lesson', place: currentPlace(walkthroughStore) }),
      /** The lab's settings changed: its address follows, on the lab page or in a lab embed. */
      setLab: (lab: LabConfig) => {
        const { route } = shellStore.getState();
        if (route.page === 'lab' || route.page === 'embed') shellStore.setState({ route: { ...route, lab } });
      },
    },
    labProblems: parsed.labProblems,
    // In an LMS the course's status is reported as the page opens, from the progress code.
    progress: options.lms
      ? loadProgress(options.lms.storage, false)
      : loadProgress(localStorageOrNull(), parsed.route.page === 'lesson'),
  };
}

export type PageStores = ReturnType<typeof createPageStores>;

/**
 * A fresh visit to `route` (the lesson, or embed.html's compact player), with nothing saved, in no browser: what the
 * build prerenders. Nothing here is ever called, since the prerendered page is only read.
 */
export function createFirstVisitStores(
  progress: ProgressBinding,
  route: Route = { page: 'lesson', place: null },
): PageStores {
  const walkthroughStore = createWalkthroughStore({ scenarioId: DEFAULT_SCENARIO_ID, ...START });
  const nothing = () => undefined;
  return {
    walkthroughStore,
    walkthroughActions: createWalkthroughActions(walkthroughStore),
    shellStore: createStore<{ readonly route: Route }>()(() => ({ route })),
    navigation: { visitStep: nothing },
    shellActions: { present: nothing, exitPresentation: nothing, setLab: nothing },
    labProblems: [],
    progress: Promise.resolve(progress),
  };
}

/** Where a walkthrough starts when nothing says otherwise. */
const START: WalkthroughPlace = { cursor: 0, fencing: true };

function currentPlace(store: WalkthroughStore) {
  const state = store.getState();
  return { cursor: selectCursor(state), fencing: state.fencing };
}

/** The shell's route with the walkthrough's place as it is now; a lesson not yet stepped keeps no place. */
function currentRoute(route: Route, store: WalkthroughStore, moved: boolean): Route {
  if (route.page === 'lesson') return { ...route, place: moved ? currentPlace(store) : null };
  return 'place' in route ? { ...route, place: currentPlace(store) } : route;
}

const ShellContext = createContext<PageStores | null>(null);

export function PageProviders({ stores, children }: { stores: PageStores; children: ReactNode }) {
  return (
    <ShellContext.Provider value={stores}>
      <NavigationContext.Provider value={stores.navigation}>
        <WalkthroughContext.Provider value={{ store: stores.walkthroughStore, actions: stores.walkthroughActions }}>
          <ProgressContext.Provider value={stores.progress}>{children}</ProgressContext.Provider>
        </WalkthroughContext.Provider>
      </NavigationContext.Provider>
    </ShellContext.Provider>
  );
}

/** The page's route and the shell's actions; only the app shell and the embed shell use them. */
export function useShell() {
  const stores = useContext(ShellContext);
  if (!stores) throw new Error('useShell needs <PageProviders>');
  const route = useStore(stores.shellStore, (state) => state.route);
  return { route, actions: stores.shellActions, labProblems: stores.labProblems };
}

/**
 * Saved answers, read from storage once the progress code has loaded; it is not part of the first view. On the
 * lesson with nothing saved (a first visit) that code waits for the reader's first move: nothing is saved before
 * one, and the lesson's first view does without it. Other pages (an embedded quiz, say) need it to draw at all.
 */
async function loadProgress(storage: Storage | null, canWait: boolean): Promise<ProgressBinding> {
  if (canWait && !progressToRead(storage)) await laterPartsNeeded();
  const { createProgressActions, createProgressStore } = await import('@/progress/progress-store');
  const store = createProgressStore(storage);
  return { store, actions: createProgressActions(store) };
}
