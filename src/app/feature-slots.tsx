import { lazy, Suspense } from 'react';
import { DisabledUntilHydrated } from '@/components/disabled-until-hydrated';

// Marked pure so that a build which never shows one drops it, and the code it would load.
const RealPostgres = /* @__PURE__ */ lazy(() =>
  import('@/real-postgres/real-postgres').then((module) => ({ default: module.RealPostgres })),
);
const PackagedNote = /* @__PURE__ */ lazy(() => import('@/real-postgres/packaged-note'));

/*
 * Features never import each other: the page puts one inside another here (and in lesson-with-widgets.tsx).
 * Each loads only when its slot is shown.
 */

/** Where a course package points for real Postgres: the site named to `npm run package -- --site URL`. */
const SITE: string = import.meta.env.VITE_LOCKSTEP_SITE ?? '';

/**
 * Under the walkthrough's toolbar: the same steps run on PGlite. A course package leaves PGlite out (5 MB) and
 * says where it runs; the build drops the branch it does not take.
 */
export const realPostgres =
  import.meta.env.MODE === 'scorm' ? (
    <Suspense fallback={null}>
      <PackagedNote site={SITE} />
    </Suspense>
  ) : (
    // Gated inside its own boundary: the walkthrough's controls can hydrate before this part's code arrives.
    <Suspense fallback={null}>
      <DisabledUntilHydrated>
        <RealPostgres />
      </DisabledUntilHydrated>
    </Suspense>
  );
