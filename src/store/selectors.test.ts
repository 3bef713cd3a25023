import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SCENARIO_ID,
  findScenario,
  selectCanGoBack,
  selectCanGoNext,
  selectCursor,
  selectFrame,
  selectStepCount,
  selectTimeline,
  timelineFor,
} from './selectors';
import { createWalkthroughStore, type WalkthroughState } from './walkthrough-store';

const stateAt = (cursor: number, fencing = true): WalkthroughState =>
  createWalkthroughStore({ scenarioId: DEFAULT_SCENARIO_ID, cursor, fencing }).getState();

describe('findScenario', () => {
  it('finds a scenario by its id', () => {
    expect(findScenario('stale-certificate').id).toBe('stale-certificate');
  });

  it('falls back to the first scenario for an id that names none', () => {
    expect(findScenario('no-such-scenario').id).toBe('stale-certificate');
  });
});

describe('timelineFor', () => {
  it('runs the scenario with fencing on or off as asked', () => {
    expect(timelineFor(DEFAULT_SCENARIO_ID, true).outcome).toMatchObject({ kind: 'newestKept' });
    expect(timelineFor(DEFAULT_SCENARIO_ID, false).outcome).toMatchObject({ kind: 'staleOverwrote' });
  });

  it('keeps one timeline per scenario and fencing setting', () => {
    expect(timelineFor(DEFAULT_SCENARIO_ID, false)).toBe(timelineFor(DEFAULT_SCENARIO_ID, false));
    expect(timelineFor(DEFAULT_SCENARIO_ID, true)).not.toBe(timelineFor(DEFAULT_SCENARIO_ID, false));
  });

  it('is what the state selects', () => {
    expect(selectTimeline(stateAt(0, false))).toBe(timelineFor(DEFAULT_SCENARIO_ID, false));
    expect(selectStepCount(stateAt(0))).toBe(timelineFor(DEFAULT_SCENARIO_ID, true).frames.length);
  });
});

describe('the cursor the learner sees', () => {
  const last = selectStepCount(stateAt(0)) - 1;

  it('is the stored cursor within the timeline, else the nearest end', () => {
    expect(selectCursor(stateAt(5))).toBe(5);
    expect(selectCursor(stateAt(last + 10))).toBe(last);
    expect(selectCursor(stateAt(-2))).toBe(0);
  });

  it('shows the frame at that cursor', () => {
    const frames = timelineFor(DEFAULT_SCENARIO_ID, true).frames;
    expect(selectFrame(stateAt(5))).toBe(frames[5]);
    expect(selectFrame(stateAt(last + 10))).toBe(frames[last]);
    expect(selectFrame(stateAt(0)).happening.kind).toBe('scenarioStarted');
  });

  it('can go back from any step but the first, and on from any but the last', () => {
    expect(selectCanGoBack(stateAt(1))).toBe(true);
    expect(selectCanGoBack(stateAt(0))).toBe(false);
    expect(selectCanGoNext(stateAt(last - 1))).toBe(true);
    expect(selectCanGoNext(stateAt(last))).toBe(false);
    expect(selectCanGoNext(stateAt(last + 3))).toBe(false);
    expect(selectCanGoBack(stateAt(last + 3))).toBe(true);
  });
});
