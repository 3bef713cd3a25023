const lists = new Map<string, MediaQueryList | undefined>();

/**
 * The page's one `MediaQueryList` for `query`, made on first use: a component that called `matchMedia` on every
 * render made a new list (and its parsed query) for every step. Undefined where the browser has no `matchMedia`.
 */
export function mediaQuery(query: string): MediaQueryList | undefined {
  if (!lists.has(query)) lists.set(query, typeof window === 'undefined' ? undefined : window.matchMedia?.(query));
  return lists.get(query);
}
