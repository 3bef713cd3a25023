import { afterEach, describe, expect, it } from 'vitest';
import { SETTLE_MS } from './address-bar';
import { createPageStores } from './page-stores';

/** The page opened at `address`, as the browser would have it before the app starts. */
function openAt(address: string) {
  window.history.replaceState(null, '', address);
  return createPageStores(window);
}

describe('the app shell and the address bar', () => {
  // The address is written in the task after a change, and a burst's last step once it settles (a timer chain of
  // at most two SETTLE_MS windows): let those writes happen while this test's window is still there.
  const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));
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

  it('Back from a step link to a fresh visit leaves its address as it was, without a step', () => {
    const stores = openAt('/?utm=course');
    stores.navigation.visitStep({ cursor: 18, fencing: false });
    expect(window.location.search).toBe('?step=19&fencing=off&utm=course');
    window.history.replaceState(null, '', '/?utm=course');
    window.dispatchEvent(new PopStateEvent('popstate'));
    expect(stores.walkthroughStore.getState()).toMatchObject({ cursor: 0, fencing: true });
    expect(window.location.search).toBe('?utm=course');
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

  it('puts presenter mode in the address, and keeps the step when leaving it', () => {
    const stores = openAt('/');
    stores.walkthroughActions.goToStep(4);
    stores.shellActions.present();
    expect(window.location.search).toBe('?present&step=5&fencing=on');
    stores.shellActions.exitPresentation();
    expect(window.location.search).toBe('?step=5&fencing=on');
  });
});
