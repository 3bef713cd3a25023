import { act, render, screen } from '@testing-library/react';
import { useRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useElementHeight, useElementWidth } from './use-element-size';

/** The browser's ResizeObserver, played by hand: the test says when the observed element has resized. */
class HandResizeObserver {
  static all: HandResizeObserver[] = [];
  observed: Element[] = [];
  disconnected = false;
  constructor(readonly callback: () => void) {
    HandResizeObserver.all.push(this);
  }
  observe(element: Element) {
    this.observed.push(element);
  }
  disconnect() {
    this.disconnected = true;
  }
}

let box = { width: 0, height: 0 };
function Measured() {
  const ref = useRef<HTMLDivElement>(null);
  const width = useElementWidth(ref, 640);
  const height = useElementHeight(ref, 480);
  return (
    <div ref={ref}>
      {width}×{height}
    </div>
  );
}

/** The element measures as `box`, with this ResizeObserver (or none). */
function measureWith(observer: typeof HandResizeObserver | undefined) {
  vi.stubGlobal('ResizeObserver', observer);
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(() => box as DOMRect);
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  HandResizeObserver.all = [];
});

describe('useElementWidth and useElementHeight', () => {
  it('measure the element at once, in whole pixels, then again each time it resizes; stop when unmounted', () => {
    measureWith(HandResizeObserver);
    box = { width: 321.7, height: 99.2 };
    const { unmount } = render(<Measured />);
    expect(screen.getByText('321×99')).toBeInTheDocument();
    const element = screen.getByText('321×99');
    expect(HandResizeObserver.all.map((observer) => observer.observed)).toEqual([[element], [element]]);
    box = { width: 400, height: 120 };
    act(() => HandResizeObserver.all.forEach((observer) => observer.callback()));
    expect(screen.getByText('400×120')).toBeInTheDocument();
    unmount();
    expect(HandResizeObserver.all.every((observer) => observer.disconnected)).toBe(true);
  });

  it('keep the fallback while the element measures nothing (not laid out yet)', () => {
    measureWith(HandResizeObserver);
    box = { width: 0, height: 0 };
    render(<Measured />);
    expect(screen.getByText('640×480')).toBeInTheDocument();
    box = { width: 0.5, height: 10 };
    act(() => HandResizeObserver.all.forEach((observer) => observer.callback()));
    expect(screen.getByText('640×10')).toBeInTheDocument();
  });

  it('without ResizeObserver, measure once', () => {
    measureWith(undefined);
    box = { width: 200, height: 100 };
    render(<Measured />);
    expect(screen.getByText('200×100')).toBeInTheDocument();
  });
});
