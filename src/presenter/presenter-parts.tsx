import presenter from 'virtual:lockstep/presenter';
import { useEffect, useState } from 'react';
import { CodeText } from '@/components/code-text';
import { rightAnswerIds } from '@/progress/score';
import type { QuizQuestion } from '@/content/types';
import { selectCursor, selectTimeline } from '@/store/selectors';
import { useWalkthrough } from '@/store/use-walkthrough';
import { SequenceDiagramView } from '@/story/sequence-diagram-view';
import { TimeStripView } from '@/story/time-strip-view';
import { useMediaQuery } from '@/story/use-media-query';
import styles from './presenter.module.css';

const LABELS = presenter.labels.question;

/** The presenter's parts: its fading bar, its strip and diagram sized for a room, a question, the speaker's window. */

/**
 * Whether the controls are out of the room's sight: they fade once the presenter steps by key or clicker, and come
 * back when the mouse moves or keyboard focus moves onto them.
 */
export function useBarHiddenWhilePresenting(ref: React.RefObject<HTMLElement | null>) {
  const [hidden, setHidden] = useState(false);
  useEffect(() => {
    if (!hidden) return;
    const show = () => setHidden(false);
    const bar = ref.current;
    // Tabbing into the controls brings them back; a key that steps while one has focus hides them again.
    window.addEventListener('mousemove', show);
    bar?.addEventListener('focusin', show);
    return () => {
      window.removeEventListener('mousemove', show);
      bar?.removeEventListener('focusin', show);
    };
  }, [hidden, ref]);
  return [hidden, () => setHidden(true)] as const;
}

/** Matches presenter.module.css's phone layout, where the presentation is a page that scrolls. */
const PHONE = '(max-width: 700px)';

/** Matches presenter.module.css's full-HD projector, where the strip, its row and the panels grow with the caption. */
const FULL_HD = '(min-width: 1800px)';
/** The strip's drawing at full HD: its 15 px labels become 24 px, the caption's scale over the 1280 px screen's. */
const FULL_HD_STRIP_SCALE = 1.6;

/** The run to scale above the diagram, so the room sees the pause outlast the lease. */
export function PresenterTimeStrip() {
  const timeline = useWalkthrough(selectTimeline);
  const cursor = useWalkthrough(selectCursor);
  const fullHd = useMediaQuery(FULL_HD);
  return (
    <TimeStripView
      timeline={timeline}
      cursor={cursor}
      className={styles.timeStrip}
      scale={fullHd ? FULL_HD_STRIP_SCALE : 1}
    />
  );
}

/**
 * The diagram drawn large enough to read from the back of the room, in a box that fills the rest of the screen
 * and keeps the current row in view: a clicker cannot scroll.
 */
export function PresenterDiagram() {
  const timeline = useWalkthrough(selectTimeline);
  const cursor = useWalkthrough(selectCursor);
  // A phone is no projector: drawn larger there, the lifeline names would run into each other.
  const phone = useMediaQuery(PHONE);
  return (
    <SequenceDiagramView
      timeline={timeline}
      cursor={cursor}
      scale={phone ? 1 : 1.4}
      scrollWithin
      stickyHeader
      className={styles.diagram}
    />
  );
}

export function PresenterQuestion({
  question,
  revealed,
  onReveal,
  revealKeys,
}: {
  question: QuizQuestion;
  revealed: boolean;
  onReveal: () => void;
  revealKeys: string | undefined;
}) {
  return (
    <section className={styles.presenterQuestion} aria-label={LABELS.label}>
      <p className={styles.presenterPrompt}>
        <CodeText text={question.prompt} />
      </p>
      {question.kind === 'order' ? (
        <ol className={styles.presenterOptions}>
          {(revealed ? question.items.map((item) => item.id) : question.startOrder).map((id) => {
            const item = question.items.find((candidate) => candidate.id === id);
            return item ? <li key={id}>{item.text}</li> : null;
          })}
        </ol>
      ) : (
        <ChoiceOptions question={question} revealed={revealed} />
      )}
      {revealed ? (
        <p className={styles.revealedNote}>{question.kind === 'order' ? LABELS.orderShown : LABELS.answerShown}</p>
      ) : (
        <button type="button" onClick={onReveal} aria-keyshortcuts={revealKeys}>
          {LABELS.reveal}
        </button>
      )}
    </section>
  );
}

/** A choice question's options by letter, each with its explanation once revealed, the right ones marked. */
function ChoiceOptions({
  question,
  revealed,
}: {
  question: Exclude<QuizQuestion, { kind: 'order' }>;
  revealed: boolean;
}) {
  const rightIds = rightAnswerIds(question);
  return (
    <ol className={styles.presenterOptions} type="A">
      {question.options.map((option) => {
        const right = rightIds.includes(option.id);
        return (
          <li key={option.id} className={revealed && right ? styles.rightAnswer : undefined}>
            <CodeText text={option.text} />
            {revealed && (
              <p className={styles.explanation}>
                {right && <strong>{LABELS.rightAnswer} </strong>}
                <CodeText text={option.explanation} />
              </p>
            )}
          </li>
        );
      })}
    </ol>
  );
}

/** The speaker view in a window of its own, at the presentation's place; it follows and leads from there. */
export function openSpeakerView() {
  const url = new URL(window.location.href);
  url.searchParams.set('speaker', '');
  // URLSearchParams writes a bare flag as `present=`: keep the query as the learner would write it.
  url.search = url.search.replace(/([?&][^=&]+)=(?=&|$)/g, '$1');
  window.open(url.toString(), 'lockstep-speaker', 'popup,width=900,height=700');
}

export async function toggleFullscreen() {
  try {
    if (document.fullscreenElement) await document.exitFullscreen();
    else await document.documentElement.requestFullscreen();
  } catch {
    // Not allowed here (an iframe without allowfullscreen, say): the large layout still works in the window.
  }
}
