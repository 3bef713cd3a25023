import { describe, expect, it } from 'vitest';
import { createStore } from 'zustand/vanilla';
import { clampStep, createStepperActions } from './stepper';

/** A cursor over a five-step timeline, as the presenter or the lab keeps one. */
function fiveSteps(cursor = 0) {
  const store = createStore<{ cursor: number }>()(() => ({ cursor }));
  return { store, actions: createStepperActions(store, () => 5) };
}

describe('clampStep', () => {
  it.each([
    [2, 2],
    [0, 0],
    [4, 4],
    [-3, 0],
    [5, 4],
    [99, 4],
    [2.7, 2],
    [-0.5, 0],
  ])('puts cursor %d on step %d of five', (cursor, step) => {
    expect(clampStep(cursor, 5)).toBe(step);
  });
});

describe('the stepper actions', () => {
  it('goes to a given step, or the nearest one there is', () => {
    const { store, actions } = fiveSteps();
    actions.goToStep(3);
    expect(store.getState().cursor).toBe(3);
    actions.goToStep(12);
    expect(store.getState().cursor).toBe(4);
    actions.goToStep(-1);
    expect(store.getState().cursor).toBe(0);
    actions.goToStep(1.9);
    expect(store.getState().cursor).toBe(1);
  });

  it('goes to the first and to the last step from anywhere', () => {
    const { store, actions } = fiveSteps(2);
    actions.goToLast();
    expect(store.getState().cursor).toBe(4);
    actions.goToFirst();
    expect(store.getState().cursor).toBe(0);
  });

  it('moves one step at a time and stops at either end', () => {
    const { store, actions } = fiveSteps(3);
    actions.next();
    expect(store.getState().cursor).toBe(4);
    actions.next();
    expect(store.getState().cursor).toBe(4);
    actions.back();
    expect(store.getState().cursor).toBe(3);
    actions.goToFirst();
    actions.back();
    expect(store.getState().cursor).toBe(0);
  });

  it('steps from where the learner sees they are, when the stored cursor lies past the end', () => {
    const { store, actions } = fiveSteps(40);
    actions.back();
    expect(store.getState().cursor).toBe(3);
  });

  it('steps from the first step when the stored cursor lies before it', () => {
    const { store, actions } = fiveSteps(-7);
    actions.next();
    expect(store.getState().cursor).toBe(1);
  });
});
