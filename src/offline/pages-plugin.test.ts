import { afterEach, describe, expect, it, vi } from 'vitest';
import { PAGES_CACHE } from './caches';
import { pagesPlugin } from './pages-plugin';

/** A Cache as the Cache API keeps one: a put replaces its key's entry at the end of the list. */
function fakeCache() {
  const entries = new Map<string, Response>();
  return {
    entries,
    async put(key: string, response: Response) {
      entries.delete(key);
      entries.set(key, response);
    },
    async keys() {
      return [...entries.keys()].map((url) => new Request(url));
    },
    async match(request: Request) {
      return entries.get(request.url);
    },
  };
}

afterEach(() => vi.unstubAllGlobals());

describe("the service worker's pages", () => {
  it('are kept under their path alone, whatever the address asked', async () => {
    const key = (url: string) => pagesPlugin.cacheKeyWillBeUsed({ request: new Request(url) });
    expect(await key('https://example.org/courses/lockstep/?step=4&fencing=on')).toBe(
      'https://example.org/courses/lockstep/',
    );
    expect(await key('https://example.org/courses/lockstep/?lab&service=redis')).toBe(
      'https://example.org/courses/lockstep/',
    );
    expect(await key('https://example.org/courses/lockstep/index.html?present#notes')).toBe(
      'https://example.org/courses/lockstep/index.html',
    );
    // A 100 kB address is a short key.
    expect(await key(`https://example.org/?lab&x=${'a'.repeat(100_000)}`)).toBe('https://example.org/');
  });

  it('offline, with no copy of the path asked, answer with the newest page kept', async () => {
    const cache = fakeCache();
    const open = vi.fn(async () => cache);
    vi.stubGlobal('caches', { open });
    await cache.put('https://example.org/', new Response('build 1'));
    await cache.put('https://example.org/index.html', new Response('build 1, other path'));
    await cache.put('https://example.org/', new Response('build 2'));
    expect(await (await pagesPlugin.handlerDidError())?.text()).toBe('build 2');
    expect(open).toHaveBeenCalledWith(PAGES_CACHE);
    cache.entries.clear();
    expect(await pagesPlugin.handlerDidError()).toBeUndefined();
  });

  it('need nothing from outside themselves: the worker gets only their source', async () => {
    // What Workbox does with them: each method rebuilt from its text alone, then run.
    const rebuilt = Object.fromEntries(
      Object.entries(pagesPlugin).map(([name, method]) => [name, new Function(`return (${method.toString()})`)()]),
    ) as typeof pagesPlugin;
    const cache = fakeCache();
    vi.stubGlobal('caches', { open: async () => cache });
    await cache.put('https://example.org/', new Response('kept'));
    expect(await rebuilt.cacheKeyWillBeUsed({ request: new Request('https://example.org/?step=2') })).toBe(
      'https://example.org/',
    );
    expect(await (await rebuilt.handlerDidError())?.text()).toBe('kept');
  });
});
