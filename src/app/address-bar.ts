import { serializeRoute, type Route } from '@/route/route';

type Browser = Pick<Window, 'location' | 'history' | 'setTimeout' | 'clearTimeout'>;

/**
 * At most one write in this time: a burst of Next presses writes its first step at once and its last when the
 * burst ends, about five writes a second at most, well under WebKit's limit of 100 calls in 10 s.
 */
export const SETTLE_MS = 200;
/** Each history entry the shell makes carries a key, so the reading position can be kept per entry. */
let entries = 0;
const newEntryKey = () => `entry-${Date.now()}-${(entries += 1)}`;

/** Where the browser refused a write all the same, try again after this. */
const RETRY_MS = 2_000;

/**
 * The only writer of the address bar. A single change is written in the task after it, once the page has drawn
 * the step (a history write costs milliseconds in Chromium, and a click must not wait for it), so a reload moments
 * after a click keeps the step; changes that follow within SETTLE_MS are written together when they settle. It
 * replaces the entry rather than adding one, and never throws: a refused write is tried again later.
 */
export function keepAddressInStep(
  currentRoute: () => Route,
  subscribe: (onChange: () => void) => void,
  browser: Browser = window,
): { readonly flush: () => void; readonly visit: (route: Route) => void } {
  let timer: number | undefined;
  /** Whether a change arrived while the last write's window was still open. */
  let pending = false;
  const wait = (delayMs: number) => {
    browser.clearTimeout(timer);
    timer = browser.setTimeout(() => {
      timer = undefined;
      if (pending) flush();
    }, delayMs);
  };
  const flush = () => {
    pending = false;
    const { location, history } = browser;
    const href = serializeRoute(currentRoute(), location);
    if (href === `${location.search}${location.hash}`) return;
    try {
      history.replaceState(history.state, '', `${location.pathname}${href}`);
      wait(SETTLE_MS);
    } catch {
      pending = true;
      wait(RETRY_MS);
    }
  };
  // For the page's whole life: the address bar is the page's own.
  subscribe(() => {
    pending = true;
    if (timer === undefined) wait(0);
  });
  return {
    flush,
    /** A new history entry for `route`, after the current one is brought up to date: Back returns to it. */
    visit: (route: Route) => {
      flush();
      const { location, history } = browser;
      try {
        history.pushState({ entry: newEntryKey() }, '', `${location.pathname}${serializeRoute(route, location)}`);
      } catch {
        // Refused (rate-limited): the page still moves; only the history entry is missing.
      }
    },
  };
}
