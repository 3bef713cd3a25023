import { useSyncExternalStore } from 'react';

const never = () => () => undefined;

/**
 * False while the page is prerendered and while it hydrates, true after: for what a prerendered page cannot carry,
 * such as a style measured from the screen (the CSP refuses style attributes in markup, not styles set by script).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
