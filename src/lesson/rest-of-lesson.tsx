import lesson from 'virtual:lockstep/lesson';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { handleStepLinks } from './step-links';
import { useNavigation } from '@/store/navigation';
import { useWalkthroughBinding } from '@/store/use-walkthrough';
import { scrollIntoOwnView } from '@/components/scroll-into-own-view';
import { useHydrated } from '@/components/use-hydrated';
import { restoreReadingPosition } from './reading-position';
import { SectionView } from './section-view';
import { SourceCards } from './source-cards';

/** What the page places in the lesson: a live run for each `::run-<preset>::`, the quiz and the interview. */
export interface LessonWidgets {
  readonly run: (presetId: string) => ReactNode;
  /** The outcome map over the lesson's own evening (`::map::`). */
  readonly map: ReactNode;
  /** The fence exercise, where the learner writes the statement a renewer runs (`::fence::`). */
  readonly fence: ReactNode;
  readonly quiz: ReactNode;
  readonly interview: ReactNode;
}

/** Every `::run-<preset>::` slot in the lesson's sections. */
function runSlots(): string[] {
  return lesson.sections.flatMap((section) =>
    section.segments.flatMap((segment) =>
      segment.kind === 'widget' && segment.widget.startsWith('run-') ? [segment.widget] : [],
    ),
  );
}

/** Sections 2 onwards: loaded after the first view, so the walkthrough appears without waiting for them. */
export default function RestOfLesson({ widgets: given }: { widgets: LessonWidgets }) {
  const { store, actions } = useWalkthroughBinding();
  const navigation = useNavigation();
  // Step links live in these sections and the practice below them; the first view has none.
  useEffect(
    () => handleStepLinks(store, document.body, navigation?.visitStep ?? actions.goToPlace),
    [store, actions, navigation],
  );
  // Hydrated from the build's markup, the page was whole when the browser restored its scroll and followed its
  // hash, and the reader may have scrolled on since: only a fresh render has to put them back.
  const hydrated = useHydrated();
  const [renderedFresh] = useState(hydrated);
  useEffect(() => {
    if (!renderedFresh || restoreReadingPosition()) return;
    // A link to a later section arrives before its heading exists; jump there once it does.
    const target = window.location.hash.slice(1);
    let id = target;
    try {
      id = decodeURIComponent(target);
    } catch {
      // A malformed escape (#%E0%A4%A) names no heading; look the text up as it is.
    }
    if (id) scrollIntoOwnView(document.getElementById(id));
  }, [renderedFresh]);

  // Made once: a widget still waiting to hydrate would lose its prerendered markup to new props.
  const widgets = useMemo(
    () => ({
      ...Object.fromEntries(runSlots().map((slot) => [slot, given.run(slot.slice('run-'.length))])),
      sources: <SourceCards sources={lesson.sources} />,
      map: given.map,
      fence: given.fence,
      quiz: given.quiz,
      interview: given.interview,
    }),
    [given],
  );
  return (
    <>
      {lesson.sections.map((section) => (
        <SectionView key={section.id} section={section} widgets={widgets} />
      ))}
    </>
  );
}
