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
  it('in the prerendered markup: the stand-in, and the controls disabled', () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(page);
    expect(container.textContent).toBe('markupstand-inCompute');
    expect(container.querySelector('fieldset')).toHaveProperty('disabled', true);
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
