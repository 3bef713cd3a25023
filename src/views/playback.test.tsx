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

  it('by keyboard: Down goes back a step time, Page Down to the earliest within 10 s, and the ends hold', () => {
    document.addEventListener('keydown', outside);
    const { store } = renderWalkthrough(<Playback />, { cursor: lastIndexAt(15_000) });
    const scrubber = screen.getByRole('slider', { name: 'Virtual time' });
    const at = () => timeline.frames[store.getState().cursor]!.at;
    fireEvent.keyDown(scrubber, { key: 'ArrowDown' });
    expect(at()).toBe(2_000);
    fireEvent.keyDown(scrubber, { key: 'ArrowDown' });
    fireEvent.keyDown(scrubber, { key: 'ArrowDown' });
    expect(at()).toBe(0);
    fireEvent.keyDown(scrubber, { key: 'PageDown' });
    expect(at()).toBe(0);
    // Step times: 0, 2, 15, 30, 31, 36 and 42 s.
    fireEvent.keyDown(scrubber, { key: 'End' });
    fireEvent.keyDown(scrubber, { key: 'ArrowUp' });
    fireEvent.keyDown(scrubber, { key: 'PageUp' });
    expect(at()).toBe(42_000);
    fireEvent.keyDown(scrubber, { key: 'PageDown' });
    expect(at()).toBe(36_000);
    // 30 and 31 s are both within 10 s: the earlier.
    fireEvent.keyDown(scrubber, { key: 'PageDown' });
    expect(at()).toBe(30_000);
    fireEvent.keyDown(scrubber, { key: 'ArrowRight' });
    expect(at()).toBe(31_000);
    // Nothing within 10 s before 15 s: the step time before it.
    act(() => store.setState({ cursor: lastIndexAt(15_000) }));
    fireEvent.keyDown(scrubber, { key: 'PageDown' });
    expect(at()).toBe(2_000);
    expect(outside).not.toHaveBeenCalled();
  });

  it('moves between the times steps happen at by keyboard, and keeps those keys to itself', () => {
    document.addEventListener('keydown', outside);
    const { store } = renderWalkthrough(<Playback />);
    const scrubber = screen.getByRole('slider', { name: 'Virtual time' });
    fireEvent.keyDown(scrubber, { key: 'ArrowRight' });
    expect(store.getState().cursor).toBe(lastIndexAt(2_000));
    fireEvent.keyDown(scrubber, { key: 'ArrowUp' });
    expect(store.getState().cursor).toBe(lastIndexAt(15_000));
    fireEvent.keyDown(scrubber, { key: 'ArrowLeft' });
    expect(store.getState().cursor).toBe(lastIndexAt(2_000));
    // Page Up goes up to 10 s on; with no step in the next 10 s, to the next step time (15 s).
    fireEvent.keyDown(scrubber, { key: 'PageUp' });
    expect(store.getState().cursor).toBe(lastIndexAt(15_000));
    fireEvent.keyDown(scrubber, { key: 'PageUp' });
    expect(store.getState().cursor).toBe(lastIndexAt(30_000));
    // From 30 s, the last step time within 10 s is 36 s.
    fireEvent.keyDown(scrubber, { key: 'PageUp' });
    expect(store.getState().cursor).toBe(lastIndexAt(36_000));
    fireEvent.keyDown(scrubber, { key: 'End' });
    expect(store.getState().cursor).toBe(stepCount - 1);
    fireEvent.keyDown(scrubber, { key: 'PageDown' });
    expect(store.getState().cursor).toBe(lastIndexAt(36_000));
    fireEvent.keyDown(scrubber, { key: 'PageDown' });
    expect(store.getState().cursor).toBe(lastIndexAt(30_000));
    fireEvent.keyDown(scrubber, { key: 'Home' });
    expect(store.getState().cursor).toBe(lastIndexAt(0));
    expect(outside).not.toHaveBeenCalled();
    // Other keys, and arrows with a modifier, are not the slider's.
    fireEvent.keyDown(scrubber, { key: 'ArrowRight', altKey: true });
    expect(store.getState().cursor).toBe(lastIndexAt(0));
    expect(outside).toHaveBeenCalledTimes(1);
  });
});
