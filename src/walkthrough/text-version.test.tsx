import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWalkthrough } from '@/testing/render-walkthrough';
import { DEFAULT_SCENARIO_ID, timelineFor } from '@/store/selectors';
import { narrationsFor } from '@/story/timeline-narrations';
import TextVersion from './text-version';

afterEach(() => vi.restoreAllMocks());

const plain = (text: string) => text.replace(/`/g, '');

describe('the walkthrough as text', () => {
  it.each([
    [true, 'on'],
    [false, 'off'],
  ] as const)(
    'with fencing %s: every step in order, its time linking to it, its caption, and a write’s outcome in words',
    (fencing, mode) => {
      const timeline = timelineFor(DEFAULT_SCENARIO_ID, fencing);
      const narrations = narrationsFor(timeline);
      renderWalkthrough(<TextVersion />, { cursor: 19, fencing });
      const section = screen.getByRole('region', {
        name: `The ${timeline.frames.length} steps, fencing tokens ${mode}`,
      });
      const steps = within(section).getAllByRole('listitem');
      expect(steps).toHaveLength(timeline.frames.length);
      steps.forEach((step, index) => {
        expect(within(step).getByRole('link')).toHaveAttribute('href', `?step=${index + 1}&fencing=${mode}`);
        expect(step.textContent).toContain(plain(narrations[index]!.caption));
        // The time, then a space before the words: read aloud as two parts, not one run-on word.
        expect(step.textContent).toMatch(/^[\d.]+ s \S/);
        const outcome = step.querySelector('.outcome-label');
        if (timeline.frames[index]!.happening.kind === 'writeAnswered') {
          expect(outcome?.textContent).toBe(`${narrations[index]!.label} `);
        } else {
          expect(outcome).toBeNull();
        }
        if (index === 19) expect(step).toHaveAttribute('aria-current', 'step');
        else expect(step).not.toHaveAttribute('aria-current');
      });
      expect(within(steps[0]!).getByRole('link')).toHaveTextContent(/^0 s$/);
      const labels = [...section.querySelectorAll('.outcome-label')].map((label) => label.textContent);
      // A's late write, in words: refused by the fence, or a stale write that landed.
      expect(labels.some((label) => (fencing ? /^✕ rejected/ : /^⚠ stale write landed/).test(label ?? ''))).toBe(true);
      // The writes' outcomes are in the list: at least the late one's.
      expect(section.querySelectorAll('.outcome-label').length).toBeGreaterThan(0);
    },
  );

  it('a step’s link moves the walkthrough there, without leaving the page', () => {
    const { store } = renderWalkthrough(<TextVersion />, { cursor: 0, fencing: true });
    const link = within(screen.getAllByRole('listitem')[6]!).getByRole('link');
    expect(fireEvent.click(link)).toBe(false);
    expect(store.getState().cursor).toBe(6);
    expect(screen.getAllByRole('listitem')[6]).toHaveAttribute('aria-current', 'step');
  });

  it('brings itself into view once, when opened', () => {
    vi.spyOn(Element.prototype, 'getBoundingClientRect').mockReturnValue(new DOMRect(0, 2400, 800, 900));
    const scrolled = vi.spyOn(window, 'scrollBy').mockImplementation(() => undefined);
    const { store } = renderWalkthrough(<TextVersion />, { cursor: 0 });
    expect(scrolled).toHaveBeenCalledTimes(1);
    expect(scrolled).toHaveBeenCalledWith({ top: 2400, behavior: 'auto' });
    fireEvent.click(within(screen.getAllByRole('listitem')[2]!).getByRole('link'));
    expect(store.getState().cursor).toBe(2);
    expect(scrolled).toHaveBeenCalledTimes(1);
  });
});
