import { describe, expect, it } from 'vitest';
import { createWalkthroughActions } from './actions';
import {
  DEFAULT_SCENARIO_ID,
  selectCanGoBack,
  selectCanGoNext,
  selectFrame,
  selectStepCount,
  selectTimeline,
  stepAtTime,
} from './selectors';
import { createWalkthroughStore } from './walkthrough-store';

function setup(cursor = 0) {
  const store = createWalkthroughStore({ scenarioId: DEFAULT_SCENARIO_ID, cursor });
  return { store, actions: createWalkthroughActions(store) };
}

describe('walkthrough actions', () => {
  it('steps forward and back within the timeline', () => {
    const { store, actions } = setup();
    actions.next();
    actions.next();
    expect(store.getState().cursor).toBe(2);
    actions.back();
    expect(store.getState().cursor).toBe(1);
  });

  it('stops at both ends and reports it through the selectors', () => {
    const { store, actions } = setup();
    actions.back();
    expect(store.getState().cursor).toBe(0);
    expect(selectCanGoBack(store.getState())).toBe(false);
    actions.goToLast();
    const last = selectStepCount(store.getState()) - 1;
    expect(store.getState().cursor).toBe(last);
    actions.next();
    expect(store.getState().cursor).toBe(last);
    expect(selectCanGoNext(store.getState())).toBe(false);
  });

  it('keeps the step when fencing is toggled', () => {
    const { store, actions } = setup(9);
    actions.setFencing(false);
    expect(store.getState()).toMatchObject({ fencing: false, cursor: 9 });
  });

  it('keeps only choices in the store; the frame is derived', () => {
    const { store, actions } = setup();
    actions.goToLast();
    expect(Object.keys(store.getState()).sort()).toEqual([
      'compare',
      'cursor',
      'fencing',
      'notices',
      'playing',
      'scenarioId',
      'speed',
      'textVersion',
    ]);
    expect(selectFrame(store.getState()).happening.kind).toBe('scenarioEnded');
  });

  it('derives the same timeline object on every call, so React sees stable values', () => {
    const { store } = setup();
    expect(selectFrame(store.getState())).toBe(selectFrame(store.getState()));
  });

  it('brings a cursor that lies past the end back to the last step when fencing is toggled', () => {
    const { store, actions } = setup(500);
    actions.setFencing(false);
    expect(store.getState()).toMatchObject({ fencing: false, cursor: selectStepCount(store.getState()) - 1 });
  });

  it('switches the text version and the side-by-side view on and off', () => {
    const { store, actions } = setup();
    expect(store.getState()).toMatchObject({ textVersion: false, compare: false, notices: [] });
    actions.toggleTextVersion();
    expect(store.getState()).toMatchObject({ textVersion: true, compare: false });
    actions.toggleCompare();
    expect(store.getState()).toMatchObject({ textVersion: true, compare: true });
    actions.toggleTextVersion();
    actions.toggleCompare();
    expect(store.getState()).toMatchObject({ textVersion: false, compare: false });
  });

  it('dismisses the notices about a link, and starts with fencing on at the first step', () => {
    const store = createWalkthroughStore({ scenarioId: DEFAULT_SCENARIO_ID, notices: ['The link asked for step 0.'] });
    expect(store.getState()).toMatchObject({ fencing: true, cursor: 0, notices: ['The link asked for step 0.'] });
    createWalkthroughActions(store).dismissNotices();
    expect(store.getState().notices).toEqual([]);
  });

  it('goes to a place, fencing and step at once, and to the nearest step there is', () => {
    const { store, actions } = setup(3);
    actions.goToPlace({ cursor: 7, fencing: false });
    expect(store.getState()).toMatchObject({ cursor: 7, fencing: false });
    actions.goToPlace({ cursor: 999, fencing: true });
    expect(store.getState()).toMatchObject({ cursor: selectStepCount(store.getState()) - 1, fencing: true });
  });

  it('plays from where the learner is, from the start when at the end, and pauses', () => {
    const { store, actions } = setup(5);
    actions.play();
    expect(store.getState()).toMatchObject({ playing: true, cursor: 5 });
    actions.pause();
    expect(store.getState().playing).toBe(false);
    actions.goToLast();
    actions.play();
    expect(store.getState()).toMatchObject({ playing: true, cursor: 0 });
    const { store: before, actions: fromSecondLast } = setup(selectStepCount(store.getState()) - 2);
    fromSecondLast.play();
    expect(before.getState().cursor).toBe(selectStepCount(before.getState()) - 2);
  });

  it('plays at the speed the learner picks, once a second by default', () => {
    const { store, actions } = setup();
    expect(store.getState()).toMatchObject({ playing: false, speed: 1 });
    actions.setSpeed(4);
    expect(store.getState().speed).toBe(4);
  });

  it('lands a dragged scrubber on the last step at or before that time', () => {
    const { store, actions } = setup();
    const frames = selectTimeline(store.getState()).frames;
    const later = frames.find((frame) => frame.at > frames[0]!.at)!;
    actions.goToTime(later.at);
    expect(store.getState().cursor).toBe(frames.filter((frame) => frame.at <= later.at).at(-1)!.index);
    actions.goToTime(later.at - 1);
    expect(store.getState().cursor).toBe(later.index - 1);
    actions.goToTime(-1);
    expect(store.getState().cursor).toBe(0);
    expect(stepAtTime(selectTimeline(store.getState()), Number.MAX_SAFE_INTEGER)).toBe(frames.length - 1);
  });
});
