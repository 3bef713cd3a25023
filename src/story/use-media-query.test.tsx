import { act, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useMediaQuery } from './use-media-query';

/** A MediaQueryList whose `matches` a test sets, telling its listeners as a browser would. */
function fakeList(matches: boolean) {
  const listeners = new Set<() => void>();
  const list = {
    matches,
    addEventListener: vi.fn((_: string, listener: () => void) => listeners.add(listener)),
    removeEventListener: vi.fn((_: string, listener: () => void) => listeners.delete(listener)),
    set(now: boolean) {
      list.matches = now;
      for (const listener of listeners) listener();
    },
  };
  return list;
}

function Shows({ query, prerendered }: { query: string; prerendered?: boolean }) {
  return <p>{useMediaQuery(query, prerendered) ? 'matches' : 'does not match'}</p>;
}

const original = window.matchMedia;
afterEach(() => {
  window.matchMedia = original;
});

describe('useMediaQuery', () => {
  it('gives the query’s answer now, and again each time it changes; it stops listening when unmounted', () => {
    const list = fakeList(false);
    window.matchMedia = (() => list) as unknown as typeof window.matchMedia;
    const { unmount } = render(<Shows query="(min-width: 1001px)" />);
    expect(screen.getByText('does not match')).toBeInTheDocument();
    act(() => list.set(true));
    expect(screen.getByText('matches')).toBeInTheDocument();
    act(() => list.set(false));
    expect(screen.getByText('does not match')).toBeInTheDocument();
    unmount();
    expect(list.removeEventListener).toHaveBeenCalledWith('change', list.addEventListener.mock.calls[0]![1]);
  });

  it('without matchMedia, nothing matches', () => {
    window.matchMedia = undefined as unknown as typeof window.matchMedia;
    render(<Shows query="(min-width: 1002px)" />);
    expect(screen.getByText('does not match')).toBeInTheDocument();
  });

  it('prerendered, it answers as told, with no screen to ask', () => {
    expect(renderToString(<Shows query="(min-width: 1003px)" prerendered />)).toContain('matches');
    expect(renderToString(<Shows query="(min-width: 1004px)" />)).toContain('does not match');
  });
});
