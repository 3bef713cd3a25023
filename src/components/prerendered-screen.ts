/**
 * A screen this wide draws the sequence diagram larger, with the page's type. (Every other difference between
 * screens is the stylesheet's, over the one prerendered markup.)
 */
export const BIG_SCREEN = '(min-width: 1600px)';
