import content from 'virtual:lockstep/content';
import { lazy, Suspense } from 'react';

// Marked pure so that a build which never shows one drops it, and the code it would load.
const PackagedExercise = /* @__PURE__ */ lazy(() =>
  import('@/real-postgres/packaged-note').then((module) => ({ default: module.PackagedExercise })),
);
const FenceSlot = /* @__PURE__ */ lazy(() => import('./fence-slot'));

/** Where a course package points for the exercise: the site named to `npm run package -- --site URL`. */
const SITE: string = import.meta.env.VITE_LOCKSTEP_SITE ?? '';

/**
 * The fence exercise, for the presenter's screen (the lesson places its own, loaded when near). A course package
 * leaves Postgres out: there it links to the site, and reports nothing.
 */
export const fenceExercise =
  import.meta.env.MODE === 'scorm' ? (
    <Suspense fallback={null}>
      <PackagedExercise site={SITE} />
    </Suspense>
  ) : (
    <Suspense fallback={<p className="loading">{content.controls.app.loadingExercise}</p>}>
      <FenceSlot />
    </Suspense>
  );
