import { serializeRoute, type Route } from '@/route/route';

type Browser = Pick<Window, 'location' | 'history' | 'setTimeout' | 'clearTimeout'>;

/** Long enough for a burst of Next presses to settle; short enough that a copied address is current. */
export const SETTLE_MS = 200;
/** Where the browser refused a write (WebKit limits replaceState to 100 calls in 10 s), try again after this. */
const RETRY_MS = 2_000;

/**
 * The only writer of the address bar. It writes the route once the learner's changes settle, replacing the
 * entry rather than adding one, and never throws: a refused write is tried again later.
 */
export function keepAddressInStep(
  currentRoute: () => Route,
  subscribe: (onChange: () => void) => () => void,
  browser: Browser = window,
): { readonly flush: () => void; readonly stop: () => void } {
  let timer: number | undefined;
  const schedule = (delayMs: number) => {
    browser.clearTimeout(timer);
    timer = browser.setTimeout(flush, delayMs);
  };
  const flush = () => {
    browser.clearTimeout(timer);
    timer = undefined;
    const { location, history } = browser;
    const href = serializeRoute(currentRoute(), location);
    if (href === `${location.search}${location.hash}`) return;
    try {
      history.replaceState(history.state, '', `${location.pathname}${href}`);
    } catch {
      schedule(RETRY_MS);
    }
  };
  const unsubscribe = subscribe(() => schedule(SETTLE_MS));
  return {
    flush,
    stop: () => {
      unsubscribe();
      browser.clearTimeout(timer);
    },
  };
}
