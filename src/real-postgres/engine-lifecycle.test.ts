import { describe, expect, it } from 'vitest';
import { ENGINE_OFF, nextEngineState, type EngineEvent, type EngineState } from './engine-lifecycle';

const run = (events: readonly EngineEvent[], from: EngineState = ENGINE_OFF) => events.reduce(nextEngineState, from);
const ready: EngineState = { phase: 'ready', version: '17.5' };

describe('the in-page Postgres, state by state', () => {
  it('starts, runs requests in turn, and is ready again once the last has ended', () => {
    expect(run([{ kind: 'start' }])).toEqual({ phase: 'starting' });
    expect(run([{ kind: 'start' }, { kind: 'started', version: '17.5' }])).toEqual(ready);
    const two = run([{ kind: 'runBegan' }, { kind: 'runBegan' }], ready);
    expect(two).toEqual({ phase: 'busy', version: '17.5', running: 2 });
    expect(nextEngineState(two, { kind: 'runEnded' })).toEqual({ phase: 'busy', version: '17.5', running: 1 });
    expect(run([{ kind: 'runEnded' }, { kind: 'runEnded' }], two)).toEqual(ready);
  });

  it('a start that fails is a breakdown, and a restart from there can succeed', () => {
    const failed = run([{ kind: 'start' }, { kind: 'startFailed', message: 'no network' }]);
    expect(failed).toEqual({ phase: 'broken', message: 'no network' });
    const restarting = nextEngineState(failed, { kind: 'restart', why: 'asked' });
    expect(restarting).toEqual({ phase: 'restarting', why: 'asked' });
    expect(nextEngineState(restarting, { kind: 'started', version: '17.5' })).toEqual(ready);
  });

  it('a cancel while restarting restarts again, and a restart that fails is broken, never stuck', () => {
    const cancelled = run([{ kind: 'runBegan' }, { kind: 'restart', why: 'cancelled' }], ready);
    expect(cancelled).toEqual({ phase: 'restarting', why: 'cancelled' });
    const again = nextEngineState(cancelled, { kind: 'restart', why: 'cancelled' });
    expect(again).toEqual({ phase: 'restarting', why: 'cancelled' });
    expect(nextEngineState(again, { kind: 'startFailed', message: 'download failed' })).toEqual({
      phase: 'broken',
      message: 'download failed',
    });
  });

  it('breaks down from any state but off, whatever was running', () => {
    for (const state of [
      { phase: 'starting' },
      ready,
      { phase: 'busy', version: '17.5', running: 3 },
      { phase: 'restarting', why: 'timeLimit' },
    ] as const) {
      expect(nextEngineState(state, { kind: 'brokeDown', message: 'no reply' })).toEqual({
        phase: 'broken',
        message: 'no reply',
      });
    }
    expect(nextEngineState(ENGINE_OFF, { kind: 'brokeDown', message: 'x' })).toBe(ENGINE_OFF);
  });

  it('ignores events that make no sense where it is', () => {
    expect(nextEngineState(ready, { kind: 'start' })).toBe(ready);
    expect(nextEngineState(ready, { kind: 'started', version: '99' })).toBe(ready);
    expect(nextEngineState(ready, { kind: 'runEnded' })).toBe(ready);
    expect(nextEngineState(ENGINE_OFF, { kind: 'runBegan' })).toBe(ENGINE_OFF);
    expect(nextEngineState(ENGINE_OFF, { kind: 'restart', why: 'asked' })).toBe(ENGINE_OFF);
    const broken: EngineState = { phase: 'broken', message: 'x' };
    expect(nextEngineState(broken, { kind: 'runBegan' })).toBe(broken);
    expect(nextEngineState(broken, { kind: 'started', version: '17.5' })).toBe(broken);
  });
});
