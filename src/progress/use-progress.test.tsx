import { act, renderHook, waitFor } from '@testing-library/react';
import { Suspense, type ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { memoryStorage } from '@/testing/render-walkthrough';
import { createProgressActions, createProgressStore } from './progress-store';
import { ProgressContext, useProgress, useProgressActions, type ProgressBinding } from './use-progress';

function binding(): ProgressBinding {
  const store = createProgressStore(memoryStorage(), null);
  return { store, actions: createProgressActions(store) };
}

const providing =
  (value: ProgressBinding | Promise<ProgressBinding>) =>
  ({ children }: { children: ReactNode }) => (
    <ProgressContext.Provider value={value}>
      <Suspense fallback={null}>{children}</Suspense>
    </ProgressContext.Provider>
  );

const useQuiz = () => ({ quiz: useProgress((state) => state.quiz), actions: useProgressActions() });

describe('the progress hooks', () => {
  it('read and change the progress of the surrounding provider', () => {
    const value = binding();
    const { result } = renderHook(useQuiz, { wrapper: providing(value) });
    expect(result.current.actions).toBe(value.actions);
    act(() => result.current.actions.check('q1', ['a']));
    expect(result.current.quiz).toEqual({ q1: { response: ['a'], checked: true } });
  });

  it('wait for progress that is still loading', async () => {
    const value = binding();
    const loading = Promise.resolve(value);
    const { result } = await act(async () => renderHook(useQuiz, { wrapper: providing(loading) }));
    await waitFor(() => expect(result.current?.actions).toBe(value.actions));
    expect(result.current.quiz).toEqual({});
  });

  it('say what is missing when no provider is there', () => {
    expect(() => renderHook(() => useProgressActions())).toThrow('useProgress needs a <ProgressContext.Provider>');
  });
});
