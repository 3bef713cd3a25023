// A scroll, a wheel turn, a touch, focus arriving (a Tab), a key, or a pointer moving or pressed: anything that says
// someone is here. A pointer on its way to a button has brought the button's code by the time it is pressed.
export const MOVES = [
  'scroll',
  'wheel',
  'touchstart',
  'pointermove',
  'pointerdown',
  'keydown',
  'focusin',
  'click',
] as const;

let moved: Promise<void> | undefined;

/**
 * Settles on the reader's first move on this page. Listening starts with the first call, which the page's entry makes
 * as it starts, so a move made before the rest of the page's code has arrived still counts for that code. Never
 * settles without a document (the build's prerender).
 */
export function firstMove(): Promise<void> {
  moved ??= new Promise<void>((resolve) => {
    if (typeof document === 'undefined') return;
    const stop = () => {
      for (const type of MOVES) document.removeEventListener(type, stop, true);
      resolve();
    };
    // Passive: a wheel or touch listener that might cancel would hold up the reader's scrolling.
    for (const type of MOVES) document.addEventListener(type, stop, { capture: true, passive: true });
  });
  return moved;
}
