import type { ReactNode } from 'react';
import styles from './disabled-until-hydrated.module.css';
import { useHydrated } from './use-hydrated';

/**
 * The controls inside are disabled while the page is prerendered markup (without JavaScript, or before its part has
 * hydrated): a choice made then would be lost, or undone by hydration. Placed inside the Suspense boundary of a
 * lazy part, so it stays disabled until that part itself has hydrated. Adds no box and no role.
 */
export function DisabledUntilHydrated({ children }: { children: ReactNode }) {
  const hydrated = useHydrated();
  return (
    <fieldset className={styles.gate} disabled={!hydrated} role="none">
      {children}
    </fieldset>
  );
}
