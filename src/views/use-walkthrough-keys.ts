import type { RefObject } from 'react';
import { useShortcuts } from '@/shortcuts/use-shortcuts';
import { useWalkthroughActions, useWalkthroughBinding } from '@/store/use-walkthrough';

/** The reading keys (←, →, Home, End, K) for the walkthrough, acting while focus is inside `scope`. */
export function useWalkthroughKeys(scope: RefObject<HTMLElement | null>) {
  const actions = useWalkthroughActions();
  const { store } = useWalkthroughBinding();
  useShortcuts(
    'reading',
    {
      back: actions.back,
      next: actions.next,
      first: actions.goToFirst,
      last: actions.goToLast,
      playPause: () => (store.getState().playing ? actions.pause() : actions.play()),
    },
    { scope },
  );
}
