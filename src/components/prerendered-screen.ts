/** A screen at least this wide keeps the walkthrough's options beside Next and the table's row under the time strip. */
export const WIDE_SCREEN = '(min-width: 720px)';
/** A screen this wide draws the sequence diagram larger, with the page's type. */
export const BIG_SCREEN = '(min-width: 1600px)';
/**
 * The screens the build's prerendered lesson is laid out for: wide, not big. On any other the page rearranges once
 * its code runs, so it starts at once rather than move under a reader who has begun to scroll.
 */
export const PRERENDERED_SCREEN = `${WIDE_SCREEN} and (not ${BIG_SCREEN})`;
