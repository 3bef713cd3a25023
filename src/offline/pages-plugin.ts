/**
 * How the service worker keeps pages (vite.config.ts passes this to Workbox, which copies each method's source into
 * the worker: so each is self-contained, with the cache's name written out; a test checks it is PAGES_CACHE).
 * Loaded by Node too: no imports.
 */
export const pagesPlugin = {
  /**
   * One copy per page of the site, kept under its path alone: the same document answers every address of a page
   * (?step=, ?lab, ?present; the page's code reads the address), so the newest copy replaces the last, and a long
   * address is never a key.
   */
  cacheKeyWillBeUsed: async ({ request }: { request: Request }): Promise<string> => {
    const url = new URL(request.url);
    return url.origin + url.pathname;
  },
  /**
   * Offline, with no copy of this page's path (the site's first visit came by another, say /index.html): the newest
   * page kept. A put replaces its key's entry at the end of the cache's list, so the last key is the newest.
   */
  handlerDidError: async (): Promise<Response | undefined> => {
    const cache = await caches.open('lockstep-pages');
    const kept = await cache.keys();
    const newest = kept[kept.length - 1];
    return newest ? cache.match(newest) : undefined;
  },
};
