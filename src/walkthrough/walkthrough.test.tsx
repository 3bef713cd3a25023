import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_SCENARIO_ID, timelineFor } from '@/store/selectors';
import { renderWalkthrough } from '@/testing/render-walkthrough';
import type * as TimelineControls from '@/views/timeline-controls';
import { Walkthrough } from './walkthrough';

const stepCount = timelineFor(DEFAULT_SCENARIO_ID, true).frames.length;

// The toggles read no step: each time they render, the walkthrough around them did.
const toggleRenders = vi.hoisted(() => ({ count: 0 }));
vi.mock('@/views/timeline-controls', async (importOriginal) => {
  const original = await importOriginal<typeof TimelineControls>();
  return {
    ...original,
    ViewToggles: (props: Parameters<typeof original.ViewToggles>[0]) => {
      toggleRenders.count += 1;
      return original.ViewToggles(props);
    },
  };
});

describe('<Walkthrough>', () => {
  it('steps with ArrowRight and ArrowLeft, and jumps with End and Home, while focus is in the walkthrough', async () => {
    const user = userEvent.setup();
    renderWalkthrough(<Walkthrough />);
    screen.getByRole('button', { name: 'Next' }).focus();
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(screen.getByText(`Step 3 of ${stepCount}`)).toBeInTheDocument();
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByText(`Step 2 of ${stepCount}`)).toBeInTheDocument();
    await user.keyboard('{End}');
    expect(screen.getByText(`Step ${stepCount} of ${stepCount}`)).toBeInTheDocument();
    await user.keyboard('{Home}');
    expect(screen.getByText(`Step 1 of ${stepCount}`)).toBeInTheDocument();
  });

  it('re-renders only the parts that show the step when a step changes, also across step 1', async () => {
    const user = userEvent.setup();
    renderWalkthrough(<Walkthrough />);
    const before = toggleRenders.count;
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByText(`Step 1 of ${stepCount}`)).toBeInTheDocument();
    expect(toggleRenders.count).toBe(before);
    // The toggles do render when what they show changes: the count is live.
    await user.click(screen.getByRole('switch', { name: /Fencing tokens/ }));
    expect(toggleRenders.count).toBeGreaterThan(before);
  });

  it('ignores step keys pressed with a modifier', async () => {
    const user = userEvent.setup();
    renderWalkthrough(<Walkthrough />);
    screen.getByRole('button', { name: 'Next' }).focus();
    for (const modifier of ['Control', 'Alt', 'Meta', 'Shift'])
      await user.keyboard(`{${modifier}>}{ArrowRight}{/${modifier}}`);
    expect(screen.getByText(`Step 1 of ${stepCount}`)).toBeInTheDocument();
  });

  it('plays and pauses with K while focus is in the walkthrough', async () => {
    const user = userEvent.setup();
    const { store } = renderWalkthrough(<Walkthrough />);
    screen.getByRole('button', { name: 'Next' }).focus();
    await user.keyboard('k');
    expect(store.getState().playing).toBe(true);
    await user.keyboard('k');
    expect(store.getState().playing).toBe(false);
  });

  it('leaves the keys to the page while focus is outside the walkthrough', async () => {
    const user = userEvent.setup();
    renderWalkthrough(
      <>
        <button type="button">Elsewhere</button>
        <Walkthrough />
      </>,
    );
    screen.getByRole('button', { name: 'Elsewhere' }).focus();
    await user.keyboard('{ArrowRight}{End}');
    expect(screen.getByText(`Step 1 of ${stepCount}`)).toBeInTheDocument();
  });

  it('announces each step in a polite live region', async () => {
    const user = userEvent.setup();
    const { container } = renderWalkthrough(<Walkthrough />);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    const live = container.querySelectorAll('[aria-live="polite"]');
    // One live region, the visible caption itself: read once, not again from a hidden copy or the diagram's name.
    expect(live).toHaveLength(1);
    expect(live[0]).toHaveTextContent(
      `Step 2 of ${stepCount}, at 0 s: Renewer A asks the lock service for the lock: acquire lock:cert:go.shop.example, lease 30 s`,
    );
    expect(screen.getByRole('img', { name: /^Sequence diagram/ })).not.toHaveAccessibleName(/asks the lock service/);
  });

  it('announces a prediction prompt, then its result, with the caption in the same live region', async () => {
    const user = userEvent.setup();
    const { container } = renderWalkthrough(<Walkthrough />, { cursor: 3 });
    await user.click(screen.getByRole('button', { name: 'Next' }));
    const prompt = await screen.findByRole('group', { name: /Will the lock service grant it\?/ });
    const live = container.querySelectorAll('[aria-live="polite"]');
    expect(live).toHaveLength(1);
    expect(live[0]).toContainElement(prompt);
    expect(live[0]).toHaveTextContent(/^Step 5 of \d+, at 2 s: Renewer A is frozen.*Predict before you press Next/);
    await user.click(screen.getByRole('radio', { name: "No, it is still A's" }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(container.querySelectorAll('[aria-live="polite"]')[0]).toHaveTextContent(
      /^Step 7 of \d+, at 15 s: The lock service answers .*You predicted it: “No, it is still A's”\./,
    );
  });

  it('draws the steps so far, highlights the current one, and hides later ones', () => {
    const { container } = renderWalkthrough(<Walkthrough />, { cursor: 4 });
    const diagram = screen.getByRole('img', { name: /^Sequence diagram, step 5 of/ });
    expect(diagram).toHaveAccessibleName(
      expect.stringContaining('Renewer A, Renewer B, Lock service, Certificates table'),
    );
    expect(container.querySelectorAll('g[data-row]')).toHaveLength(5);
    expect(container.querySelectorAll('g[data-row="current"]')).toHaveLength(1);
    expect(container.querySelector('g[data-row="current"]')).toHaveTextContent('GC pause, 40 s');
  });

  it('shows the text version as one list item per step when asked', async () => {
    const user = userEvent.setup();
    renderWalkthrough(<Walkthrough />, { cursor: 2 });
    expect(screen.queryByRole('region', { name: /steps, fencing tokens/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Text version' }));
    const list = within(await screen.findByRole('region', { name: /steps, fencing tokens on/ })).getAllByRole(
      'listitem',
    );
    expect(list).toHaveLength(stepCount);
    expect(list[2]).toHaveAttribute('aria-current', 'step');
  });
});

describe('<Walkthrough> in its page', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    window.history.replaceState(null, '', '/');
  });

  it('its hidden heading fits the page around it: a section heading by default, a page heading where asked', () => {
    const { unmount } = renderWalkthrough(<Walkthrough />);
    expect(screen.getByRole('heading', { level: 3, name: 'Walkthrough' })).toHaveAttribute('id', 'walkthrough-heading');
    unmount();
    renderWalkthrough(<Walkthrough headingLevel={2} />);
    expect(screen.getByRole('heading', { level: 2, name: 'Walkthrough' })).toBeInTheDocument();
  });

  it("keeps the sticky bar's height, in whole pixels, where the lifeline names read it", () => {
    vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
      return new DOMRect(0, 0, 800, this.classList.contains('walkthrough-bar') ? 131.6 : 900);
    });
    const { container } = renderWalkthrough(<Walkthrough />);
    expect(container.querySelector<HTMLElement>('#walkthrough')?.style.getPropertyValue('--bar-height')).toBe('131px');
  });

  it.each([
    ['a link to a step brings the walkthrough into view', '?step=5', undefined, 1],
    ['a link to a step and a heading leaves the heading in view', '?step=5#sources', undefined, 0],
    ['a reload of a step link keeps the reading position', '?step=5', 'reload', 0],
    ['the lesson without a step opens at its top', '?fencing=off', undefined, 0],
  ] as const)('%s', (_, address, navigation, times) => {
    window.history.replaceState(null, '', `/${address}`);
    if (navigation) {
      vi.spyOn(performance, 'getEntriesByType').mockReturnValue([{ type: navigation } as PerformanceNavigationTiming]);
    }
    const scrolled = vi.spyOn(window, 'scrollBy').mockImplementation(() => undefined);
    renderWalkthrough(<Walkthrough />, { cursor: 4 });
    expect(scrolled).toHaveBeenCalledTimes(times);
  });
});

describe('the key moment, drawn and said', () => {
  /** The strip, in the sticky bar with the step controls: the walkthrough's one drawing of the run to scale. */
  const barStrip = () => {
    const strip = screen.getByRole('img', { name: /^Time to scale/ });
    expect(strip.closest('.walkthrough-bar')).not.toBeNull();
    return strip;
  };
  const answerToA = (fencing: boolean) =>
    timelineFor(DEFAULT_SCENARIO_ID, fencing).frames.findIndex(
      ({ happening }) => happening.kind === 'writeAnswered' && happening.renewer === 'A',
    );

  it("with fencing on, A's late write is marked refused by the fence, in the diagram and on the time strip", () => {
    renderWalkthrough(<Walkthrough />, { fencing: true, cursor: answerToA(true) });
    expect(screen.getByRole('img', { name: /^Sequence diagram/ })).toHaveAccessibleName(
      expect.stringContaining('✕ rejected: fence 34 > token 33 (UPDATE 0).'),
    );
    const strip = barStrip();
    expect(strip).toHaveAccessibleName(expect.stringContaining("at 42 s Renewer A's write is refused by the fence"));
    expect(strip).toHaveAccessibleName(expect.stringContaining("Renewer A's lease (token 33) from 0 s to 30 s"));
    expect(strip).toHaveAccessibleName(expect.stringContaining('Renewer A paused from 2 s to 42 s'));
    expect(screen.getByText("The row's fence so far: 32 → 34")).toBeInTheDocument();
  });

  it('with fencing off, the same moment is marked a stale write that landed, and the fence track shows it', () => {
    renderWalkthrough(<Walkthrough />, { fencing: false, cursor: answerToA(false) });
    expect(screen.getByRole('img', { name: /^Sequence diagram/ })).toHaveAccessibleName(
      expect.stringContaining('⚠ stale write landed: fence 34 → 33 (UPDATE 1).'),
    );
    expect(barStrip()).toHaveAccessibleName(expect.stringContaining("at 42 s Renewer A's stale write lands"));
    expect(screen.getByText("The row's fence so far: 32 → 34 → 33")).toBeInTheDocument();
  });

  it('in the middle of the pause, the strip shows the pause so far and not yet its end', () => {
    const expiry = timelineFor(DEFAULT_SCENARIO_ID, true).frames.findIndex(
      ({ happening }) => happening.kind === 'leaseExpired',
    );
    renderWalkthrough(<Walkthrough />, { fencing: true, cursor: expiry });
    const strip = barStrip();
    expect(strip).toHaveAccessibleName(expect.stringContaining('now 30 s'));
    expect(strip).toHaveAccessibleName(expect.stringContaining('Renewer A paused from 2 s so far'));
    expect(strip).not.toHaveAccessibleName(expect.stringContaining('42 s'));
    expect(strip).toHaveAccessibleName(expect.stringContaining('at 30 s the lease expires'));
  });

  it('the strip in the bar scrubs: a press on it at a time goes to the last step at or before that time', async () => {
    const { store } = renderWalkthrough(<Walkthrough />, { fencing: true, cursor: 0 });
    const strip = barStrip();
    // Drawn 720 units wide (jsdom measures nothing), shown 360 px wide from x = 100.
    strip.getBoundingClientRect = () => ({ left: 100, width: 360, top: 0, height: 100 }) as DOMRect;
    const timeline = timelineFor(DEFAULT_SCENARIO_ID, true);
    const { layoutTimeStrip } = await import('@/story/time-strip-layout');
    const layout = layoutTimeStrip(timeline, 720);
    const pressAt = (at: number) => {
      const clientX = 100 + (layout.xOf(at) / layout.width) * 360;
      fireEvent.pointerDown(strip, { clientX, pointerId: 1 });
    };
    pressAt(30_500);
    expect(timeline.frames[store.getState().cursor]!.at).toBe(30_000);
    expect(store.getState().cursor).toBe(timeline.frames.findLastIndex((frame) => frame.at === 30_000));
    pressAt(15_200);
    expect(store.getState().cursor).toBe(timeline.frames.findLastIndex((frame) => frame.at === 15_000));
    // Left of the axis is the start; far right, the last step.
    fireEvent.pointerDown(strip, { clientX: 0, pointerId: 1 });
    expect(timeline.frames[store.getState().cursor]!.at).toBe(0);
    fireEvent.pointerDown(strip, { clientX: 2_000, pointerId: 1 });
    expect(store.getState().cursor).toBe(timeline.frames.length - 1);
  });
});
