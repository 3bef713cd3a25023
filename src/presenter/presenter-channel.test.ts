import { afterEach, describe, expect, it, vi } from 'vitest';
import { presenterChannel, presenterChannelAvailable, readPresenterMessage } from './presenter-channel';

describe('readPresenterMessage', () => {
  it('reads a place and a hello', () => {
    expect(readPresenterMessage({ kind: 'place', cursor: 0, fencing: false })).toEqual({
      kind: 'place',
      cursor: 0,
      fencing: false,
    });
    expect(readPresenterMessage({ kind: 'place', cursor: 12, fencing: true, extra: 'dropped' })).toEqual({
      kind: 'place',
      cursor: 12,
      fencing: true,
    });
    expect(readPresenterMessage({ kind: 'hello', cursor: 3 })).toEqual({ kind: 'hello' });
  });

  it.each([
    ['nothing', undefined],
    ['null', null],
    ['a string', 'place'],
    ['a number', 7],
    ['an unknown kind', { kind: 'goodbye' }],
    ['a place without a cursor', { kind: 'place', fencing: true }],
    ['a fractional cursor', { kind: 'place', cursor: 1.5, fencing: true }],
    ['a cursor in a string', { kind: 'place', cursor: '3', fencing: true }],
    ['fencing as a string', { kind: 'place', cursor: 3, fencing: 'true' }],
    ['a place without fencing', { kind: 'place', cursor: 3 }],
  ])('ignores %s', (_, data) => {
    expect(readPresenterMessage(data)).toBeNull();
  });
});

describe('presenterChannel', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('opens the one named channel in a top-level window that has the API', () => {
    expect(presenterChannelAvailable()).toBe(true);
    const channel = presenterChannel();
    expect(channel?.name).toBe('lockstep-presenter');
    channel?.close();
  });

  it('gives none in a browser without BroadcastChannel', () => {
    vi.stubGlobal('BroadcastChannel', undefined);
    expect(presenterChannelAvailable()).toBe(false);
    expect(presenterChannel()).toBeNull();
  });

  it('gives none inside a frame', () => {
    vi.spyOn(window, 'top', 'get').mockReturnValue({} as Window);
    expect(presenterChannelAvailable()).toBe(false);
    expect(presenterChannel()).toBeNull();
    vi.restoreAllMocks();
  });
});
