import { lazy, Suspense } from 'react';

/*
 * Features never import each other: the page puts one inside another here (and in lesson-with-widgets.tsx).
 * Each loads only when its slot is shown.
 */

const RealPostgres = lazy(() =>
  import('@/real-postgres/real-postgres').then((module) => ({ default: module.RealPostgres })),
);

/** Under the walkthrough's toolbar: the same steps run on PGlite. */
export const realPostgres = (
  <Suspense fallback={null}>
    <RealPostgres />
  </Suspense>
);
