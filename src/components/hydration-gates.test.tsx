import content from 'virtual:lockstep/content';
import { act, render, screen } from '@testing-library/react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { DisabledUntilHydrated } from './disabled-until-hydrated';
import { HydratedOnly, NeedsScript } from './hydrated-only';
import { useHydrated } from './use-hydrated';

function Says() {
  return <p>{useHydrated() ? 'hydrated' : 'markup'}</p>;
}

const page = (
  <>
    <Says />
    <HydratedOnly standIn={<p>stand-in</p>}>
      <p>the map</p>
    </HydratedOnly>
    <DisabledUntilHydrated>
      <button type="button">Compute</button>
    </DisabledUntilHydrated>
  </>
);

let root: Root | null = null;
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = '';
});

describe('the parts that wait for hydration', () => {
  it('in the prerendered markup: the stand-in, and the controls focusable but loading, in a group saying so', () => {
    const container = document.createElement('div');
    document.body.append(container);
    container.innerHTML = renderToString(page);
    expect(container.querySelector('fieldset')).toHaveProperty('disabled', false);
    expect(container.querySelector('fieldset')).toHaveAttribute('data-gate', 'loading');
    expect(screen.getByRole('group', { name: content.controls.app.controlsLoading })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    expect(screen.getByText('stand-in')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Compute' })).toBeEnabled();
  });

  it('once the markup has hydrated: the part itself, and the controls enabled', async () => {
    const container = document.createElement('div');
    document.body.append(container);
    container.innerHTML = renderToString(page);
    await act(async () => {
      root = hydrateRoot(container, page);
    });
    expect(screen.getByText('hydrated')).toBeInTheDocument();
    expect(screen.getByText('the map')).toBeInTheDocument();
    expect(screen.queryByText('stand-in')).toBeNull();
    expect(screen.getByRole('button', { name: 'Compute' })).toBeEnabled();
    // Live: the gate says so, and is neither a group nor loading.
    expect(container.querySelector('fieldset')).toHaveAttribute('data-gate', 'live');
    expect(container.querySelector('fieldset')).not.toHaveAttribute('aria-disabled');
    expect(screen.queryByRole('group')).toBeNull();
  });

  it('keeps the controls it hydrated: they are not drawn anew when the gate opens', async () => {
    const container = document.createElement('div');
    document.body.append(container);
    container.innerHTML = renderToString(page);
    const prerendered = container.querySelector('button');
    await act(async () => {
      root = hydrateRoot(container, page);
    });
    expect(container.querySelector('button')).toBe(prerendered);
  });

  it('rendered fresh, with no markup before it: the part at once', () => {
    render(page);
    expect(screen.getByText('the map')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Compute' })).toBeEnabled();
  });

  it('the gate adds no role of its own around the controls', () => {
    render(page);
    expect(screen.queryByRole('group')).toBeNull();
    expect(document.querySelector('fieldset')).toHaveAttribute('role', 'none');
  });
});

describe('NeedsScript', () => {
  it('carries both sentences, each in the class the page shows it by', () => {
    const { container } = render(<NeedsScript withoutScript="Needs JavaScript." loading="Loading the map…" />);
    expect(container.querySelector('p.needs-script .without-script')).toHaveTextContent('Needs JavaScript.');
    expect(container.querySelector('p.needs-script .with-script')).toHaveTextContent('Loading the map…');
  });
});
