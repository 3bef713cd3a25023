import { useEffect } from 'react';
import { selectCursor } from '@/store/selectors';
import { useWalkthroughActions, useWalkthroughBinding } from '@/store/use-walkthrough';
import { isLater, presenterChannel, presenterChannelAvailable, readPresenterMessage } from './presenter-channel';

/**
 * Keeps this window's walkthrough in step with the other presenter window, both ways. Returns whether the
 * windows can talk (the speaker view is offered only then).
 */
export function usePresenterSync({ greet }: { greet: boolean }): boolean {
  const { store } = useWalkthroughBinding();
  const actions = useWalkthroughActions();
  useEffect(() => {
    const channel = presenterChannel();
    if (!channel) return;
    // A window that has just opened to follow defers to any place it is sent; one that presents starts as a first.
    // Its name only breaks ties (crypto.randomUUID is missing on a classroom's plain-http address).
    const own = { moves: greet ? -1 : 0, from: Math.random().toString(36).slice(2) };
    const place = () => {
      const state = store.getState();
      return { kind: 'place', cursor: selectCursor(state), fencing: state.fencing, ...own } as const;
    };
    // Following the other window is not a move of our own, so it is not passed back: an echo of a place the
    // presenter has already stepped past (two quick clicks) would pull both windows back to it.
    let following = false;
    const onMessage = (event: MessageEvent) => {
      const message = readPresenterMessage(event.data);
      if (message?.kind === 'hello') channel.postMessage(place());
      if (message?.kind === 'place' && isLater(message, own)) {
        own.moves = message.moves;
        following = true;
        actions.goToPlace(message);
        following = false;
      }
    };
    channel.addEventListener('message', onMessage);
    const stop = store.subscribe((state, previous) => {
      if (following || (state.cursor === previous.cursor && state.fencing === previous.fencing)) return;
      own.moves = Math.max(own.moves, 0) + 1;
      channel.postMessage(place());
    });
    if (greet) channel.postMessage({ kind: 'hello' });
    return () => {
      stop();
      channel.close();
    };
  }, [store, actions, greet]);
  return presenterChannelAvailable();
}
