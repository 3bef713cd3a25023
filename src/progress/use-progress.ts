import { createContext, useContext } from 'react';
import { useStore } from 'zustand';
import type { ProgressActions, ProgressState, ProgressStore } from './progress-store';

export interface ProgressBinding {
  readonly store: ProgressStore;
  readonly actions: ProgressActions;
}

export const ProgressContext = createContext<ProgressBinding | null>(null);

function useBinding(): ProgressBinding {
  const binding = useContext(ProgressContext);
  if (!binding) throw new Error('useProgress needs a <ProgressContext.Provider>');
  return binding;
}

export function useProgress<T>(selector: (state: ProgressState) => T): T {
  return useStore(useBinding().store, selector);
}

export function useProgressActions(): ProgressActions {
  return useBinding().actions;
}
