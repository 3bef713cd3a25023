/** A value echoed back is cut short: a link can carry 100 kB in one parameter. */
export const ECHO_LIMIT = 40;

/**
 * `value` as the learner typed or linked it, cut after ECHO_LIMIT characters as a reader counts them, with "…"
 * when cut. Counting UTF-16 units would split an emoji and leave a broken "�".
 */
export function echo(value: string): string {
  // No more units than the limit means no more characters either.
  if (value.length <= ECHO_LIMIT) return value;
  let cut = '';
  let count = 0;
  for (const character of characters(value)) {
    if (count === ECHO_LIMIT) return `${cut}…`;
    cut += character;
    count += 1;
  }
  return cut;
}

/** Grapheme clusters (a flag, a family emoji) where the browser can tell them, else code points. */
function characters(value: string): Iterable<string> {
  if (typeof Intl.Segmenter !== 'function') return value;
  const segments = new Intl.Segmenter().segment(value);
  return (function* () {
    for (const { segment } of segments) yield segment;
  })();
}
