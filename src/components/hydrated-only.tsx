import type { ReactNode } from 'react';
import { useHydrated } from './use-hydrated';

/**
 * A part that needs JavaScript to be of use (the outcome map, computed in the page): the prerendered page, and its
 * hydration, show `standIn`; the hydrated page shows the part. The page then carries neither the part's markup
 * nor its stylesheet, which arrive with its code. Rendered fresh (no prerendered page), the part shows at once.
 */
export function HydratedOnly({ standIn, children }: { standIn: ReactNode; children: ReactNode }) {
  return useHydrated() ? children : standIn;
}

/**
 * What a part that needs JavaScript says in its place: without JavaScript, `withoutScript`; with it, while the
 * part's code is on its way, `loading` (the page's script marks `<html>` before it is drawn, see route-mark.js).
 */
export function NeedsScript({ withoutScript, loading }: { withoutScript: string; loading: string }) {
  return (
    <p className="needs-script">
      <span className="without-script">{withoutScript}</span>
      <span className="with-script">{loading}</span>
    </p>
  );
}
