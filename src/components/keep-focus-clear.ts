/** Room left between what sticks to the top of the screen and a control that takes focus below it, in px. */
const ROOM = 8;

/**
 * Keeps whatever takes focus in `scope`'s document clear of a sticky bar (WCAG 2.2, 2.4.11 Focus Not Obscured): once
 * the browser has scrolled a focused element into view, which ignores the bar, an element left under the bar is
 * scrolled down clear of it. `coverBottom` says where, in the viewport, what covers that element ends (the bar, and
 * anything stuck below it such as a diagram's lifeline names), or null when nothing covers it (the bar is not stuck,
 * or the element is in it). Returns the function that stops listening.
 */
export function keepFocusClear(document: Document, coverBottom: (focused: Element) => number | null): () => void {
  const view = document.defaultView;
  if (!view) return () => undefined;
  let frame = 0;
  const onFocus = (event: FocusEvent) => {
    const focused = event.target;
    if (!(focused instanceof view.Element)) return;
    view.cancelAnimationFrame(frame);
    // The browser scrolls a newly focused element into view after the focus event: measure after that.
    frame = view.requestAnimationFrame(() => {
      if (document.activeElement !== focused) return;
      const cover = coverBottom(focused);
      if (cover === null) return;
      const { top, height } = focused.getBoundingClientRect();
      // A region taller than the room below the bar (a section focused as a link's target) is read by scrolling.
      if (height > view.innerHeight - cover - ROOM) return;
      if (top < cover + ROOM / 2) view.scrollBy({ top: top - cover - ROOM, behavior: 'instant' });
    });
  };
  document.addEventListener('focusin', onFocus);
  return () => {
    view.cancelAnimationFrame(frame);
    document.removeEventListener('focusin', onFocus);
  };
}

/**
 * Where a sticky bar stops covering the page for `focused`, or null if it covers nothing there: it is not stuck to
 * the top (scrolled with the page, or not sticky at all, as at 400 % zoom), or `focused` is inside it or holds it.
 * What sits just below it in turn (`below`, in order: a part that sticks under the bar, a diagram's lifeline names)
 * adds to it, up to the one that holds `focused`.
 */
export function stickyBarCover(
  bar: Element,
  focused: Element,
  below: readonly (Element | null | undefined)[] = [],
): number | null {
  if (bar.contains(focused) || focused.contains(bar)) return null;
  const view = bar.ownerDocument.defaultView;
  if (!view || view.getComputedStyle(bar).position !== 'sticky') return null;
  const box = bar.getBoundingClientRect();
  // Stuck: at the top of the screen with page above it scrolled away. In its place in the page, it covers nothing.
  if (box.top > 1 || box.bottom <= 0) return null;
  let cover = box.bottom;
  for (const part of below) {
    if (!part) continue;
    if (part.contains(focused)) break;
    const { top, bottom } = part.getBoundingClientRect();
    if (Math.abs(top - cover) <= 1) cover = Math.max(cover, bottom);
  }
  return cover;
}
