import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { prerenderWalkthrough, renderWalkthrough } from '@/testing/render-walkthrough';
import { Walkthrough } from './walkthrough';

// Whether the later parts were asked for: the real call would load them, which these tests do not need.
const later = vi.hoisted(() => ({ needed: vi.fn() }));
vi.mock('@/components/load-when-needed', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  needLaterParts: later.needed,
}));

afterEach(() => later.needed.mockClear());

const bar = () => document.getElementById('walkthrough-controls')!;
const moment = () => document.querySelector<HTMLElement>('.walkthrough-moment')!;
const strips = () => screen.getAllByRole('img', { name: /^Time to scale/ });
const options = () => screen.getAllByRole('group', { name: 'Walkthrough options' });

describe('the walkthrough: one markup for every screen, laid out by the stylesheet', () => {
  it('the bar holds the step controls, the options after Next, and the one strip; the moment under it the caption and row', () => {
    renderWalkthrough(<Walkthrough />, { cursor: 6 });
    expect(options()).toHaveLength(1);
    expect(bar()).toContainElement(options()[0]!);
    const next = within(bar()).getByRole('button', { name: 'Next' });
    expect(next.compareDocumentPosition(options()[0]!) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    // One drawing of the run, in the bar (the stage keeps its key and Play).
    expect(strips()).toHaveLength(1);
    expect(bar()).toContainElement(strips()[0]!);
    expect(screen.getByRole('button', { name: 'Play' }).closest('.stage')).not.toBeNull();
    // The caption and the table's row follow the bar, in a part of their own that only wider screens keep in view.
    expect(bar().nextElementSibling).toBe(moment());
    expect(within(moment()).getByTestId('step-caption')).toBeInTheDocument();
    expect(screen.getAllByTestId('strip-row-now')).toHaveLength(1);
    expect(within(moment()).getByTestId('strip-row-now')).toHaveTextContent(/fence/);
  });

  it('prerendered, it is the same markup: nothing waits for the page to know its width', () => {
    const markup = prerenderWalkthrough(<Walkthrough />, { cursor: 6 });
    const page = document.createElement('div');
    page.innerHTML = markup;
    const prerenderedBar = page.querySelector('#walkthrough-controls')!;
    expect(page.querySelectorAll('[aria-label="Walkthrough options"]')).toHaveLength(1);
    expect(prerenderedBar.querySelector('[aria-label="Walkthrough options"]')).not.toBeNull();
    expect(page.querySelectorAll('svg[aria-label^="Time to scale"]')).toHaveLength(1);
    expect(prerenderedBar.querySelector('svg[aria-label^="Time to scale"]')).not.toBeNull();
    expect(page.querySelectorAll('[data-testid="strip-row-now"]')).toHaveLength(1);
    expect(page.querySelector('.walkthrough-moment [data-testid="strip-row-now"]')).not.toBeNull();
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
