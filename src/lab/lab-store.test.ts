import { describe, expect, it } from 'vitest';
import { DEFAULT_LAB_CONFIG } from '@/settings/lab-config';
import { createLabActions, createLabStore, selectLabTimeline } from './lab-store';

function labAt(step: number) {
  const store = createLabStore(DEFAULT_LAB_CONFIG);
  const actions = createLabActions(store);
  for (let at = 0; at < step; at += 1) actions.next();
  return { store, actions, count: selectLabTimeline(store.getState()).frames.length };
}

describe("the lab's store", () => {
  it('starts at the first step with no problems unless the link had some', () => {
    expect(createLabStore(DEFAULT_LAB_CONFIG).getState()).toMatchObject({ cursor: 0, problems: [] });
  });

  it('stops at the last step however often Next is pressed, so one Back leaves it', () => {
    const { store, actions, count } = labAt(0);
    for (let press = 0; press < count + 3; press += 1) actions.next();
    expect(store.getState().cursor).toBe(count - 1);
    actions.back();
    expect(store.getState().cursor).toBe(count - 2);
  });

  it('new map axes keep the step and the very same run; another setting runs again from the first step', () => {
    const { store, actions } = labAt(5);
    const before = selectLabTimeline(store.getState());
    actions.change({ ...store.getState().config, mapAcross: 'writeDelayMs' });
    expect(store.getState().cursor).toBe(5);
    expect(selectLabTimeline(store.getState())).toBe(before);
    actions.change({ ...store.getState().config, ttlMs: 20_000 });
    expect(store.getState().cursor).toBe(0);
    expect(selectLabTimeline(store.getState())).not.toBe(before);
  });

  it('a change keeps the problems it is given and drops the old ones', () => {
    const store = createLabStore(DEFAULT_LAB_CONFIG, [{ field: 'service', kind: 'unknownService', value: 'x' }]);
    createLabActions(store).change({ ...DEFAULT_LAB_CONFIG, ttlMs: 20_000 });
    expect(store.getState().problems).toEqual([]);
  });
});
