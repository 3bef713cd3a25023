import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { usePrinting } from './use-printing';

/** The print query, as the browser's: it matches while printing and says so to its listeners. */
let printMatches = false;
const listeners = new Set<(event: MediaQueryListEvent) => void>();
window.matchMedia = ((query: string) => ({
  media: query,
  get matches() {
    return query === 'print' && printMatches;
  },
  addEventListener: (_: string, listener: (event: MediaQueryListEvent) => void) => void listeners.add(listener),
  removeEventListener: (_: string, listener: (event: MediaQueryListEvent) => void) => void listeners.delete(listener),
})) as unknown as typeof window.matchMedia;

function Printing() {
  return <p>{usePrinting() ? 'printing' : 'on screen'}</p>;
}

describe('usePrinting', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    printMatches = false;
  });

  it('follows the browser’s print events', () => {
    const { unmount } = render(<Printing />);
    expect(screen.getByText('on screen')).toBeInTheDocument();
    act(() => void window.dispatchEvent(new Event('beforeprint')));
    expect(screen.getByText('printing')).toBeInTheDocument();
    act(() => void window.dispatchEvent(new Event('afterprint')));
    expect(screen.getByText('on screen')).toBeInTheDocument();
    unmount();
  });

  it('follows the print query, where a browser sends no print events', () => {
    const { unmount } = render(<Printing />);
    expect(listeners.size).toBe(1);
    act(() => listeners.forEach((listener) => listener({ matches: true } as MediaQueryListEvent)));
    expect(screen.getByText('printing')).toBeInTheDocument();
    act(() => listeners.forEach((listener) => listener({ matches: false } as MediaQueryListEvent)));
    expect(screen.getByText('on screen')).toBeInTheDocument();
    const removed = vi.spyOn(window, 'removeEventListener');
    unmount();
    expect(listeners.size).toBe(0);
    expect(removed.mock.calls.map(([type]) => type)).toEqual(expect.arrayContaining(['beforeprint', 'afterprint']));
  });

  it('is printing from the start on a page opened straight into print', () => {
    printMatches = true;
    render(<Printing />);
    expect(screen.getByText('printing')).toBeInTheDocument();
  });
});
