import { act, render, screen } from '@testing-library/react';
import { useRef } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
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

let hydrated: Root | null = null;
/** Prerenders <Measured /> (nothing laid out on the server), then hydrates it in a page that lays it out at `size`. */
async function hydrateLaidOutAs(size: { width: number; height: number }): Promise<HTMLElement> {
  box = { width: 0, height: 0 };
  const container = document.createElement('div');
  document.body.append(container);
  container.innerHTML = renderToString(<Measured />);
  box = size;
  await act(async () => {
    hydrated = hydrateRoot(container, <Measured />);
  });
  return container;
}
afterEach(() => {
  act(() => hydrated?.unmount());
  hydrated = null;
  document.body.innerHTML = '';
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

  it('hydrating prerendered markup, wait for the observer: nothing is measured in the hydration itself', async () => {
    measureWith(HandResizeObserver);
    const container = await hydrateLaidOutAs({ width: 360, height: 200 });
    // Laid out by now, but not read: the hydration keeps the size it was prerendered at, and asks nothing of the layout.
    expect(container).toHaveTextContent('640×480');
    expect(HTMLElement.prototype.getBoundingClientRect).not.toHaveBeenCalled();
    expect(HandResizeObserver.all).toHaveLength(2);
    await act(async () => HandResizeObserver.all.forEach((observer) => observer.callback()));
    expect(container).toHaveTextContent('360×200');
  });

  it('hydrating without ResizeObserver, measure once all the same', async () => {
    measureWith(undefined);
    const container = await hydrateLaidOutAs({ width: 300, height: 150 });
    expect(container).toHaveTextContent('300×150');
  });
});
