import lesson from 'virtual:lockstep/lesson';
import { lazy, Suspense, useEffect } from 'react';
import { handleStepLinks } from './step-links';
import { useNavigation } from '@/store/navigation';
import { useWalkthroughBinding } from '@/store/use-walkthrough';
import { scrollIntoOwnView } from '@/components/scroll-into-own-view';
import { restoreReadingPosition } from './reading-position';
import { SectionView } from './section-view';
import { SourceCards } from './source-cards';
import './lesson.css';

const Quiz = lazy(() => import('@/practice/quiz'));
const Interview = lazy(() => import('@/practice/interview'));
// The lab's engine and every lock service's model: loaded only when a section with a live run is on the page.
const InlineRun = lazy(() => import('@/lab/inline-run'));

/** Every `::run-<preset>::` slot in the lesson, each a live run of that lab preset. */
const RUNS = Object.fromEntries(
  lesson.sections.flatMap((section) =>
    section.segments.flatMap((segment) =>
      segment.kind === 'widget' && segment.widget.startsWith('run-')
        ? [
            [
              segment.widget,
              <Suspense key={segment.widget} fallback={<p className="loading">Loading a live run…</p>}>
                <InlineRun presetId={segment.widget.slice('run-'.length)} />
              </Suspense>,
            ],
          ]
        : [],
    ),
  ),
);

/** Sections 2 onwards: loaded after the first view, so the walkthrough appears without waiting for them. */
export default function RestOfLesson() {
  const { store, actions } = useWalkthroughBinding();
  const navigation = useNavigation();
  // Step links live in these sections and the practice below them; the first view has none.
  useEffect(
    () => handleStepLinks(store, document.body, navigation?.visitStep ?? actions.goToPlace),
    [store, actions, navigation],
  );
  useEffect(() => {
    if (restoreReadingPosition()) return;
    // A link to a later section arrives before its heading exists; jump there once it does.
    const target = window.location.hash.slice(1);
    let id = target;
    try {
      id = decodeURIComponent(target);
    } catch {
      // A malformed escape (#%E0%A4%A) names no heading; look the text up as it is.
    }
    if (id) scrollIntoOwnView(document.getElementById(id));
  }, []);

  const widgets = {
    ...RUNS,
    sources: <SourceCards sources={lesson.sources} />,
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
  return (
    <>
      {lesson.sections.map((section) => (
        <SectionView key={section.id} section={section} widgets={widgets} />
      ))}
    </>
  );
}
