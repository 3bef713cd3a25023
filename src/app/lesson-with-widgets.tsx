import content from 'virtual:lockstep/content';
import { lazy, Suspense } from 'react';
import { DisabledUntilHydrated } from '@/components/disabled-until-hydrated';
import { HydrateWhenNear } from '@/components/hydrate-when-near';
import { HydratedOnly, NeedsScript } from '@/components/hydrated-only';
import RestOfLesson, { type LessonWidgets } from '@/lesson/rest-of-lesson';
import { fenceExercise } from './fence-exercise-slot';

const AnswerKey = lazy(() => import('@/practice/answer-key'));

/** The widgets the lesson's sections place with `::name::`, besides its own source cards. */
const lessonWidgets: LessonWidgets = {
  run: (presetId) => (
    // The lab's engine and every lock service's model: loaded only when a section with a live run is near.
    <HydrateWhenNear
      key={presetId}
      load={() => import('@/lab/inline-run')}
      fallback={<p className="loading">{content.controls.app.loadingRun}</p>}
    >
      {(InlineRun) => (
        <DisabledUntilHydrated>
          <InlineRun presetId={presetId} />
        </DisabledUntilHydrated>
      )}
    </HydrateWhenNear>
  ),
  map: (
    <HydrateWhenNear
      load={() => import('@/outcome-map/inline-map')}
      fallback={<p className="loading">{content.controls.app.loadingMap}</p>}
    >
      {(InlineMap) => (
        <DisabledUntilHydrated>
          <HydratedOnly
            standIn={
              <NeedsScript
                withoutScript={content.controls.app.mapNeedsScript}
                loading={content.controls.app.loadingMap}
              />
            }
          >
            <InlineMap />
          </HydratedOnly>
        </DisabledUntilHydrated>
      )}
    </HydrateWhenNear>
  ),
  fence:
    import.meta.env.MODE === 'scorm' ? (
      fenceExercise
    ) : (
      <HydrateWhenNear
        load={() => import('./fence-slot')}
        fallback={<p className="loading">{content.controls.app.loadingExercise}</p>}
      >
        {(FenceSlot) => (
          <DisabledUntilHydrated>
            <HydratedOnly
              standIn={
                <NeedsScript
                  withoutScript={content.controls.app.exerciseNeedsScript}
                  loading={content.controls.app.loadingExercise}
                />
              }
            >
              <FenceSlot />
            </HydratedOnly>
          </DisabledUntilHydrated>
        )}
      </HydrateWhenNear>
    ),
  quiz: (
    <div id="quiz">
      <HydrateWhenNear load={() => import('@/practice/quiz')} fallback={<p>{content.controls.app.loadingQuiz}</p>}>
        {(Quiz) => (
          <DisabledUntilHydrated>
            <Quiz />
          </DisabledUntilHydrated>
        )}
      </HydrateWhenNear>
    </div>
  ),
  interview: (
    <div id="interview">
      <HydrateWhenNear
        load={() => import('@/practice/interview')}
        fallback={<p>{content.controls.app.loadingInterview}</p>}
      >
        {(Interview) => (
          <DisabledUntilHydrated>
            <Interview />
          </DisabledUntilHydrated>
        )}
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
