import { JSDOM } from 'jsdom';
import { afterEach, describe, expect, it } from 'vitest';
import { saveProgress } from '@/progress/progress';
import { memoryStorage } from '@/testing/render-walkthrough';
import { SETTLE_MS } from './address-bar';
import { createPageStores } from './page-stores';

/**
 * A window of its own at `address`, for what the shell keeps per window (each history entry's position): the page
 * adds its listeners for good, and this test file's other pages would answer the same events on the shared one.
 */
function ownWindow(address: string) {
  const { window: page } = new JSDOM('<!doctype html><body></body>', {
    url: new URL(address, 'http://localhost:3000/').href,
    pretendToBeVisual: true,
  });
  const scrolls: number[] = [];
  Object.assign(page.history, { scrollRestoration: 'auto' });
  return Object.assign(page, {
    scrollY: 0,
    scrollTo: (_x: number, y: number) => void scrolls.push(y),
    scrolls,
    frame: () => new Promise((resolve) => page.requestAnimationFrame(resolve)),
    /** Back or Forward to the entry with `state` at `address`, as the browser does it. */
    back: (state: unknown, address: string) => {
      page.history.replaceState(state, '', address);
      page.dispatchEvent(new page.PopStateEvent('popstate', { state }));
    },
  });
}

/** The page opened at `address`, as the browser would have it before the app starts. */
function openAt(address: string) {
  window.history.replaceState(null, '', address);
  return createPageStores(window);
}

describe('the app shell and the address bar', () => {
  // The address is written in the task after a change, and a burst's last step once it settles (a timer chain of
  // at most two SETTLE_MS windows): let those writes happen while this test's window is still there.
  const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));
  /** Once every write the address bar has waiting is done. */
  const settled = () => new Promise((resolve) => setTimeout(resolve, 2 * SETTLE_MS + 1));
  afterEach(async () => {
    await new Promise((resolve) => setTimeout(resolve, 2 * SETTLE_MS + 1));
    window.history.replaceState(null, '', '/');
  });

  it('leaves a fresh visit’s address alone, and adds step and fencing once the learner steps', async () => {
    const stores = openAt('/?utm=course#the-problem');
    expect(window.location.search + window.location.hash).toBe('?utm=course#the-problem');
    stores.walkthroughActions.next();
    await nextTask();
    expect(window.location.search).toBe('?step=2&fencing=on&utm=course');
  });

  it('keeps the step and fencing a link named', () => {
    const stores = openAt('/?step=19&fencing=off');
    expect(window.location.search).toBe('?step=19&fencing=off');
    expect(stores.walkthroughStore.getState()).toMatchObject({ cursor: 18, fencing: false });
  });

  it('rewrites a link past the end to the step it opened, with a notice', () => {
    const stores = openAt('/?step=999');
    const { cursor, notices } = stores.walkthroughStore.getState();
    expect(window.location.search).toBe(`?step=${cursor + 1}&fencing=on`);
    expect(notices).toEqual([expect.stringContaining('asked for step 999')]);
  });

  it('makes a step link a visit: a new history entry, and Back returns the walkthrough to where it was', () => {
    const stores = openAt('/?step=3&fencing=on');
    const before = window.history.length;
    stores.navigation.visitStep({ cursor: 18, fencing: false });
    expect(window.history.length).toBe(before + 1);
    expect(window.location.search).toBe('?step=19&fencing=off');
    expect(stores.walkthroughStore.getState()).toMatchObject({ cursor: 18, fencing: false });
    window.history.replaceState(null, '', '/?step=3&fencing=on');
    window.dispatchEvent(new PopStateEvent('popstate'));
    expect(stores.walkthroughStore.getState()).toMatchObject({ cursor: 2, fencing: true });
  });

  it('Back to an entry that named a step keeps that step in the address', async () => {
    const stores = openAt('/?step=3&fencing=on');
    stores.navigation.visitStep({ cursor: 18, fencing: false });
    window.history.replaceState(null, '', '/?step=3&fencing=on');
    window.dispatchEvent(new PopStateEvent('popstate'));
    await settled();
    expect(window.location.search).toBe('?step=3&fencing=on');
  });

  it('Back from a step link to a fresh visit leaves its address as it was, without a step', async () => {
    const stores = openAt('/?utm=course');
    stores.navigation.visitStep({ cursor: 18, fencing: false });
    expect(window.location.search).toBe('?step=19&fencing=off&utm=course');
    window.history.replaceState(null, '', '/?utm=course');
    window.dispatchEvent(new PopStateEvent('popstate'));
    expect(stores.walkthroughStore.getState()).toMatchObject({ cursor: 0, fencing: true });
    expect(window.location.search).toBe('?utm=course');
    // Still so once the address bar has written what it had to write.
    await settled();
    expect(window.location.search).toBe('?utm=course');
    // The learner's own next step is theirs again, and the address follows it.
    stores.walkthroughActions.next();
    await settled();
    expect(window.location.search).toBe('?step=2&fencing=on&utm=course');
  });

  it('a fresh visit gains step and fencing when the learner only toggles fencing', async () => {
    const stores = openAt('/');
    stores.walkthroughActions.setFencing(false);
    await nextTask();
    expect(window.location.search).toBe('?step=1&fencing=off');
  });

  it('a step link to the very step shown still puts that step in the address', async () => {
    const stores = openAt('/');
    stores.navigation.visitStep({ cursor: 0, fencing: true });
    await settled();
    expect(window.location.search).toBe('?step=1&fencing=on');
  });

  it('a link to a heading (its own popstate) leaves the walkthrough at its step and the scrolling to the browser', async () => {
    const stores = openAt('/?step=12&fencing=off');
    const frame = () => new Promise((resolve) => window.requestAnimationFrame(resolve));
    const scrolls: number[] = [];
    const scrollTo = window.scrollTo;
    window.scrollTo = ((_x: number, y: number) => void scrolls.push(y)) as unknown as typeof window.scrollTo;
    try {
      // The reader has scrolled down to the contents: the page notes where it is.
      window.dispatchEvent(new Event('scroll'));
      await frame();
      window.history.pushState(null, '', '/?step=12&fencing=off#the-check-in-postgres');
      window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
      await frame();
      expect(stores.walkthroughStore.getState()).toMatchObject({ cursor: 11, fencing: false });
      expect(window.location.search).toBe('?step=12&fencing=off');
      expect(scrolls).toEqual([]);
    } finally {
      window.scrollTo = scrollTo;
    }
  });

  it('puts presenter mode in the address, and keeps the step when leaving it', async () => {
    const stores = openAt('/');
    stores.walkthroughActions.goToStep(4);
    stores.shellActions.present();
    expect(window.location.search).toBe('?present&step=5&fencing=on');
    // Stepping while presenting: the address follows.
    stores.walkthroughActions.goToStep(7);
    await settled();
    expect(window.location.search).toBe('?present&step=8&fencing=on');
    stores.shellActions.exitPresentation();
    expect(window.location.search).toBe('?step=8&fencing=on');
  });

  it('Back and Forward return the page to where the reader was on each entry', async () => {
    const page = ownWindow('/?step=3&fencing=on');
    const readAt = (y: number) => {
      page.scrollY = y;
      // Many scroll events in one frame: the position is noted once, as it is at that frame.
      page.dispatchEvent(new page.Event('scroll'));
      page.scrollY = y + 40;
      page.dispatchEvent(new page.Event('scroll'));
    };
    const stores = createPageStores(page as unknown as Window);
    // The page puts positions back itself: the browser's own restoring would land short, before the lesson is in.
    expect(page.history.scrollRestoration).toBe('manual');
    readAt(1200);
    await page.frame();
    const first = page.history.state as unknown;
    stores.navigation.visitStep({ cursor: 18, fencing: false });
    const second = page.history.state as unknown;
    expect(second).not.toEqual(first);
    readAt(300);
    await page.frame();
    page.back(first, '/?step=3&fencing=on');
    await page.frame();
    expect(stores.walkthroughStore.getState()).toMatchObject({ cursor: 2, fencing: true });
    page.back(second, '/?step=19&fencing=off');
    await page.frame();
    expect(stores.walkthroughStore.getState()).toMatchObject({ cursor: 18, fencing: false });
    expect(page.scrolls).toEqual([1240, 340]);
  });

  it('keeps each of several visits’ positions apart, noting them once a frame, without holding up scrolling', async () => {
    const page = ownWindow('/?step=3&fencing=on');
    const frames = { asked: 0 };
    const requestFrame = page.requestAnimationFrame.bind(page);
    page.requestAnimationFrame = (callback) => {
      frames.asked += 1;
      return requestFrame(callback);
    };
    const listening: [string, unknown][] = [];
    const addListener = page.addEventListener.bind(page);
    page.addEventListener = ((type: string, listener: EventListener, options?: unknown) => {
      listening.push([type, options]);
      addListener(type, listener, options as AddEventListenerOptions);
    }) as typeof page.addEventListener;
    const stores = createPageStores(page as unknown as Window);
    expect(listening).toContainEqual(['scroll', { passive: true }]);
    const readAt = async (y: number) => {
      const before = frames.asked;
      for (const offset of [0, 20, 40]) {
        page.scrollY = y + offset;
        page.dispatchEvent(new page.Event('scroll'));
      }
      expect(frames.asked - before).toBe(1);
      await page.frame();
    };
    await readAt(1200);
    const first = page.history.state as unknown;
    stores.navigation.visitStep({ cursor: 5, fencing: true });
    const second = page.history.state as unknown;
    await readAt(300);
    stores.navigation.visitStep({ cursor: 9, fencing: false });
    const third = page.history.state as unknown;
    await readAt(700);
    page.back(second, '/?step=6&fencing=on');
    await page.frame();
    page.back(first, '/?step=3&fencing=on');
    await page.frame();
    page.back(third, '/?step=10&fencing=off');
    await page.frame();
    expect(page.scrolls).toEqual([340, 1240, 740]);
  });

  it('keeps where the reader was as they follow a step link, though no frame has measured it since they scrolled', async () => {
    const page = ownWindow('/?step=3&fencing=on');
    const stores = createPageStores(page as unknown as Window);
    page.scrollY = 900;
    page.dispatchEvent(new page.Event('scroll'));
    await page.frame();
    // A scroll, then the link at once: the busy browser draws its next frame only after the visit.
    page.scrollY = 1500;
    page.dispatchEvent(new page.Event('scroll'));
    const first = page.history.state as unknown;
    stores.navigation.visitStep({ cursor: 18, fencing: false });
    page.scrollY = 200;
    await page.frame();
    page.back(first, '/?step=3&fencing=on');
    await page.frame();
    expect(page.scrolls).toEqual([1500]);
  });

  it('following a heading link again goes to the heading, not to where the reader was after the first time', async () => {
    const page = ownWindow('/?step=12&fencing=off');
    const stores = createPageStores(page as unknown as Window);
    const followHeading = async () => {
      page.history.pushState(null, '', '/?step=12&fencing=off#the-check-in-postgres');
      page.dispatchEvent(new page.PopStateEvent('popstate', { state: null }));
      await page.frame();
    };
    await followHeading();
    page.scrollY = 2000;
    page.dispatchEvent(new page.Event('scroll'));
    await page.frame();
    await followHeading();
    expect(page.scrolls).toEqual([]);
    expect(stores.walkthroughStore.getState()).toMatchObject({ cursor: 11, fencing: false });
  });

  it('leaves the page where it is on returning to an entry it never saw scrolled', async () => {
    const page = ownWindow('/?step=3&fencing=on');
    const stores = createPageStores(page as unknown as Window);
    stores.navigation.visitStep({ cursor: 5, fencing: true });
    page.back({ entry: 'from-another-visit' }, '/?step=8&fencing=on');
    await page.frame();
    expect(stores.walkthroughStore.getState()).toMatchObject({ cursor: 7 });
    expect(page.scrolls).toEqual([]);
  });

  it('Back to a page other than the lesson leaves the walkthrough alone', () => {
    const stores = openAt('/?step=3&fencing=on');
    window.history.replaceState(null, '', '/?lab&service=redis');
    window.dispatchEvent(new PopStateEvent('popstate', { state: { entry: 'lab' } }));
    expect(stores.walkthroughStore.getState()).toMatchObject({ cursor: 2, fencing: true });
  });

  it('a link visit brings the walkthrough into view', () => {
    const stores = openAt('/');
    const walkthrough = document.createElement('section');
    walkthrough.id = 'walkthrough';
    walkthrough.getBoundingClientRect = () => ({ top: 900 }) as DOMRect;
    document.body.append(walkthrough);
    const scrolled: unknown[] = [];
    const scrollBy = window.scrollBy;
    window.scrollBy = ((options: unknown) => void scrolled.push(options)) as typeof window.scrollBy;
    try {
      stores.navigation.visitStep({ cursor: 4, fencing: true });
      expect(scrolled).toEqual([{ top: 900, behavior: 'auto' }]);
    } finally {
      window.scrollBy = scrollBy;
      walkthrough.remove();
    }
  });

  it('follows the lab’s settings in its address on the lab page, and on no other', async () => {
    const lab = openAt('/?lab&service=redis');
    const { route } = lab.shellStore.getState();
    if (route.page !== 'lab') throw new Error('not the lab');
    lab.shellActions.setLab({ ...route.lab, service: 'etcd' });
    expect(lab.shellStore.getState().route).toMatchObject({ page: 'lab', lab: { service: 'etcd' } });
    await new Promise((resolve) => setTimeout(resolve, 2 * SETTLE_MS + 1));
    expect(new URLSearchParams(window.location.search).get('service')).toBe('etcd');
    const embed = openAt('/embed.html?widget=lab&service=redis');
    embed.shellActions.setLab({ ...route.lab, service: 'zookeeper' });
    expect(embed.shellStore.getState().route).toMatchObject({ page: 'embed', lab: { service: 'zookeeper' } });
    const lesson = openAt('/?step=3');
    lesson.shellActions.setLab({ ...route.lab, service: 'zookeeper' });
    expect(lesson.shellStore.getState().route).toEqual({ page: 'lesson', place: { cursor: 2, fencing: true } });
  });

  it('in an LMS, keeps the address as launched and adds no history entry', async () => {
    window.history.replaceState(null, '', '/index.html?launch=1');
    const stores = createPageStores(window, { lms: { storage: null } });
    const before = window.history.length;
    stores.walkthroughActions.next();
    stores.navigation.visitStep({ cursor: 9, fencing: false });
    stores.shellActions.present();
    await new Promise((resolve) => setTimeout(resolve, 2 * SETTLE_MS + 1));
    expect(window.location.search).toBe('?launch=1');
    expect(window.history.length).toBe(before);
    expect(stores.walkthroughStore.getState()).toMatchObject({ cursor: 9, fencing: false });
  });

  it('reads saved answers off the lesson, and from the LMS’s storage inside one', async () => {
    window.localStorage.clear();
    const quiz = openAt('/embed.html?widget=quiz');
    const { store } = await quiz.progress;
    expect(store.getState().quiz).toEqual({});
    const storage = memoryStorage();
    saveProgress(storage, {
      quiz: {},
      interview: {},
      predictions: { 'stale-certificate:lateWrite': 'accepted' },
      exercises: {},
    });
    window.history.replaceState(null, '', '/index.html');
    const course = createPageStores(window, { lms: { storage } });
    expect((await course.progress).store.getState().predictions).toEqual({ 'stale-certificate:lateWrite': 'accepted' });
  });
});
