/**
 * A reload keeps the reading position. The browser cannot restore it itself: most of the lesson arrives after the
 * first view, so at restore time the page is too short. The position is saved when the page is left and put back
 * once the rest of the lesson is on the page.
 */
const KEY = 'lockstep:reading-position';

// Session storage can throw on reading the property itself (a sandboxed frame), on getItem or on setItem: each
// is caught, and the page goes on as if nothing had been saved.
function savedPosition(): number {
  try {
    return Number(window.sessionStorage.getItem(KEY));
  } catch {
    return Number.NaN;
  }
}

function saveReadingPosition(): void {
  try {
    window.sessionStorage.setItem(KEY, String(Math.round(window.scrollY)));
  } catch {
    // Storage refused: a reload starts at the top, as it would anyway.
  }
}

/** Keeps the position saved as the reader scrolls (at most once a frame) and when the page is left. */
export function keepReadingPosition(): () => void {
  let pending = false;
  const onScroll = () => {
    if (pending) return;
    pending = true;
    requestAnimationFrame(() => {
      pending = false;
      saveReadingPosition();
    });
  };
  window.addEventListener('scroll', onScroll, { passive: true });
  window.addEventListener('pagehide', saveReadingPosition);
  return () => {
    window.removeEventListener('scroll', onScroll);
    window.removeEventListener('pagehide', saveReadingPosition);
  };
}

/** Whether this page is a reload with a reading position below the top to put back. */
export function positionToRestore(): boolean {
  const navigation = performance.getEntriesByType?.('navigation')[0] as PerformanceNavigationTiming | undefined;
  return navigation?.type === 'reload' && savedPosition() > 0;
}

/** Scrolls back to the saved position after a reload; false when this was no reload or nothing was saved. */
export function restoreReadingPosition(): boolean {
  if (!positionToRestore()) return false;
  window.scrollTo(0, savedPosition());
  return true;
}
