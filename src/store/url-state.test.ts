import { describe, expect, it } from 'vitest';
import { parseUrlState, serializeUrlState } from './url-state';

const steps = () => 23;

describe('urlState.parseUrlState', () => {
  it('reads a 1-based step and the fencing setting', () => {
    expect(parseUrlState('?step=19&fencing=off', steps)).toEqual({ cursor: 18, fencing: false, notices: [] });
  });

  it.each([
    ['?step=1', 0],
    ['?step=23', 22],
  ])('opens the edge step %s as asked, with no notice', (search, cursor) => {
    expect(parseUrlState(search, steps)).toEqual({ cursor, fencing: true, notices: [] });
  });

  it('defaults to the first step with fencing on', () => {
    expect(parseUrlState('', steps)).toEqual({ cursor: 0, fencing: true, notices: [] });
  });

  it.each([
    ['?step=-3', 0, /steps start at 1/],
    ['?step=0', 0, /steps start at 1/],
    ['?step=999', 22, /has 23 steps/],
    ['?step=24', 22, /asked for step 24, but this walkthrough has 23 steps/],
    ['?step=abc', 0, /not a number/],
    ['?step=2.5', 0, /not a number/],
    ['?step=', 0, /not a number/],
  ])('falls back from %s to a valid step and explains why', (search, cursor, notice) => {
    const state = parseUrlState(search, steps);
    expect(state.cursor).toBe(cursor);
    expect(state.notices).toEqual([expect.stringMatching(notice)]);
  });

  it('turns fencing on for a value that is neither on nor off', () => {
    const state = parseUrlState('?fencing=banana', steps);
    expect(state.fencing).toBe(true);
    expect(state.notices).toEqual([expect.stringMatching(/"banana", which is neither on nor off/)]);
  });

  it('counts the steps of the timeline the link chose', () => {
    const state = parseUrlState('?step=30&fencing=off', (fencing) => (fencing ? 40 : 20));
    expect(state.cursor).toBe(19);
  });
});

describe('urlState.serializeUrlState', () => {
  it('writes step and fencing and keeps unrelated parameters', () => {
    expect(serializeUrlState({ cursor: 4, fencing: false }, '?embed=1&step=2')).toBe('?embed=1&step=5&fencing=off');
  });

  it('round-trips through parseUrlState', () => {
    const search = serializeUrlState({ cursor: 7, fencing: true });
    expect(parseUrlState(search, steps)).toEqual({ cursor: 7, fencing: true, notices: [] });
  });
});
