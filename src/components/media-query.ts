const lists = new Map<string, MediaQueryList | undefined>();

/**
 * The page's one `MediaQueryList` for `query`, made on first use. Chromium keeps every list `matchMedia` returns
 * for the document's life (a heap snapshot after 4,400 steps held 2,172 of them), so a component that asked on
 * every render grew the heap with every step. Undefined where the browser has no `matchMedia`.
 */
export function mediaQuery(query: string): MediaQueryList | undefined {
  if (!lists.has(query)) lists.set(query, typeof window === 'undefined' ? undefined : window.matchMedia?.(query));
  return lists.get(query);
}
