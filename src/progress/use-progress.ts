import { createContext, use, useContext } from 'react';
import { useStore } from 'zustand';
import type { ProgressActions, ProgressState, ProgressStore } from './progress-store';

export interface ProgressBinding {
  readonly store: ProgressStore;
  readonly actions: ProgressActions;
}

/**
 * Saved progress, or the promise of it: the page loads the progress code after its first view, and the
 * components that need it (all below the fold, or lazy) wait for it inside a Suspense boundary.
 */
export const ProgressContext = createContext<ProgressBinding | Promise<ProgressBinding> | null>(null);

function useBinding(): ProgressBinding {
  const binding = useContext(ProgressContext);
  if (!binding) throw new Error('useProgress needs a <ProgressContext.Provider>');
  return binding instanceof Promise ? use(binding) : binding;
}

export function useProgress<T>(selector: (state: ProgressState) => T): T {
  return useStore(useBinding().store, selector);
}

export function useProgressActions(): ProgressActions {
  return useBinding().actions;
}
