import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { prerender } from 'react-dom/static';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HydrateWhenNear, PrerenderingContext } from './hydrate-when-near';
import { HandObserver } from '@/testing/hand-observer';

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

/** The part's code, as a dynamic import gives it; `arrives` holds it back until a test lets it through. */
let arrives: Promise<void> = Promise.resolve();
const loadPart = async () => {
  await arrives;
  return { default: Part };
};

// One element made once, as the page makes its parts.
const page = <HydrateWhenNear load={loadPart}>{(Loaded) => <Loaded />}</HydrateWhenNear>;

/** The build's markup of a tree, with every part in full (the build waits for their code). */
async function prerendered(tree: React.ReactNode) {
  const { prelude } = await prerender(<PrerenderingContext value={true}>{tree}</PrerenderingContext>);
  // The server renderer leaves a resumed render's context value on the context object (in the build it runs in a
  // process of its own; here the client's React shares it): put the default back.
  (PrerenderingContext as unknown as { _currentValue: boolean })._currentValue = false;
  return new Response(prelude).text();
}

let container: HTMLElement;
let root: Root | null = null;

beforeEach(async () => {
  arrives = Promise.resolve();
  HandObserver.all = [];
  vi.stubGlobal('IntersectionObserver', HandObserver);
  container = document.createElement('div');
  document.body.append(container);
  container.innerHTML = await prerendered(page);
  Object.assign(seen, { renders: 0, linkClicks: 0, presses: 0 });
});

afterEach(() => {
  act(() => root?.unmount());
  root = null;
  container.remove();
  vi.unstubAllGlobals();
});

async function hydrate(tree: React.ReactNode = page) {
  await act(async () => {
    root = hydrateRoot(container, tree);
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

    await act(async () => observer!.report(true));
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

  it('a press, focus or click elsewhere on the page leaves it waiting, and is left alone', async () => {
    const elsewhere = document.createElement('button');
    document.body.append(elsewhere);
    await hydrate();
    const click = new MouseEvent('click', { bubbles: true, cancelable: true });
    await act(async () => {
      fireEvent.pointerDown(elsewhere);
      elsewhere.focus();
      elsewhere.dispatchEvent(click);
    });
    expect(click.defaultPrevented).toBe(false);
    expect(seen.renders).toBe(0);
    // An observed entry that is not on screen yet opens nothing either.
    await act(async () => HandObserver.all.forEach((observer) => observer.report(false)));
    expect(seen.renders).toBe(0);
    elsewhere.remove();
  });

  it('a press inside hydrates it; once hydrated it stops watching and holds no click', async () => {
    await hydrate();
    await act(async () => {
      fireEvent.pointerDown(screen.getByText('Prerendered words'));
    });
    expect(seen.renders).toBeGreaterThan(0);
    expect(HandObserver.all.every((observer) => observer.disconnected)).toBe(true);
    // Hydrated: a click inside is the part's own, not held for it.
    const click = new MouseEvent('click', { bubbles: true, cancelable: true });
    screen.getByText('Prerendered words').dispatchEvent(click);
    expect(click.defaultPrevented).toBe(false);
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

  it('rendered fresh, with no markup to hydrate, it loads its part at once and watches nothing', async () => {
    container.innerHTML = '';
    await act(async () => {
      render(page);
    });
    expect(screen.getByText('Prerendered words')).toBeInTheDocument();
    expect(HandObserver.all).toEqual([]);
  });

  it('keeps the markup while its code is on its way, then hydrates the same nodes', async () => {
    let letThrough = () => {};
    arrives = new Promise((resolve) => (letThrough = resolve));
    await hydrate();
    const button = screen.getByRole('button', { name: 'Pressed 0' });
    await act(async () => HandObserver.all[0]!.report(true));
    expect(seen.renders).toBe(0);
    expect(container.textContent).toContain('Prerendered words');
    await act(async () => letThrough());
    expect(seen.renders).toBeGreaterThan(0);
    fireEvent.click(button);
    expect(await screen.findByRole('button', { name: 'Pressed 1' })).toBe(button);
  });

  it('a part hydrates when it comes near even while an earlier one on the page is still waiting', async () => {
    const first = <HydrateWhenNear load={loadPart}>{(Loaded) => <Loaded />}</HydrateWhenNear>;
    const second = <HydrateWhenNear load={loadPart}>{(Loaded) => <Loaded />}</HydrateWhenNear>;
    const twoParts = (
      <>
        {first}
        {second}
      </>
    );
    container.innerHTML = await prerendered(twoParts);
    await hydrate(twoParts);
    const [, secondButton] = screen.getAllByRole('button', { name: 'Pressed 0' });
    await act(async () => HandObserver.all[1]!.report(true));
    fireEvent.click(secondButton!);
    expect(await screen.findByRole('button', { name: 'Pressed 1' })).toBe(secondButton);
    // The first still has its markup, untouched and not yet hydrated.
    expect(screen.getAllByRole('button', { name: /^Pressed/ }).map((button) => button.textContent)).toEqual([
      'Pressed 0',
      'Pressed 1',
    ]);
  });

  it('without IntersectionObserver it hydrates at once rather than never', async () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    await hydrate();
    expect(seen.renders).toBeGreaterThan(0);
  });
});
