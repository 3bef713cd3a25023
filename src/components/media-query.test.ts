import { afterEach, describe, expect, it, vi } from 'vitest';
import { mediaQuery } from './media-query';

describe('one MediaQueryList per query', () => {
  const original = window.matchMedia;
  afterEach(() => {
    window.matchMedia = original;
  });

  it('asks the browser once per query, however often it is read', () => {
    const matchMedia = vi.fn((query: string) => ({ media: query, matches: true }) as MediaQueryList);
    window.matchMedia = matchMedia;
    const first = mediaQuery('(min-width: 1px)');
    expect(mediaQuery('(min-width: 1px)')).toBe(first);
    expect(first?.media).toBe('(min-width: 1px)');
    expect(matchMedia).toHaveBeenCalledTimes(1);
    expect(mediaQuery('(min-width: 2px)')?.media).toBe('(min-width: 2px)');
    expect(matchMedia).toHaveBeenCalledTimes(2);
  });

  it('is undefined, and asks no more, where the browser has no matchMedia', () => {
    // @ts-expect-error: old browsers and jsdom have none
    window.matchMedia = undefined;
    expect(mediaQuery('(min-width: 3px)')).toBeUndefined();
    window.matchMedia = vi.fn();
    expect(mediaQuery('(min-width: 3px)')).toBeUndefined();
    expect(window.matchMedia).not.toHaveBeenCalled();
  });
});
