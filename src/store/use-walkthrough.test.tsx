import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { createWalkthroughActions } from './actions';
import { DEFAULT_SCENARIO_ID, selectCursor } from './selectors';
import { useWalkthrough, useWalkthroughActions, useWalkthroughBinding, WalkthroughContext } from './use-walkthrough';
import { createWalkthroughStore } from './walkthrough-store';

function binding() {
  const store = createWalkthroughStore({ scenarioId: DEFAULT_SCENARIO_ID, cursor: 3 });
  return { store, actions: createWalkthroughActions(store) };
}

describe('the walkthrough hooks', () => {
  it('read the store of the surrounding provider', () => {
    const value = binding();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <WalkthroughContext.Provider value={value}>{children}</WalkthroughContext.Provider>
    );
    const { result } = renderHook(
      () => ({
        cursor: useWalkthrough(selectCursor),
        actions: useWalkthroughActions(),
        bound: useWalkthroughBinding(),
      }),
      { wrapper },
    );
    expect(result.current.cursor).toBe(3);
    expect(result.current.actions).toBe(value.actions);
    expect(result.current.bound).toBe(value);
  });

  it('say what is missing when no provider is there', () => {
    expect(() => renderHook(() => useWalkthroughActions())).toThrow(
      'useWalkthrough needs a <WalkthroughContext.Provider>',
    );
  });
});
