import { useSyncExternalStore } from 'react';
import { mediaQuery } from '@/components/media-query';

/**
 * Whether a CSS media query matches now; re-renders when that changes. A prerendered page has no screen to ask:
 * it is rendered, and hydrated, as if the query gave `prerendered`, and corrected just after hydration.
 */
export function useMediaQuery(query: string, prerendered = false): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = mediaQuery(query);
      list?.addEventListener('change', onChange);
      return () => list?.removeEventListener('change', onChange);
    },
    () => mediaQuery(query)?.matches ?? false,
    () => prerendered,
  );
}
