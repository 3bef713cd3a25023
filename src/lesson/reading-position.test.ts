import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { memoryStorage } from '@/testing/render-walkthrough';
import { keepReadingPosition, positionToRestore, restoreReadingPosition } from './reading-position';

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
    ['a reload with the reader at the top', 'reload', '0'],
    ['a reload with nothing saved', 'reload', null],
    ['a reload with something unreadable saved', 'reload', 'lots'],
    ['a first visit, though a position was saved', 'navigate', '1200'],
    ['a visit by the back button', 'back_forward', '1200'],
  ] as const)('puts nothing back after %s', (_, type, saved) => {
    vi.spyOn(performance, 'getEntriesByType').mockReturnValue([{ type } as PerformanceNavigationTiming]);
    useSessionStorage(memoryStorage(saved === null ? {} : { [KEY]: saved }));
    expect(positionToRestore()).toBe(false);
    expect(restoreReadingPosition()).toBe(false);
    expect(scrollTo).not.toHaveBeenCalled();
  });

  it('puts back a position one pixel below the top', () => {
    useSessionStorage(memoryStorage({ [KEY]: '1' }));
    expect(positionToRestore()).toBe(true);
    expect(restoreReadingPosition()).toBe(true);
    expect(scrollTo).toHaveBeenCalledWith(0, 1);
  });

  it('saves the position, in whole pixels, at most once a frame while scrolling, and when the page is left', () => {
    const storage = memoryStorage();
    useSessionStorage(storage);
    const frames: FrameRequestCallback[] = [];
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
    const at = (y: number) => vi.stubGlobal('scrollY', y);
    const stop = keepReadingPosition();
    at(300.4);
    window.dispatchEvent(new Event('scroll'));
    window.dispatchEvent(new Event('scroll'));
    expect(frames).toHaveLength(1);
    expect(storage.getItem(KEY)).toBeNull();
    at(420.6);
    frames.shift()!(0);
    expect(storage.getItem(KEY)).toBe('421');
    // The next scroll asks for a frame of its own.
    at(500);
    window.dispatchEvent(new Event('scroll'));
    expect(frames).toHaveLength(1);
    frames.shift()!(0);
    expect(storage.getItem(KEY)).toBe('500');
    at(640);
    window.dispatchEvent(new Event('pagehide'));
    expect(storage.getItem(KEY)).toBe('640');
    // Stopped, it saves nothing more.
    stop();
    at(900);
    window.dispatchEvent(new Event('scroll'));
    window.dispatchEvent(new Event('pagehide'));
    expect(frames).toHaveLength(0);
    expect(storage.getItem(KEY)).toBe('640');
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
