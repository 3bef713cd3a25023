import content from 'virtual:lockstep/content';
import { lazy, Suspense } from 'react';
import { DisabledUntilHydrated } from '@/components/disabled-until-hydrated';
import { HydrateWhenNear } from '@/components/hydrate-when-near';
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
    <HydrateWhenNear key={presetId} fallback={<p className="loading">{content.controls.app.loadingRun}</p>}>
      <DisabledUntilHydrated>
        <InlineRun presetId={presetId} />
      </DisabledUntilHydrated>
    </HydrateWhenNear>
  ),
  map: (
    <HydrateWhenNear fallback={<p className="loading">{content.controls.app.loadingMap}</p>}>
      <DisabledUntilHydrated>
        <InlineMap />
      </DisabledUntilHydrated>
    </HydrateWhenNear>
  ),
  quiz: (
    <div id="quiz">
      <HydrateWhenNear fallback={<p>{content.controls.app.loadingQuiz}</p>}>
        <DisabledUntilHydrated>
          <Quiz />
        </DisabledUntilHydrated>
      </HydrateWhenNear>
    </div>
  ),
  interview: (
    <div id="interview">
      <HydrateWhenNear fallback={<p>{content.controls.app.loadingInterview}</p>}>
        <DisabledUntilHydrated>
          <Interview />
        </DisabledUntilHydrated>
      </HydrateWhenNear>
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
