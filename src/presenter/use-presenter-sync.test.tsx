import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWalkthrough } from '@/testing/render-walkthrough';
import { usePresenterSync } from './use-presenter-sync';

function Sync({ greet, name }: { greet: boolean; name: string }) {
  const connected = usePresenterSync({ greet });
  return <p>{`${name}: ${connected ? 'connected' : 'alone'}`}</p>;
}

/** Two windows of one origin: a projected one and a speaker's, each with stores of its own. */
function twoWindows(
  projected: { cursor: number; fencing: boolean },
  speaker: { cursor: number; fencing: boolean },
  { greet = true } = {},
) {
  const room = renderWalkthrough(<Sync greet={false} name="projected" />, projected);
  const desk = renderWalkthrough(<Sync greet={greet} name="speaker" />, speaker);
  return { room, desk };
}

/** Waits for a message to arrive, as long as a loaded machine may take: a test never depends on its speed. */
const arrives = (check: () => void) => vi.waitFor(check, { timeout: 15_000 });

const placeOf = (store: { getState: () => { cursor: number; fencing: boolean } }) => {
  const { cursor, fencing } = store.getState();
  return { cursor, fencing };
};

describe('usePresenterSync', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('brings a speaker window that has just opened to the presentation’s place', async () => {
    const { room, desk } = twoWindows({ cursor: 7, fencing: false }, { cursor: 0, fencing: true });
    await arrives(() => expect(placeOf(desk.store)).toEqual({ cursor: 7, fencing: false }));
    expect(placeOf(room.store)).toEqual({ cursor: 7, fencing: false });
    expect(screen.getByText('speaker: connected')).toBeInTheDocument();
  });

  it('moves the other window both ways, by step and by fencing', async () => {
    const { room, desk } = twoWindows({ cursor: 3, fencing: true }, { cursor: 3, fencing: true });
    act(() => desk.actions.next());
    await arrives(() => expect(placeOf(room.store)).toEqual({ cursor: 4, fencing: true }));
    act(() => room.actions.back());
    act(() => room.actions.back());
    await arrives(() => expect(placeOf(desk.store)).toEqual({ cursor: 2, fencing: true }));
    act(() => desk.store.setState({ fencing: false }));
    await arrives(() => expect(placeOf(room.store)).toEqual({ cursor: 2, fencing: false }));
  });

  it('does not pass on a place it was sent, so two quick steps never bounce back', async () => {
    // No greeting, so every message counted here is a step's.
    const { room, desk } = twoWindows({ cursor: 5, fencing: true }, { cursor: 5, fencing: true }, { greet: false });
    const sent = vi.spyOn(BroadcastChannel.prototype, 'postMessage');
    act(() => room.actions.next());
    act(() => room.actions.next());
    // An echo would be sent as the speaker's window follows, before its store shows the place.
    await arrives(() => expect(placeOf(desk.store).cursor).toBe(7));
    expect(sent.mock.calls.map(([message]) => message)).toEqual([
      expect.objectContaining({ kind: 'place', cursor: 6, fencing: true, moves: 1 }),
      expect.objectContaining({ kind: 'place', cursor: 7, fencing: true, moves: 2 }),
    ]);
    expect(placeOf(room.store).cursor).toBe(7);
  });

  it('passes on only a change of place: opening the text version or pausing play is this window’s own', () => {
    const { room } = twoWindows({ cursor: 5, fencing: true }, { cursor: 5, fencing: true }, { greet: false });
    const sent = vi.spyOn(BroadcastChannel.prototype, 'postMessage');
    act(() => room.store.setState({ textVersion: true, playing: false, speed: 2 }));
    expect(sent).not.toHaveBeenCalled();
    act(() => room.store.setState({ fencing: false }));
    expect(sent).toHaveBeenCalledTimes(1);
  });

  it('when both presenters move at once, both windows end at the same one of the two places', async () => {
    const { room, desk } = twoWindows({ cursor: 5, fencing: true }, { cursor: 5, fencing: true }, { greet: false });
    // Each moves before the other's message can arrive.
    act(() => {
      room.actions.next();
      desk.actions.back();
    });
    await arrives(() => expect(placeOf(room.store)).toEqual(placeOf(desk.store)));
    expect([4, 6]).toContain(placeOf(room.store).cursor);
    // And the next move, by either, is followed as usual.
    act(() => room.actions.goToPlace({ cursor: 10, fencing: false }));
    await arrives(() => expect(placeOf(desk.store)).toEqual({ cursor: 10, fencing: false }));
  });

  it('ignores a place older than its own', async () => {
    const { room } = twoWindows({ cursor: 4, fencing: true }, { cursor: 4, fencing: true }, { greet: false });
    const seen: number[] = [];
    room.store.subscribe((state) => seen.push(state.cursor));
    act(() => room.actions.next());
    act(() => room.actions.next());
    const stranger = new BroadcastChannel('lockstep-presenter');
    stranger.postMessage({ kind: 'place', cursor: 12, fencing: false, moves: 1, from: 'zzzz' });
    stranger.postMessage({ kind: 'place', cursor: 9, fencing: true, moves: 3, from: '' });
    await arrives(() => expect(placeOf(room.store)).toEqual({ cursor: 9, fencing: true }));
    expect(seen).toEqual([5, 6, 9]);
    stranger.close();
  });

  it('ignores messages that are not ours', async () => {
    const { room } = twoWindows({ cursor: 4, fencing: true }, { cursor: 4, fencing: true }, { greet: false });
    const seen: number[] = [];
    room.store.subscribe((state) => seen.push(state.cursor));
    const stranger = new BroadcastChannel('lockstep-presenter');
    stranger.postMessage({ kind: 'place', cursor: 'ten', fencing: true, moves: 9, from: 'x' });
    stranger.postMessage({ kind: 'place', cursor: 9, fencing: 'no', moves: 9, from: 'x' });
    stranger.postMessage({ kind: 'place', cursor: 10, fencing: true, moves: '9', from: 'x' });
    stranger.postMessage({ kind: 'place', cursor: 11, fencing: true, moves: 9 });
    stranger.postMessage({ kind: 'place', cursor: 8, fencing: false, moves: 9, from: 'x' });
    await arrives(() => expect(placeOf(room.store)).toEqual({ cursor: 8, fencing: false }));
    // Messages from one sender arrive in order: none before the last moved the window.
    expect(seen).toEqual([8]);
    stranger.close();
  });

  it('closes its channel and stops passing on its moves once unmounted', () => {
    const { desk } = twoWindows({ cursor: 2, fencing: true }, { cursor: 2, fencing: true }, { greet: false });
    const closed = vi.spyOn(BroadcastChannel.prototype, 'close');
    const sent = vi.spyOn(BroadcastChannel.prototype, 'postMessage');
    desk.unmount();
    expect(closed).toHaveBeenCalledTimes(1);
    act(() => desk.actions.next());
    expect(sent).not.toHaveBeenCalled();
  });

  it('says the windows cannot talk where the browser has no BroadcastChannel', () => {
    vi.stubGlobal('BroadcastChannel', undefined);
    renderWalkthrough(<Sync greet name="speaker" />);
    expect(screen.getByText('speaker: alone')).toBeInTheDocument();
  });
});
