import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWalkthrough } from '@/testing/render-walkthrough';
import { DEFAULT_SCENARIO_ID, timelineFor } from '@/store/selectors';
import { narrationsFor } from '@/story/timeline-narrations';
import CompareView from './compare-view';

const captionAt = (fencing: boolean, step: number) =>
  narrationsFor(timelineFor(DEFAULT_SCENARIO_ID, fencing))[step]!.caption.replace(/`/g, '');

afterEach(() => vi.restoreAllMocks());

describe('the two fencing modes side by side', () => {
  it('shows the same step with fencing off, then on: each with its caption, time strip, diagram and table', () => {
    renderWalkthrough(<CompareView />, { cursor: 19, fencing: true });
    const sides = [
      screen.getByRole('region', { name: 'Fencing tokens off' }),
      screen.getByRole('region', { name: 'Fencing tokens on' }),
    ];
    expect(sides[0]!.compareDocumentPosition(sides[1]!) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    for (const [index, fencing] of [false, true].entries()) {
      const side = sides[index]!;
      expect(within(side).getByRole('heading', { level: 4 })).toHaveTextContent(
        `Fencing tokens ${fencing ? 'on' : 'off'}`,
      );
      expect(side.querySelector('p')?.textContent).toBe(captionAt(fencing, 19));
      expect(
        within(side).getByRole('region', { name: `Certificates table, fencing tokens ${fencing ? 'on' : 'off'}` }),
      ).toBeInTheDocument();
      expect(
        within(side).getByRole('img', {
          name: new RegExp(`^Fencing tokens ${fencing ? 'on' : 'off'}\\. Sequence diagram, step 20 of`),
        }),
      ).toBeInTheDocument();
      expect(within(side).getByRole('img', { name: /^Time to scale/ })).toBeInTheDocument();
    }
    // Where the modes part, the captions differ.
    expect(captionAt(false, 19)).not.toBe(captionAt(true, 19));
  });

  it('brings itself into view once, when opened', () => {
    vi.spyOn(Element.prototype, 'getBoundingClientRect').mockReturnValue(new DOMRect(0, 640, 800, 900));
    const scrolled = vi.spyOn(window, 'scrollBy').mockImplementation(() => undefined);
    const { store } = renderWalkthrough(<CompareView />, { cursor: 3 });
    expect(scrolled).toHaveBeenCalledTimes(1);
    expect(scrolled).toHaveBeenCalledWith({ top: 640, behavior: 'auto' });
    act(() => store.setState({ cursor: 4 }));
    expect(scrolled).toHaveBeenCalledTimes(1);
  });
});
