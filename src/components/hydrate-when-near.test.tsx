import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HydrateWhenNear, PrerenderingContext } from './hydrate-when-near';

/** What the part did on the client: how often it rendered and what its controls were asked. */
const seen = { renders: 0, linkClicks: 0, presses: 0 };
const rendered = () => (seen.renders += 1);

function Part() {
  rendered();
  const [pressed, setPressed] = useState(0);
  return (
    <div>
      <p>Prerendered words</p>
      <a
        href="#elsewhere"
        onClick={(event) => {
          event.preventDefault();
          seen.linkClicks += 1;
        }}
      >
        A step link
      </a>
      <button
        type="button"
        onClick={() => {
          seen.presses += 1;
          setPressed((count) => count + 1);
        }}
      >
        Pressed {pressed}
      </button>
    </div>
  );
}

// One element made once, as the page makes its parts.
const page = (
  <HydrateWhenNear>
    <Part />
  </HydrateWhenNear>
);

/** The browser's IntersectionObserver, played by hand: the test says when the part comes near. */
class HandObserver {
  static all: HandObserver[] = [];
  observed: Element[] = [];
  disconnected = false;
  constructor(readonly callback: IntersectionObserverCallback) {
    HandObserver.all.push(this);
  }
  observe(element: Element) {
    this.observed.push(element);
  }
  disconnect() {
    this.disconnected = true;
  }
  comeNear() {
    const entries = this.observed.map((target) => ({ target, isIntersecting: true }) as IntersectionObserverEntry);
    this.callback(entries, this as unknown as IntersectionObserver);
  }
}

let container: HTMLElement;
let root: Root | null = null;

beforeEach(() => {
  HandObserver.all = [];
  vi.stubGlobal('IntersectionObserver', HandObserver);
  container = document.createElement('div');
  document.body.append(container);
  container.innerHTML = renderToString(<PrerenderingContext value={true}>{page}</PrerenderingContext>);
  Object.assign(seen, { renders: 0, linkClicks: 0, presses: 0 });
});

afterEach(() => {
  act(() => root?.unmount());
  root = null;
  container.remove();
  vi.unstubAllGlobals();
});

async function hydrate() {
  await act(async () => {
    root = hydrateRoot(container, page);
  });
}

describe('HydrateWhenNear', () => {
  it('prerenders its part in full', () => {
    expect(container.textContent).toContain('Prerendered words');
    expect(container.textContent).toContain('Pressed 0');
  });

  it('keeps the markup and runs none of the part until it comes near, then hydrates it once', async () => {
    await hydrate();
    expect(seen.renders).toBe(0);
    expect(container.textContent).toContain('Prerendered words');
    const [observer] = HandObserver.all;
    expect(observer?.observed).toHaveLength(1);

    await act(async () => observer!.comeNear());
    expect(seen.renders).toBeGreaterThan(0);
    // Hydrated, not replaced: the same button node now answers.
    const button = screen.getByRole('button', { name: 'Pressed 0' });
    fireEvent.click(button);
    expect(await screen.findByRole('button', { name: 'Pressed 1' })).toBe(button);
    // Nothing keeps watching once it is open.
    expect(observer!.disconnected).toBe(true);
  });

  it('a click on a link before hydration is not followed as a plain link, and reaches the link once hydrated', async () => {
    await hydrate();
    const link = screen.getByRole('link', { name: 'A step link' });
    const click = new MouseEvent('click', { bubbles: true, cancelable: true });
    await act(async () => {
      link.dispatchEvent(click);
    });
    expect(click.defaultPrevented).toBe(true);
    expect(seen.renders).toBeGreaterThan(0);
    expect(seen.linkClicks).toBe(1);
    // Later clicks go straight to the hydrated link, once each.
    await act(async () => {
      fireEvent.click(link);
    });
    expect(seen.linkClicks).toBe(2);
  });

  it('a press on a button before hydration is made once after it', async () => {
    await hydrate();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Pressed 0' }));
    });
    expect(seen.presses).toBe(1);
    expect(screen.getByRole('button', { name: 'Pressed 1' })).toBeInTheDocument();
  });

  it('focus inside hydrates it, as a keyboard reader reaches it', async () => {
    await hydrate();
    expect(seen.renders).toBe(0);
    await act(async () => {
      screen.getByRole('button', { name: 'Pressed 0' }).focus();
    });
    expect(seen.renders).toBeGreaterThan(0);
    expect(seen.presses).toBe(0);
  });

  it('rendered fresh, with no markup to hydrate, it shows its part at once and watches nothing', () => {
    container.innerHTML = '';
    render(page);
    expect(screen.getByText('Prerendered words')).toBeInTheDocument();
    expect(HandObserver.all).toEqual([]);
  });

  it('without IntersectionObserver it hydrates at once rather than never', async () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    await hydrate();
    expect(seen.renders).toBeGreaterThan(0);
  });
});
