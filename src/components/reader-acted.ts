/** Whether the reader has pressed a key or a pointer, or clicked, on this page yet. */
let acted = false;
let listening = false;
// A click too: a screen reader's or voice control's activation may come without a pointer press.
const ACTS = ['pointerdown', 'keydown', 'click'] as const;

/**
 * False until the reader first presses a key or a pointer. A view that scrolls to follow a change waits for it: a
 * change made as the page starts (a linked or saved step applied once the prerendered page has hydrated) is not the
 * reader moving, and must not pull the page away from a link's notice or a reload's reading position.
 */
export function readerHasActed(): boolean {
  if (!listening && typeof document !== 'undefined') {
    listening = true;
    const mark = () => {
      acted = true;
      for (const type of ACTS) document.removeEventListener(type, mark, true);
    };
    for (const type of ACTS) document.addEventListener(type, mark, true);
  }
  return acted;
}
