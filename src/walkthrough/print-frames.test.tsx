import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { prerenderWalkthrough, renderWalkthrough } from '@/testing/render-walkthrough';
import { DEFAULT_SCENARIO_ID, timelineFor } from '@/store/selectors';
import { narrationsFor } from '@/story/timeline-narrations';
import { predictionPoints } from '@/views/prediction';
import PrintFrames from './print-frames';

const print = (event: 'beforeprint' | 'afterprint') => act(() => void window.dispatchEvent(new Event(event)));

afterEach(() => print('afterprint'));

/** The numbered frames (the first frame's strip key is a list of its own inside it). */
const framesOnPaper = () => [
  ...screen.getByRole('list', { name: 'The walkthrough, frame by frame' }).querySelectorAll<HTMLElement>(':scope > li'),
];
/** A frame's sequence diagram (the strip is the other picture in it). */
const diagramOf = (frame: HTMLElement) => within(frame).getByRole('img', { name: /^Sequence diagram/ });

describe('the walkthrough on paper', () => {
  it('draws nothing on screen', () => {
    const { container } = renderWalkthrough(<PrintFrames />);
    expect(container).toBeEmptyDOMElement();
  });

  it("prerendered, it holds only the line a print made before the page's code runs needs: how to get the frames", () => {
    const markup = prerenderWalkthrough(<PrintFrames />);
    expect(markup).toMatch(/^<p class="[^"]+">Printed before the page had started, this copy has only the walkthrough/);
    expect(markup).not.toContain('<li');
  });

  it.each([
    [true, 'on', 'off'],
    [false, 'off', 'on'],
  ] as const)(
    'with fencing %s: every step a numbered frame with its caption and diagram, then the other ending from where the modes part',
    (fencing, mode, otherMode) => {
      renderWalkthrough(<PrintFrames />, { fencing });
      print('beforeprint');
      const timeline = timelineFor(DEFAULT_SCENARIO_ID, fencing);
      const captions = narrationsFor(timeline).map((narration) => narration.caption);
      const frames = framesOnPaper();
      expect(frames).toHaveLength(timeline.frames.length);
      expect(frames[0]).toHaveTextContent(
        new RegExp(`^Step 1 of ${timeline.frames.length}, 0 s, fencing tokens ${mode}\\.`),
      );
      const last = frames.at(-1)!;
      expect(last).toHaveTextContent(`Step ${timeline.frames.length} of ${timeline.frames.length}`);
      expect(last.textContent?.replace(/\s+/g, ' ')).toContain(captions.at(-1)!.replace(/`/g, '').slice(0, 40));
      for (const frame of frames) {
        expect(diagramOf(frame)).toBeInTheDocument();
        // The run to scale at this step, and the table's row under it, as on screen.
        expect(within(frame).getByRole('img', { name: /^Time to scale/ })).toBeInTheDocument();
        expect(within(frame).getByTestId('strip-row-now')).toHaveTextContent(/fence/);
      }
      // The strip's key once, on the first frame.
      expect(within(frames[0]!).getByRole('list', { name: /key/i })).toBeInTheDocument();
      expect(frames.slice(1).every((frame) => within(frame).queryByRole('list') === null)).toBe(true);
      // The frame where A's late write is answered shows it on its strip, at its true time.
      const answer = timeline.frames.findIndex(
        ({ happening }) => happening.kind === 'writeAnswered' && happening.renewer === 'A',
      );
      expect(within(frames[answer]!).getByRole('img', { name: /^Time to scale/ })).toHaveAccessibleName(
        expect.stringContaining(
          fencing ? "at 42 s Renewer A's write is refused" : "at 42 s Renewer A's stale write lands",
        ),
      );

      const other = timelineFor(DEFAULT_SCENARIO_ID, !fencing);
      const parting = predictionPoints(other).find((point) => point.id === 'lateWrite')!.askAt;
      const ending = screen.getByRole('region', { name: 'The other ending' });
      expect(within(ending).getByRole('heading')).toHaveTextContent(
        `With fencing tokens ${otherMode}, the same evening ends like this`,
      );
      const steps = within(ending).getByRole('list');
      // Numbered as the other mode's own steps, from the one after the late write is asked about.
      expect(steps).toHaveAttribute('start', String(parting + 2));
      expect(within(steps).getAllByRole('listitem')).toHaveLength(other.frames.length - parting - 1);
      const otherCaptions = narrationsFor(other).map((narration) => narration.caption.replace(/`/g, ''));
      expect(within(steps).getAllByRole('listitem')[0]?.textContent).toContain(
        otherCaptions[parting + 1]!.slice(0, 40),
      );
      expect(ending.querySelector('svg')).not.toBeNull();
    },
  );

  it('draws each frame up to eight rows tall, ending at its step, and the other ending at its last step', () => {
    renderWalkthrough(<PrintFrames />);
    print('beforeprint');
    const frames = framesOnPaper();
    const heights = frames.map((frame) => Number(diagramOf(frame).getAttribute('viewBox')!.split(' ')[3]));
    const row = heights[1]! - heights[0]!;
    expect(row).toBeGreaterThan(0);
    // Frame 1 shows two rows, frame 7 eight, and no frame more than eight.
    expect(heights[6]! - heights[0]!).toBe(6 * row);
    expect(heights[7]).toBe(heights[6]);
    expect(heights.at(-1)).toBe(heights[6]);
    expect(diagramOf(frames[4]!)).toHaveAccessibleName(/step 5 of/);
    const other = timelineFor(DEFAULT_SCENARIO_ID, false);
    const ending = screen.getByRole('region', { name: 'The other ending' });
    expect(ending.querySelector('svg')).toHaveAccessibleName(
      new RegExp(`step ${other.frames.length} of ${other.frames.length}\\.`),
    );
  });

  it('is gone once printing ends', () => {
    renderWalkthrough(<PrintFrames />);
    print('beforeprint');
    expect(screen.getByRole('region', { name: 'The other ending' })).toBeInTheDocument();
    print('afterprint');
    expect(screen.queryByRole('region', { name: 'The other ending' })).toBeNull();
  });
});
