import { afterEach, describe, expect, it, vi } from 'vitest';
import { isLater, presenterChannel, presenterChannelAvailable, readPresenterMessage } from './presenter-channel';

describe('readPresenterMessage', () => {
  it('reads a place and a hello', () => {
    expect(readPresenterMessage({ kind: 'place', cursor: 0, fencing: false, moves: -1, from: 'a' })).toEqual({
      kind: 'place',
      cursor: 0,
      fencing: false,
      moves: -1,
      from: 'a',
    });
    expect(
      readPresenterMessage({ kind: 'place', cursor: 12, fencing: true, moves: 3, from: 'b', extra: 'dropped' }),
    ).toEqual({ kind: 'place', cursor: 12, fencing: true, moves: 3, from: 'b' });
    expect(readPresenterMessage({ kind: 'hello', cursor: 3 })).toEqual({ kind: 'hello' });
  });

  it.each([
    ['nothing', undefined],
    ['null', null],
    ['a string', 'place'],
    ['a number', 7],
    ['an unknown kind', { kind: 'goodbye' }],
    ['a place under another kind', { kind: 'goodbye', cursor: 3, fencing: true, moves: 1, from: 'a' }],
    ['a place without a cursor', { kind: 'place', fencing: true, moves: 1, from: 'a' }],
    ['a fractional cursor', { kind: 'place', cursor: 1.5, fencing: true, moves: 1, from: 'a' }],
    ['a cursor in a string', { kind: 'place', cursor: '3', fencing: true, moves: 1, from: 'a' }],
    ['fencing as a string', { kind: 'place', cursor: 3, fencing: 'true', moves: 1, from: 'a' }],
    ['a place without fencing', { kind: 'place', cursor: 3, moves: 1, from: 'a' }],
    ['a place without its count of moves', { kind: 'place', cursor: 3, fencing: true, from: 'a' }],
    ['a fractional count of moves', { kind: 'place', cursor: 3, fencing: true, moves: 0.5, from: 'a' }],
    ['a place without its sender', { kind: 'place', cursor: 3, fencing: true, moves: 1 }],
    ['a sender that is no name', { kind: 'place', cursor: 3, fencing: true, moves: 1, from: 7 }],
  ])('ignores %s', (_, data) => {
    expect(readPresenterMessage(data)).toBeNull();
  });
});

describe('isLater', () => {
  it('puts more moves later, and of as many, the sender with the greater name', () => {
    expect(isLater({ moves: 2, from: 'a' }, { moves: 1, from: 'z' })).toBe(true);
    expect(isLater({ moves: 1, from: 'z' }, { moves: 2, from: 'a' })).toBe(false);
    expect(isLater({ moves: 2, from: 'b' }, { moves: 2, from: 'a' })).toBe(true);
    expect(isLater({ moves: 2, from: 'a' }, { moves: 2, from: 'b' })).toBe(false);
    expect(isLater({ moves: 2, from: 'a' }, { moves: 2, from: 'a' })).toBe(false);
    expect(isLater({ moves: 0, from: 'a' }, { moves: -1, from: 'z' })).toBe(true);
  });
});

describe('presenterChannel', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

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
  });
});
