import { act, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WIDE_SCREEN } from '@/components/prerendered-screen';
import { prerenderWalkthrough, renderWalkthrough } from '@/testing/render-walkthrough';
import { Walkthrough } from './walkthrough';

// Whether the later parts were asked for: the real call would load them, which these tests do not need.
const later = vi.hoisted(() => ({ needed: vi.fn() }));
vi.mock('@/components/load-when-needed', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  needLaterParts: later.needed,
}));

/** A media query list whose answer a test sets, telling its listeners as a browser would. */
function mediaList(matches: boolean) {
  const listeners = new Set<(event: { matches: boolean }) => void>();
  const list = {
    matches,
    addEventListener: (_: string, listener: (event: { matches: boolean }) => void) => listeners.add(listener),
    removeEventListener: (_: string, listener: (event: { matches: boolean }) => void) => listeners.delete(listener),
    set(now: boolean) {
      list.matches = now;
      for (const listener of listeners) listener({ matches: now });
    },
  };
  return list;
}

// The screen's width is the test's to set; every other query (print, reduced motion) stays unmatched.
const screenWidth = mediaList(true);
window.matchMedia = ((query: string) =>
  query === WIDE_SCREEN ? screenWidth : mediaList(false)) as unknown as typeof window.matchMedia;

beforeEach(() => screenWidth.set(true));
afterEach(() => later.needed.mockClear());

const bar = () => document.getElementById('walkthrough-controls')!;
const options = () => screen.getAllByRole('group', { name: 'Walkthrough options' });

describe('the walkthrough on a wide screen and on a phone', () => {
  it('wide: the options sit in the bar beside Next, and the table row stays under the time strip', () => {
    renderWalkthrough(<Walkthrough />, { cursor: 6 });
    expect(options()).toHaveLength(1);
    expect(bar()).toContainElement(options()[0]!);
    expect(within(bar()).queryByTestId('strip-row-now')).toBeNull();
  });

  it('on a phone: the options come before the bar and scroll away, and the table row rides in the bar', () => {
    renderWalkthrough(<Walkthrough />, { cursor: 6 });
    act(() => screenWidth.set(false));
    expect(options()).toHaveLength(1);
    expect(bar()).not.toContainElement(options()[0]!);
    expect(options()[0]!.compareDocumentPosition(bar()) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(within(bar()).getByTestId('strip-row-now')).toHaveTextContent(/fence/);
    // Turned back wide, each is in its place again.
    act(() => screenWidth.set(true));
    expect(bar()).toContainElement(options()[0]!);
    expect(within(bar()).queryByTestId('strip-row-now')).toBeNull();
  });

  it('prerendered, it is laid out for a wide screen, which hydration corrects on a phone', () => {
    screenWidth.set(false);
    const markup = prerenderWalkthrough(<Walkthrough />, { cursor: 6 });
    const page = document.createElement('div');
    page.innerHTML = markup;
    const prerenderedBar = page.querySelector('#walkthrough-controls')!;
    expect(page.querySelectorAll('[aria-label="Walkthrough options"]')).toHaveLength(1);
    expect(prerenderedBar.querySelector('[aria-label="Walkthrough options"]')).not.toBeNull();
    expect(prerenderedBar.querySelector('[data-testid="strip-row-now"]')).toBeNull();
  });
});

describe('the parts a first view does not show', () => {
  it('wait at step 1, and are asked for as soon as the reader is past it', () => {
    const { store } = renderWalkthrough(<Walkthrough />, { cursor: 0 });
    expect(later.needed).not.toHaveBeenCalled();
    act(() => store.setState({ cursor: 1 }));
    expect(later.needed).toHaveBeenCalledTimes(1);
    // Further steps ask nothing more.
    act(() => store.setState({ cursor: 2 }));
    expect(later.needed).toHaveBeenCalledTimes(1);
  });

  it('are asked for at once when a link or saved progress opens a later step', () => {
    renderWalkthrough(<Walkthrough />, { cursor: 3 });
    expect(later.needed).toHaveBeenCalledTimes(1);
  });
});
