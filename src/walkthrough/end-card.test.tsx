import practice from 'virtual:lockstep/practice';
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWalkthrough } from '@/testing/render-walkthrough';
import { DEFAULT_SCENARIO_ID, timelineFor } from '@/store/selectors';
import { predictionKey, predictionPoints } from '@/views/prediction';
import EndCard, { EndCardPointer } from './end-card';

const CARD = practice.endCard;
const lastStep = (fencing: boolean) => timelineFor(DEFAULT_SCENARIO_ID, fencing).frames.length - 1;
const card = () => screen.queryByRole('region', { name: CARD.title });

afterEach(() => vi.restoreAllMocks());

describe('the end of the evening', () => {
  it('appears only at the last step, and its pointer with it', () => {
    const { store } = renderWalkthrough(
      <>
        <EndCardPointer />
        <EndCard />
      </>,
      { cursor: lastStep(true) - 1, fencing: true },
    );
    expect(card()).toBeNull();
    expect(screen.queryByRole('link', { name: CARD.pointer })).toBeNull();
    act(() => store.setState({ cursor: lastStep(true) }));
    expect(card()).toBeInTheDocument();
    expect(screen.getByRole('link', { name: CARD.pointer })).toHaveAttribute('href', '#end-of-the-evening');
  });

  it('replays the evening in the other fencing mode from its first step', () => {
    const { store } = renderWalkthrough(<EndCard />, { cursor: lastStep(true), fencing: true });
    fireEvent.click(screen.getByRole('button', { name: CARD.replay.replace('{fencing}', 'off') }));
    expect(store.getState()).toMatchObject({ cursor: 0, fencing: false });
  });

  it('opens the side-by-side view, and then no longer offers it', () => {
    const { store } = renderWalkthrough(<EndCard />, { cursor: lastStep(false), fencing: false });
    expect(screen.getByRole('button', { name: CARD.replay.replace('{fencing}', 'on') })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: CARD.compare }));
    expect(store.getState().compare).toBe(true);
    expect(screen.queryByRole('button', { name: CARD.compare })).toBeNull();
  });

  it('links to each of the lab’s presets, in a sentence', () => {
    renderWalkthrough(<EndCard />, { cursor: lastStep(true), fencing: true });
    for (const link of CARD.labLinks) {
      expect(screen.getByRole('link', { name: link.text })).toHaveAttribute('href', `./${link.href}`);
    }
    const sentence = screen.getByRole('link', { name: CARD.labLinks[0]!.text }).closest('p');
    expect(sentence?.textContent).toBe(`${CARD.labIntro} ${CARD.labLinks.map((link) => link.text).join(', ')}.`);
  });

  it('tallies the predictions made in this mode, right against all asked; none made, no tally', () => {
    const { progressActions } = renderWalkthrough(<EndCard />, { cursor: lastStep(true), fencing: true });
    const tally = () => card()?.querySelector('p');
    expect(tally()?.textContent).not.toMatch(/^Your predictions/);
    const points = predictionPoints(timelineFor(DEFAULT_SCENARIO_ID, true));
    // More points than predictions made, so "of all asked" differs from "of those made".
    expect(points.length).toBeGreaterThan(2);
    const [first, second] = points as [(typeof points)[0], (typeof points)[0]];
    act(() => {
      progressActions.predict(predictionKey(DEFAULT_SCENARIO_ID, true, first.id), first.outcome);
      progressActions.predict(predictionKey(DEFAULT_SCENARIO_ID, true, second.id), 'not-the-outcome');
      // Predictions in the other mode are that mode's: counted, they would make 2 right.
      progressActions.predict(predictionKey(DEFAULT_SCENARIO_ID, false, first.id), first.outcome);
      progressActions.predict(predictionKey(DEFAULT_SCENARIO_ID, false, second.id), second.outcome);
    });
    expect(tally()).toHaveTextContent(`Your predictions: 1 of ${points.length} right.`);
  });

  it('its pointer moves focus to the card without scrolling by the browser’s own jump', () => {
    vi.spyOn(Element.prototype, 'getBoundingClientRect').mockReturnValue(new DOMRect(0, 1200, 800, 300));
    const scrolled = vi.spyOn(window, 'scrollBy').mockImplementation(() => undefined);
    renderWalkthrough(
      <>
        <EndCardPointer />
        <EndCard />
      </>,
      { cursor: lastStep(true), fencing: true },
    );
    const focus = vi.spyOn(HTMLElement.prototype, 'focus');
    const hashBefore = window.location.hash;
    fireEvent.click(screen.getByRole('link', { name: CARD.pointer }));
    expect(document.activeElement).toBe(card());
    // Focusable by the pointer, but not a stop of its own in the page's Tab order.
    expect(card()).toHaveAttribute('tabindex', '-1');
    expect(focus).toHaveBeenCalledWith({ preventScroll: true });
    expect(scrolled).toHaveBeenCalledWith({ top: 1200, behavior: 'auto' });
    expect(window.location.hash).toBe(hashBefore);
  });
});
