import { use, useContext } from 'react';
import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';
import type { ProgressState } from './progress-store';
import { ProgressContext } from './use-progress';

/**
 * Nothing saved: what a part reads where the page keeps no progress (an embed of the lab). Written out, not taken
 * from progress.ts, whose code the page loads only after its first move.
 */
const NO_PROGRESS = createStore<ProgressState>()(() => ({
  quiz: {},
  interview: {},
  predictions: {},
  exercises: {},
  notices: [],
}));

/**
 * Saved progress for a part that also lives where the page keeps none: there it reads as nothing saved. Like
 * useProgress, it waits (inside a Suspense boundary) while the progress code loads.
 */
export function useProgressIfKept<T>(selector: (state: ProgressState) => T): T {
  const binding = useContext(ProgressContext);
  return useStore((binding instanceof Promise ? use(binding) : binding)?.store ?? NO_PROGRESS, selector);
}
