import { act, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_SCENARIO_ID, stepAtTime, timelineFor } from '@/store/selectors';
import { renderWalkthrough } from '@/testing/render-walkthrough';
import { Playback } from './playback';

const timeline = timelineFor(DEFAULT_SCENARIO_ID, true);
const stepCount = timeline.frames.length;
const lastIndexAt = (at: number) => timeline.frames.filter((frame) => frame.at === at).at(-1)!.index;

describe('stepAtTime: where a scrubber dragged to a time lands', () => {
  it.each([
    [0, lastIndexAt(0)],
    [1_999, lastIndexAt(0)],
    [2_000, lastIndexAt(2_000)],
    [29_999, lastIndexAt(15_000)],
    [30_000, lastIndexAt(30_000)],
    [30_500, lastIndexAt(30_000)],
    [timeline.frames.at(-1)!.at, stepCount - 1],
  ])('at %i ms: the last step at or before it, %i', (at, index) => {
    expect(stepAtTime(timeline, at)).toBe(index);
  });
});

describe('<Playback>', () => {
  afterEach(() => vi.useRealTimers());

  it('plays one step a second, twice as fast at 2×, and stops at the last step', async () => {
    vi.useFakeTimers();
    const { store } = renderWalkthrough(<Playback />, { cursor: stepCount - 4 });
    fireEvent.click(screen.getByRole('button', { name: 'Play' }));
    expect(screen.getByRole('button', { name: 'Pause' })).toHaveAttribute('aria-pressed', 'true');
    await act(() => vi.advanceTimersByTimeAsync(999));
    expect(store.getState().cursor).toBe(stepCount - 4);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(store.getState().cursor).toBe(stepCount - 3);
    fireEvent.change(screen.getByRole('combobox', { name: 'Speed' }), { target: { value: '2' } });
    await act(() => vi.advanceTimersByTimeAsync(500));
    expect(store.getState().cursor).toBe(stepCount - 2);
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    expect(store.getState()).toMatchObject({ cursor: stepCount - 1, playing: false });
    expect(screen.getByRole('button', { name: 'Play' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('plays again from the start when asked at the end', () => {
    const { store } = renderWalkthrough(<Playback />, { cursor: stepCount - 1 });
    fireEvent.click(screen.getByRole('button', { name: 'Play' }));
    expect(store.getState()).toMatchObject({ cursor: 0, playing: true });
  });

  it('pauses where it is', async () => {
    const user = userEvent.setup();
    const { store } = renderWalkthrough(<Playback />, { cursor: 3 });
    await user.click(screen.getByRole('button', { name: 'Play' }));
    await user.click(screen.getByRole('button', { name: 'Pause' }));
    expect(store.getState()).toMatchObject({ cursor: 3, playing: false });
  });

  it('moves to the last step at or before the time the scrubber is dragged to, and says where it is', () => {
    const { store } = renderWalkthrough(<Playback />);
    const scrubber = screen.getByRole('slider', { name: 'Virtual time' });
    fireEvent.change(scrubber, { target: { value: '30500' } });
    expect(store.getState().cursor).toBe(lastIndexAt(30_000));
    expect(scrubber).toHaveAttribute('aria-valuetext', `30 s, step ${lastIndexAt(30_000) + 1} of ${stepCount}`);
  });
});
