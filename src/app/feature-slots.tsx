import { lazy, Suspense } from 'react';
import type { LessonWidgets } from '@/lesson/rest-of-lesson';

/*
 * Features never import each other: the page puts one inside another here. Each loads only when its slot is shown.
 */

const RealPostgres = lazy(() =>
  import('@/real-postgres/real-postgres').then((module) => ({ default: module.RealPostgres })),
);
const Quiz = lazy(() => import('@/practice/quiz'));
const Interview = lazy(() => import('@/practice/interview'));
// The lab's engine and every lock service's model: loaded only when a section with a live run is on the page.
const InlineRun = lazy(() => import('@/lab/inline-run'));

/** Under the walkthrough's toolbar: the same steps run on PGlite. */
export const realPostgres = (
  <Suspense fallback={null}>
    <RealPostgres />
  </Suspense>
);

/** The widgets the lesson's sections place with `::name::`, besides its own source cards. */
export const lessonWidgets: LessonWidgets = {
  run: (presetId) => (
    <Suspense key={presetId} fallback={<p className="loading">Loading a live run…</p>}>
      <InlineRun presetId={presetId} />
    </Suspense>
  ),
  quiz: (
    <div id="quiz">
      <Suspense fallback={<p>Loading the quiz…</p>}>
        <Quiz />
      </Suspense>
    </div>
  ),
  interview: (
    <div id="interview">
      <Suspense fallback={<p>Loading the interview questions…</p>}>
        <Interview />
      </Suspense>
    </div>
  ),
};
