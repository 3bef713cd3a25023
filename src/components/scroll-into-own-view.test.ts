import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { scrollIntoOwnView } from './scroll-into-own-view';

/** The reader's motion setting, read through the page's one list for the query (made on first use). */
let reduceMotion = false;
window.matchMedia = ((query: string) => ({
  media: query,
  get matches() {
    return query === '(prefers-reduced-motion: reduce)' && reduceMotion;
  },
})) as typeof window.matchMedia;

/** An element at `top`..`bottom` of a 800 px high window, with the scroll margins a sticky bar sets. */
function elementAt(top: number, bottom: number, margins: { top?: string; bottom?: string } = {}) {
  const element = document.createElement('div');
  if (margins.top !== undefined) element.style.scrollMarginTop = margins.top;
  if (margins.bottom !== undefined) element.style.scrollMarginBottom = margins.bottom;
  element.getBoundingClientRect = () => ({ top, bottom }) as DOMRect;
  document.body.append(element);
  return element;
}

let scrolls: ScrollToOptions[];
beforeEach(() => {
  scrolls = [];
  reduceMotion = false;
  vi.spyOn(window, 'innerHeight', 'get').mockReturnValue(800);
  window.scrollBy = ((options: ScrollToOptions) => void scrolls.push(options)) as typeof window.scrollBy;
});
afterEach(() => {
  vi.restoreAllMocks();
  document.body.innerHTML = '';
});

describe('scrollIntoOwnView', () => {
  it('brings an element’s top to the top of the window, below its scroll margin, at once', () => {
    scrollIntoOwnView(elementAt(1500, 1900, { top: '64px' }));
    expect(scrolls).toEqual([{ top: 1436, behavior: 'auto' }]);
    scrollIntoOwnView(elementAt(-300, 100));
    expect(scrolls[1]).toEqual({ top: -300, behavior: 'auto' });
  });

  it('reads a margin it cannot parse as none', () => {
    const element = elementAt(500, 600);
    vi.spyOn(window, 'getComputedStyle').mockReturnValue({
      scrollMarginTop: 'auto',
      scrollMarginBottom: '',
    } as CSSStyleDeclaration);
    scrollIntoOwnView(element);
    expect(scrolls).toEqual([{ top: 500, behavior: 'auto' }]);
  });

  it('“nearest”: leaves an element that is wholly in view, even touching both edges', () => {
    scrollIntoOwnView(elementAt(0, 800), 'nearest');
    scrollIntoOwnView(elementAt(64, 700, { top: '64px', bottom: '100px' }), 'nearest');
    expect(scrolls).toEqual([]);
  });

  it('“nearest”: scrolls smoothly just far enough to show an element below the window, with its margin', () => {
    scrollIntoOwnView(elementAt(700, 801), 'nearest');
    scrollIntoOwnView(elementAt(700, 900, { bottom: '20px' }), 'nearest');
    expect(scrolls).toEqual([
      { top: 1, behavior: 'smooth' },
      { top: 120, behavior: 'smooth' },
    ]);
  });

  it('“nearest”: scrolls up to an element above the window, or one starting under its margin', () => {
    scrollIntoOwnView(elementAt(-1, 300), 'nearest');
    scrollIntoOwnView(elementAt(30, 300, { top: '64px' }), 'nearest');
    expect(scrolls).toEqual([
      { top: -1, behavior: 'smooth' },
      { top: -34, behavior: 'smooth' },
    ]);
  });

  it('never scrolls smoothly for a reader who asked for reduced motion', () => {
    reduceMotion = true;
    scrollIntoOwnView(elementAt(700, 900), 'nearest');
    expect(scrolls).toEqual([{ top: 100, behavior: 'auto' }]);
  });

  it('does nothing without an element', () => {
    scrollIntoOwnView(null);
    scrollIntoOwnView(undefined, 'nearest');
    expect(scrolls).toEqual([]);
  });
});
