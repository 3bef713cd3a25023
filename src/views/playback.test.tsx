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
  /** Hears the keys that reach the page: the scrubber keeps its own. Removed after each test, whatever happened. */
  const outside = vi.fn();
  afterEach(() => {
    vi.useRealTimers();
    document.removeEventListener('keydown', outside);
    outside.mockClear();
  });

  it('plays in virtual time: a step at the same instant stays 0.8 s, a 2 s gap takes 2 s', async () => {
    vi.useFakeTimers();
    const { store } = renderWalkthrough(<Playback />, { cursor: 0 });
    fireEvent.click(screen.getByRole('button', { name: 'Play' }));
    expect(screen.getByRole('button', { name: 'Pause' })).toHaveAttribute('aria-pressed', 'true');
    await act(() => vi.advanceTimersByTimeAsync(799));
    expect(store.getState().cursor).toBe(0);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(store.getState().cursor).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(1_600));
    expect(store.getState().cursor).toBe(3);
    // Step 3 is at 0 s and step 4 at 2 s: two seconds at 1×.
    await act(() => vi.advanceTimersByTimeAsync(1_999));
    expect(store.getState().cursor).toBe(3);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(store.getState().cursor).toBe(4);
  });

  it('waits at a prediction until the reader answers, then shows the 13 s gap in 2 s and says so', async () => {
    vi.useFakeTimers();
    const { store, progressActions } = renderWalkthrough(<Playback />, { cursor: 4 });
    fireEvent.click(screen.getByRole('button', { name: 'Play' }));
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(store.getState()).toMatchObject({ cursor: 4, playing: true });
    expect(screen.getByText(/Paused for your prediction/)).toBeInTheDocument();
    act(() => progressActions.predict(`${DEFAULT_SCENARIO_ID}:on:firstAttempt`, 'refused'));
    expect(screen.getByText('13 s gap, shown in 2 s')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(1_999));
    expect(store.getState().cursor).toBe(4);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(store.getState().cursor).toBe(5);
  });

  it('Next skips a prediction while playing, and 2× halves every wait', async () => {
    vi.useFakeTimers();
    const { store, actions } = renderWalkthrough(<Playback />, { cursor: 4, speed: 2 });
    fireEvent.click(screen.getByRole('button', { name: 'Play' }));
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(store.getState().cursor).toBe(4);
    act(() => actions.next());
    // 15 s to 15 s: the 0.8 s a step stays, halved.
    await act(() => vi.advanceTimersByTimeAsync(399));
    expect(store.getState().cursor).toBe(5);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(store.getState().cursor).toBe(6);
  });

  it('takes each speed from its menu as a number', () => {
    const { store } = renderWalkthrough(<Playback />, { cursor: 4 });
    const speed = screen.getByRole('combobox', { name: 'Speed' });
    fireEvent.change(speed, { target: { value: '0.5' } });
    expect(store.getState().speed).toBe(0.5);
    fireEvent.change(speed, { target: { value: '4' } });
    expect(store.getState().speed).toBe(4);
  });

  it('stops at the last step', async () => {
    vi.useFakeTimers();
    const { store } = renderWalkthrough(<Playback />, { cursor: stepCount - 3 });
    fireEvent.click(screen.getByRole('button', { name: 'Play' }));
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

  it('by keyboard: every step in order, even where steps share a time, and keeps those keys to itself', () => {
    document.addEventListener('keydown', outside);
    const { store } = renderWalkthrough(<Playback />);
    const scrubber = screen.getByRole('slider', { name: 'Virtual time' });
    const cursor = () => store.getState().cursor;
    // Steps 1 to 4 all happen at 0 s: → visits each of them, then the first step at 2 s.
    expect(lastIndexAt(0)).toBeGreaterThan(1);
    const visited = [cursor()];
    for (let step = 1; step < stepCount; step++) {
      fireEvent.keyDown(scrubber, { key: step % 2 === 0 ? 'ArrowRight' : 'ArrowUp' });
      visited.push(cursor());
    }
    expect(visited).toEqual(timeline.frames.map((frame) => frame.index));
    fireEvent.keyDown(scrubber, { key: 'ArrowRight' });
    expect(cursor()).toBe(stepCount - 1);
    const back = [cursor()];
    for (let step = 1; step < stepCount; step++) {
      fireEvent.keyDown(scrubber, { key: step % 2 === 0 ? 'ArrowLeft' : 'ArrowDown' });
      back.push(cursor());
    }
    expect(back).toEqual(visited.toReversed());
    fireEvent.keyDown(scrubber, { key: 'ArrowLeft' });
    expect(cursor()).toBe(0);
    // The middle of the run: from the second step at 0 s, one step each way.
    act(() => store.setState({ cursor: 1 }));
    fireEvent.keyDown(scrubber, { key: 'ArrowRight' });
    expect(cursor()).toBe(2);
    fireEvent.keyDown(scrubber, { key: 'ArrowLeft' });
    expect(cursor()).toBe(1);
    fireEvent.keyDown(scrubber, { key: 'End' });
    expect(cursor()).toBe(stepCount - 1);
    fireEvent.keyDown(scrubber, { key: 'Home' });
    expect(cursor()).toBe(0);
    expect(outside).not.toHaveBeenCalled();
    // Other keys, and arrows with a modifier, are not the slider's.
    fireEvent.keyDown(scrubber, { key: 'ArrowRight', altKey: true });
    expect(cursor()).toBe(0);
    expect(outside).toHaveBeenCalledTimes(1);
  });

  it('by Page Up and Page Down: to the furthest step within 10 s, or one step where none is', () => {
    const { store } = renderWalkthrough(<Playback />, { cursor: 0 });
    const scrubber = screen.getByRole('slider', { name: 'Virtual time' });
    const cursor = () => store.getState().cursor;
    const firstIndexAt = (at: number) => timeline.frames.find((frame) => frame.at === at)!.index;
    // Step times: 0, 2, 15, 30, 31, 36 and 42 s. From 0 s, the last step at 2 s.
    fireEvent.keyDown(scrubber, { key: 'PageUp' });
    expect(cursor()).toBe(lastIndexAt(2_000));
    // Nothing in the next 10 s after 2 s: one step on, the first at 15 s.
    fireEvent.keyDown(scrubber, { key: 'PageUp' });
    expect(cursor()).toBe(firstIndexAt(15_000));
    // From 30 s, the last step within 10 s is at 36 s.
    act(() => store.setState({ cursor: firstIndexAt(30_000) }));
    fireEvent.keyDown(scrubber, { key: 'PageUp' });
    expect(cursor()).toBe(lastIndexAt(36_000));
    // At the last step Page Up stays.
    act(() => store.setState({ cursor: stepCount - 1 }));
    fireEvent.keyDown(scrubber, { key: 'PageUp' });
    expect(cursor()).toBe(stepCount - 1);
    // From 42 s back, the first step within 10 s is at 36 s; from there, at 30 s (the earlier of 30 and 31 s).
    fireEvent.keyDown(scrubber, { key: 'PageDown' });
    expect(cursor()).toBe(firstIndexAt(36_000));
    fireEvent.keyDown(scrubber, { key: 'PageDown' });
    expect(cursor()).toBe(firstIndexAt(30_000));
    // Nothing in the 10 s before 15 s: one step back, which may share its time.
    act(() => store.setState({ cursor: lastIndexAt(15_000) }));
    fireEvent.keyDown(scrubber, { key: 'PageDown' });
    expect(cursor()).toBe(lastIndexAt(15_000) - 1);
    act(() => store.setState({ cursor: 0 }));
    fireEvent.keyDown(scrubber, { key: 'PageDown' });
    expect(cursor()).toBe(0);
  });
});
