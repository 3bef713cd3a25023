import { describe, expect, it } from 'vitest';
import { createWalkthroughActions } from './actions';
import { DEFAULT_SCENARIO_ID, selectCanGoBack, selectCanGoNext, selectFrame, selectStepCount } from './selectors';
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
      'scenarioId',
      'textVersion',
    ]);
    expect(selectFrame(store.getState()).happening.kind).toBe('scenarioEnded');
  });

  it('derives the same timeline object on every call, so React sees stable values', () => {
    const { store } = setup();
    expect(selectFrame(store.getState())).toBe(selectFrame(store.getState()));
  });
});
