import { beforeEach, describe, expect, it, vi } from 'vitest';

// The module keeps one page's state: each test loads it afresh.
async function freshModule() {
  vi.resetModules();
  return import('./load-when-needed');
}

/** Lets every settled promise's callbacks run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('loading a part once the reader moves', () => {
  let load: ReturnType<typeof vi.fn<() => Promise<string>>>;
  beforeEach(() => {
    load = vi.fn(() => Promise.resolve('part'));
  });

  it('asks for nothing while the reader has not moved', async () => {
    const { loadWhenNeeded } = await freshModule();
    const pending = loadWhenNeeded(load)();
    document.dispatchEvent(new Event('mouseenter'));
    document.dispatchEvent(new Event('visibilitychange'));
    await settle();
    expect(load).not.toHaveBeenCalled();
    void pending;
  });

  it.each(['scroll', 'wheel', 'touchstart', 'pointermove', 'pointerdown', 'keydown', 'focusin', 'click'])(
    'loads on the first %s, once',
    async (type) => {
      const { loadWhenNeeded } = await freshModule();
      const first = loadWhenNeeded(load)();
      const target = type === 'scroll' ? document : document.body;
      target.dispatchEvent(new Event(type, { bubbles: true }));
      await expect(first).resolves.toBe('part');
      document.body.dispatchEvent(new Event(type, { bubbles: true }));
      await settle();
      expect(load).toHaveBeenCalledTimes(1);
    },
  );

  it('starts loading in the task after the act, so the act is answered first', async () => {
    const { loadWhenNeeded } = await freshModule();
    void loadWhenNeeded(load)();
    document.body.dispatchEvent(new Event('click', { bubbles: true }));
    // Everything the act's own task runs, its promise callbacks included, comes before the loading.
    await Promise.resolve();
    await Promise.resolve();
    expect(load).not.toHaveBeenCalled();
    await settle();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('loads at once when the page needs its later parts without a move (a linked step)', async () => {
    const { loadWhenNeeded, needLaterParts, laterPartsNeeded } = await freshModule();
    const part = loadWhenNeeded(load)();
    needLaterParts();
    await expect(part).resolves.toBe('part');
    await expect(laterPartsNeeded()).resolves.toBeUndefined();
  });

  it('a part asked for after the move loads straight away', async () => {
    const { loadWhenNeeded } = await freshModule();
    loadWhenNeeded(load);
    document.body.dispatchEvent(new Event('keydown', { bubbles: true }));
    await settle();
    await expect(loadWhenNeeded(load)()).resolves.toBe('part');
  });
});
