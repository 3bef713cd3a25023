import content from 'virtual:lockstep/content';
import { lazy, Suspense } from 'react';
import { DisabledUntilHydrated } from '@/components/disabled-until-hydrated';
import RestOfLesson, { type LessonWidgets } from '@/lesson/rest-of-lesson';

const Quiz = lazy(() => import('@/practice/quiz'));
const Interview = lazy(() => import('@/practice/interview'));
const AnswerKey = lazy(() => import('@/practice/answer-key'));
// The lab's engine and every lock service's model: loaded only when a section with a live run is on the page.
const InlineRun = lazy(() => import('@/lab/inline-run'));
const InlineMap = lazy(() => import('@/lab/inline-map'));

/** The widgets the lesson's sections place with `::name::`, besides its own source cards. */
const lessonWidgets: LessonWidgets = {
  run: (presetId) => (
    <Suspense key={presetId} fallback={<p className="loading">{content.controls.app.loadingRun}</p>}>
      <DisabledUntilHydrated>
        <InlineRun presetId={presetId} />
      </DisabledUntilHydrated>
    </Suspense>
  ),
  map: (
    <Suspense fallback={<p className="loading">{content.controls.app.loadingMap}</p>}>
      <DisabledUntilHydrated>
        <InlineMap />
      </DisabledUntilHydrated>
    </Suspense>
  ),
  quiz: (
    <div id="quiz">
      <Suspense fallback={<p>{content.controls.app.loadingQuiz}</p>}>
        <DisabledUntilHydrated>
          <Quiz />
        </DisabledUntilHydrated>
      </Suspense>
    </div>
  ),
  interview: (
    <div id="interview">
      <Suspense fallback={<p>{content.controls.app.loadingInterview}</p>}>
        <DisabledUntilHydrated>
          <Interview />
        </DisabledUntilHydrated>
      </Suspense>
    </div>
  ),
};

/** Sections 2 onwards with the other features' widgets in their slots; loaded after the first view. */
export default function LessonWithWidgets() {
  return (
    <>
      <RestOfLesson widgets={lessonWidgets} />
      {/* Printed last, after the quiz it answers. */}
      <Suspense fallback={null}>
        <AnswerKey />
      </Suspense>
    </>
  );
}
