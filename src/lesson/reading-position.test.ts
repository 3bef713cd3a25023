import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { memoryStorage } from '@/testing/render-walkthrough';
import { keepReadingPosition, restoreReadingPosition } from './reading-position';

const KEY = 'lockstep:reading-position';

/** Session storage as this test's browser has it: `storage`, or a property that throws when read. */
function useSessionStorage(storage: Storage | 'throws') {
  Object.defineProperty(window, 'sessionStorage', {
    configurable: true,
    get: () => {
      if (storage === 'throws') throw new DOMException('The operation is insecure.', 'SecurityError');
      return storage;
    },
  });
}

const refusing = (): Storage => ({
  ...memoryStorage(),
  getItem: () => {
    throw new DOMException('The operation is insecure.', 'SecurityError');
  },
  setItem: () => {
    throw new DOMException('The operation is insecure.', 'SecurityError');
  },
});

describe('the reading position, kept across a reload in session storage', () => {
  const original = Object.getOwnPropertyDescriptor(window, 'sessionStorage')!;
  const scrollTo = vi.fn();
  /** Errors thrown inside event listeners, which the browser would report as uncaught. */
  const uncaught: unknown[] = [];
  const onError = (event: ErrorEvent) => {
    uncaught.push(event.error);
    event.preventDefault();
  };

  beforeEach(() => {
    vi.spyOn(performance, 'getEntriesByType').mockReturnValue([{ type: 'reload' } as PerformanceNavigationTiming]);
    vi.stubGlobal('scrollTo', scrollTo);
    window.addEventListener('error', onError);
  });

  afterEach(() => {
    Object.defineProperty(window, 'sessionStorage', original);
    window.removeEventListener('error', onError);
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
    scrollTo.mockReset();
    uncaught.length = 0;
  });

  it('puts a reload back where the reader was', () => {
    useSessionStorage(memoryStorage({ [KEY]: '1200' }));
    expect(restoreReadingPosition()).toBe(true);
    expect(scrollTo).toHaveBeenCalledWith(0, 1200);
  });

  it.each([
    ['whose getItem and setItem throw', refusing()],
    ['that throws when the page reads the property (a sandboxed frame)', 'throws' as const],
  ])('with session storage %s, the page opens at the top and saves nothing, without an error', (_, storage) => {
    useSessionStorage(storage);
    expect(restoreReadingPosition()).toBe(false);
    expect(scrollTo).not.toHaveBeenCalled();
    const stop = keepReadingPosition();
    window.dispatchEvent(new Event('pagehide'));
    stop();
    expect(uncaught).toEqual([]);
  });
});
