import content from 'virtual:lockstep/content';
import type { ReactNode } from 'react';
import styles from './disabled-until-hydrated.module.css';
import { GATE } from './held-presses';
import { useHydrated } from './use-hydrated';

/**
 * The controls inside say they are loading while the page is prerendered markup (without JavaScript, or before its
 * part has hydrated): `aria-disabled`, not `disabled`, so a Tab still reaches them and a press is not lost. The
 * page's entry holds such a press and replays it once the part is live (held-presses.ts). Placed inside the Suspense
 * boundary of a lazy part, so it stays loading until that part itself has hydrated. Adds no box, and once live no
 * role.
 */
export function DisabledUntilHydrated({ children }: { children: ReactNode }) {
  const hydrated = useHydrated();
  // Loading, a group named "Loading…": a screen reader says so on entering it, and each control inside as
  // unavailable. The legend's slot stays (null once live), so the children keep their place and are not remounted.
  const state = hydrated ? { role: 'none', [GATE]: 'live' } : { 'aria-disabled': true, [GATE]: 'loading' };
  return (
    <fieldset className={styles.gate} {...state}>
      {hydrated ? null : <legend className="visually-hidden">{content.controls.app.controlsLoading}</legend>}
      {children}
    </fieldset>
  );
}
