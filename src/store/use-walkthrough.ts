import { createContext, useContext } from 'react';
import { useStore } from 'zustand';
import type { WalkthroughActions } from './actions';
import type { WalkthroughState, WalkthroughStore } from './walkthrough-store';

export interface WalkthroughBinding {
  readonly store: WalkthroughStore;
  readonly actions: WalkthroughActions;
}

export const WalkthroughContext = createContext<WalkthroughBinding | null>(null);

export function useWalkthroughBinding(): WalkthroughBinding {
  const binding = useContext(WalkthroughContext);
  if (!binding) throw new Error('useWalkthrough needs a <WalkthroughContext.Provider>');
  return binding;
}

/** The only place React meets the store. Selectors must return stable values (see selectors.ts). */
export function useWalkthrough<T>(selector: (state: WalkthroughState) => T): T {
  return useStore(useWalkthroughBinding().store, selector);
}

export function useWalkthroughActions(): WalkthroughActions {
  return useWalkthroughBinding().actions;
}
