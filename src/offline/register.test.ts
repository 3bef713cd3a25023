import { beforeEach, describe, expect, it, vi } from 'vitest';
import { PAGES_CACHE } from './caches';
import { register } from './register';

const pwa = vi.hoisted(() => ({ options: null as null | Record<string, () => void>, update: vi.fn() }));
vi.mock('virtual:pwa-register', () => ({
  registerSW: (options: Record<string, () => void>) => {
    pwa.options = options;
    return pwa.update;
  },
}));
const prompt = vi.hoisted(() => vi.fn());
vi.mock('./update-prompt', () => ({ showUpdatePrompt: prompt }));

/** A window whose page came from the network (no controlling worker), with a cache to keep it in. */
function fakeWindow({ controlled = false, online = true, refuse = false } = {}) {
  const add = vi.fn(() => (refuse ? Promise.reject(new Error('quota')) : Promise.resolve()));
  const open = vi.fn(() => Promise.resolve({ add }));
  const target = {
    document,
    location: { href: 'https://lockstep.example/course/?step=3' },
    navigator: { onLine: online, serviceWorker: { controller: controlled ? {} : null, ready: Promise.resolve() } },
    caches: { open },
  } as unknown as Window;
  return { target, add, open };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('registering the service worker', () => {
  beforeEach(() => {
    pwa.options = null;
    pwa.update.mockClear();
    prompt.mockClear();
  });

  it('registers at once, and keeps a page that arrived before its worker, by its address without the query', async () => {
    const { target, add, open } = fakeWindow();
    register(target);
    expect(pwa.options).toMatchObject({ immediate: true });
    pwa.options!.onRegisteredSW!();
    await settle();
    expect(open).toHaveBeenCalledWith(PAGES_CACHE);
    expect(add).toHaveBeenCalledWith('https://lockstep.example/course/');
  });

  it.each([
    ['served by the worker already', { controlled: true }],
    ['offline', { online: false }],
  ])('keeps nothing when the page was %s', async (_, options) => {
    const { target, open } = fakeWindow(options);
    register(target);
    pwa.options!.onRegisteredSW!();
    await settle();
    expect(open).not.toHaveBeenCalled();
  });

  it('shrugs off storage that refuses: the next online visit fills the cache', async () => {
    const { target, add } = fakeWindow({ refuse: true });
    register(target);
    pwa.options!.onRegisteredSW!();
    await settle();
    expect(add).toHaveBeenCalled();
  });

  it('offers a waiting build, and takes it over only when the reader reloads', () => {
    const { target } = fakeWindow();
    register(target);
    pwa.options!.onNeedRefresh!();
    expect(prompt).toHaveBeenCalledWith(document, expect.any(Function));
    expect(pwa.update).not.toHaveBeenCalled();
    (prompt.mock.calls[0]![1] as () => void)();
    expect(pwa.update).toHaveBeenCalledWith(true);
  });
});
