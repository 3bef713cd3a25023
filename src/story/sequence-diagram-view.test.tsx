import { act, render } from '@testing-library/react';
import type { ComponentProps, ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readerHasActed } from '@/components/reader-acted';
import { labNarration } from '@/lab/lab-narration';
import { runScenario } from '@/sim/run';
import { buildScenario } from '@/testing/builders';
import { HandObserver } from '@/testing/hand-observer';
import { labTimeline } from '@/testing/lab-run';
import { Row } from './sequence-diagram-parts';
import { SequenceDiagramView } from './sequence-diagram-view';

const timeline = runScenario(buildScenario(), { fencing: true });

describe('the diagram following the current step', () => {
  let scrollBy: ReturnType<typeof vi.fn>;
  let rects: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    HandObserver.all = [];
    vi.stubGlobal('IntersectionObserver', HandObserver);
    scrollBy = vi.fn();
    window.scrollBy = scrollBy as typeof window.scrollBy;
    // The current row, drawn below the screen's foot.
    rects = vi
      .spyOn(Element.prototype, 'getBoundingClientRect')
      .mockReturnValue({ top: 2000, bottom: 2040, height: 40 } as DOMRect);
    // The reader has pressed something: only then does the diagram follow.
    readerHasActed();
    document.dispatchEvent(new Event('pointerdown'));
    expect(readerHasActed()).toBe(true);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    rects.mockRestore();
  });

  const draw = (cursor: number) => <SequenceDiagramView timeline={timeline} cursor={cursor} followCurrent />;

  it('reads no layout in the step itself, and scrolls the new row into view once the browser reports the diagram on screen', () => {
    const { rerender } = render(draw(0));
    const before = HandObserver.all.length;
    rects.mockClear();
    rerender(draw(5));
    // A step's own task asks nothing of the layout: the observer answers after the browser's next layout.
    expect(rects).not.toHaveBeenCalled();
    expect(scrollBy).not.toHaveBeenCalled();
    const observer = HandObserver.all[before]!;
    expect(observer.observed).toHaveLength(1);
    act(() => observer.report(true));
    expect(scrollBy).toHaveBeenCalledTimes(1);
    expect(scrollBy.mock.calls[0]![0]).toMatchObject({ top: 2040 - window.innerHeight });
    expect(observer.disconnected).toBe(true);
  });

  it('leaves the page alone while the diagram is off screen (the reader is reading elsewhere)', () => {
    const { rerender } = render(draw(0));
    const before = HandObserver.all.length;
    rerender(draw(6));
    act(() => HandObserver.all[before]!.report(false));
    expect(scrollBy).not.toHaveBeenCalled();
  });

  it('stops asking when the step changes again before the browser answers', () => {
    const { rerender } = render(draw(0));
    const before = HandObserver.all.length;
    rerender(draw(1));
    rerender(draw(2));
    expect(HandObserver.all[before]!.disconnected).toBe(true);
    expect(HandObserver.all[before + 1]!.disconnected).toBe(false);
  });
});

describe("a diagram whose box the stylesheet makes scroll itself (a phone's walkthrough)", () => {
  beforeEach(() => {
    HandObserver.all = [];
    vi.stubGlobal('IntersectionObserver', HandObserver);
    vi.spyOn(Element.prototype, 'getBoundingClientRect').mockReturnValue({
      top: 0,
      bottom: 300,
      height: 300,
    } as DOMRect);
    vi.spyOn(HTMLElement.prototype, 'scrollHeight', 'get').mockReturnValue(900);
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(300);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('is asked about its style only once the browser has laid it out, then scrolls itself and says so', () => {
    const style = vi.spyOn(window, 'getComputedStyle').mockReturnValue({ overflowY: 'auto' } as CSSStyleDeclaration);
    const { container, unmount } = render(<SequenceDiagramView timeline={timeline} cursor={5} followCurrent />);
    // Not in the effect: just after a hydrating page changed, that made the browser lay the whole page out.
    expect(style).not.toHaveBeenCalled();
    expect(container.querySelector('[role="group"]')).toBeNull();
    const asking = HandObserver.all.filter((observer) => !observer.disconnected);
    expect(asking.length).toBeGreaterThan(0);
    act(() => asking.forEach((observer) => observer.report(true)));
    expect(style).toHaveBeenCalled();
    const box = container.querySelector('[role="group"]');
    expect(box).toHaveAttribute('tabindex', '0');
    expect(asking.every((observer) => observer.disconnected)).toBe(true);
    unmount();
  });

  it('stays a plain picture where the stylesheet lets it grow', () => {
    vi.spyOn(window, 'getComputedStyle').mockReturnValue({ overflowY: 'visible' } as CSSStyleDeclaration);
    const { container } = render(<SequenceDiagramView timeline={timeline} cursor={5} followCurrent />);
    act(() => HandObserver.all.forEach((observer) => observer.report(true)));
    expect(container.querySelector('[role="group"]')).toBeNull();
  });
});

describe('a step draws again only what it changes', () => {
  it('the row it leaves and the row it reaches, not the earlier ones', () => {
    // Each row's renders, counted around the memoised row's own function.
    // React keeps a memo's function as `type`, which its typings do not declare.
    type RowFunction = (props: ComponentProps<typeof Row>) => ReactNode;
    const memoRow = Row as unknown as { type: RowFunction };
    const drawn: number[] = [];
    const inner = memoRow.type;
    memoRow.type = (props) => {
      drawn.push(props.row.index);
      return inner(props);
    };
    try {
      const draw = (cursor: number) => <SequenceDiagramView timeline={timeline} cursor={cursor} />;
      const { rerender } = render(draw(9));
      drawn.length = 0;
      // A middle step: row 9 stops being current, row 10 appears as current; rows 0-8 stay as drawn.
      rerender(draw(10));
      expect([...drawn].sort((a, b) => a - b)).toEqual([9, 10]);
    } finally {
      memoRow.type = inner;
    }
  });
});

describe("the lab's runs labelled in the lab's words", () => {
  it('whatever was narrated before: the same run drawn with and without them differs in its labels', () => {
    const redlock = labTimeline('?service=redlock');
    // The lab's own diagram first, as on the lab page, then the same run with the lesson's words.
    const { container: labs } = render(<SequenceDiagramView timeline={redlock} cursor={2} narration={labNarration} />);
    const { container: lessons } = render(<SequenceDiagramView timeline={redlock} cursor={2} />);
    expect(labs.textContent).toContain('SET … NX PX 30000 on 5 nodes');
    expect(labs.textContent).toContain('OK from a majority');
    expect(lessons.textContent).not.toContain('SET … NX PX 30000 on 5 nodes');
  });
});
