import practice from 'virtual:lockstep/practice';
import presenter from 'virtual:lockstep/presenter';
import { lazy, Suspense, useEffect, useEffectEvent, useRef, useState } from 'react';
import { CodeText } from '@/components/code-text';
import type { QuizQuestion } from '@/content/schema';
import { selectCanGoBack, selectCanGoNext, selectCursor, selectFrame, selectStepCount } from '@/store/selectors';
import { useWalkthrough, useWalkthroughActions } from '@/store/use-walkthrough';
import type { CaptionKey } from '@/content/caption-keys';
import { captionKeyOf } from '@/content/caption-key-of';
import { CertificatesPanel } from '@/walkthrough/certificates-panel';
import { LockServicePanel } from '@/walkthrough/lock-service-panel';
import { selectTimeline } from '@/store/selectors';
import { SequenceDiagramView } from '@/story/sequence-diagram-view';
import { StepCaption } from '@/walkthrough/step-caption';
import { ViewToggles } from '@/walkthrough/timeline-controls';
import './presenter.css';

const PredictLateWrite = lazy(() => import('@/walkthrough/predict-late-write'));

/** Keys a presentation clicker or a keyboard sends to move on, or back. */
const FORWARD = new Set(['PageDown', 'ArrowRight', 'ArrowDown', ' ']);
const BACKWARD = new Set(['PageUp', 'ArrowLeft', 'ArrowUp']);

/**
 * Presenter mode: the walkthrough's steps, then the quiz questions one at a time, in large type with the
 * page's chrome hidden. Quiz answers stay hidden until the presenter reveals them.
 */
export default function Presenter({ onExit }: { onExit: () => void }) {
  const cursor = useWalkthrough(selectCursor);
  const stepCount = useWalkthrough(selectStepCount);
  const canGoBack = useWalkthrough(selectCanGoBack);
  const canGoNext = useWalkthrough(selectCanGoNext);
  const frame = useWalkthrough(selectFrame);
  const actions = useWalkthroughActions();
  const [question, setQuestion] = useState<number | null>(null);
  const [revealed, setRevealed] = useState(false);
  const [blank, setBlank] = useState(false);
  const [notes, setNotes] = useState(false);

  const showQuestion = (index: number | null) => {
    setQuestion(index);
    setRevealed(false);
  };
  const forward = () => {
    if (question === null) return canGoNext ? actions.next() : showQuestion(0);
    if (question < practice.quiz.length - 1) showQuestion(question + 1);
  };
  const backward = () => {
    if (question === null) return actions.back();
    showQuestion(question === 0 ? null : question - 1);
  };
  const atEnd = question === practice.quiz.length - 1;
  const atStart = question === null && !canGoBack;

  const onKeyDown = useEffectEvent((event: KeyboardEvent) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const target = event.target instanceof HTMLElement ? event.target : null;
    // Space and Enter on a focused button press that button; everything else is ours.
    if (event.key === ' ' && target?.closest('button, input, a')) return;
    if (FORWARD.has(event.key) && !event.shiftKey) forward();
    else if (BACKWARD.has(event.key) || (event.key === ' ' && event.shiftKey)) backward();
    else if (event.key === 'Home') actions.goToFirst();
    else if (event.key === 'End') actions.goToLast();
    else if (event.key === 'b' || event.key === 'B' || event.key === '.') setBlank((shown) => !shown);
    else if (event.key === 'n' || event.key === 'N') setNotes((shown) => !shown);
    else if (event.key === 'r' || event.key === 'R') setRevealed(true);
    else if (event.key === 'Escape' && !document.fullscreenElement) onExit();
    else return;
    event.preventDefault();
  });
  useEffect(() => {
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);
  const returnButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    // Keep keyboard focus inside the blank screen, so the presenter can return with Enter or B.
    if (blank) returnButton.current?.focus();
  }, [blank]);

  const quizQuestion = question === null ? null : practice.quiz[question];
  const notesByStep: Partial<Record<CaptionKey, string>> = presenter.notes;
  const note = quizQuestion ? null : (notesByStep[captionKeyOf(frame.happening)] ?? null);

  return (
    <div className="presenter">
      <h1 className="visually-hidden">Lockstep presentation</h1>
      <div className="presenter-bar" role="group" aria-label="Presentation controls">
        <button type="button" onClick={backward} disabled={atStart}>
          <span aria-hidden="true">← </span>Back
        </button>
        <span className="step-indicator">
          {quizQuestion ? `Question ${question! + 1} of ${practice.quiz.length}` : `Step ${cursor + 1} of ${stepCount}`}
        </span>
        <button type="button" className="primary" onClick={forward} disabled={atEnd}>
          Next<span aria-hidden="true"> →</span>
        </button>
        {!quizQuestion && <ViewToggles textToggle={false} />}
        <button type="button" aria-pressed={notes} onClick={() => setNotes((shown) => !shown)} aria-keyshortcuts="N">
          Speaker notes
        </button>
        <button type="button" onClick={() => setBlank(true)} aria-keyshortcuts="B">
          Blank screen
        </button>
        <button type="button" onClick={() => void toggleFullscreen()}>
          Full screen
        </button>
        <button type="button" onClick={onExit} aria-keyshortcuts="Escape">
          Exit presentation
        </button>
      </div>
      {notes && (
        <aside className="speaker-notes" aria-label="Speaker notes">
          {quizQuestion ? 'Let the room answer first, then press R or Reveal answer.' : note}
        </aside>
      )}
      {quizQuestion ? (
        <PresenterQuestion question={quizQuestion} revealed={revealed} onReveal={() => setRevealed(true)} />
      ) : (
        <>
          <div className="presenter-caption">
            <h2 className="visually-hidden">The current step</h2>
            <StepCaption />
            <Suspense fallback={null}>
              <PredictLateWrite />
            </Suspense>
          </div>
          <div className="presenter-stage">
            <PresenterDiagram />
            <div className="panels">
              <LockServicePanel />
              <CertificatesPanel />
            </div>
          </div>
        </>
      )}
      {blank && (
        <div className="blank-screen" role="dialog" aria-modal="true" aria-label="Screen blanked">
          <button type="button" className="blank-return" onClick={() => setBlank(false)} ref={returnButton}>
            Return to the presentation
          </button>
        </div>
      )}
    </div>
  );
}

/** The last dozen steps, drawn large enough to read from the back of the room. */
function PresenterDiagram() {
  const timeline = useWalkthrough(selectTimeline);
  const cursor = useWalkthrough(selectCursor);
  return <SequenceDiagramView timeline={timeline} cursor={cursor} scale={1.6} windowRows={12} />;
}

function PresenterQuestion({
  question,
  revealed,
  onReveal,
}: {
  question: QuizQuestion;
  revealed: boolean;
  onReveal: () => void;
}) {
  const rightIds =
    question.kind === 'single' ? [question.answer] : question.kind === 'multiple' ? question.answers : [];
  const entries = question.kind === 'order' ? question.items : question.options;
  return (
    <section className="presenter-question" aria-label="Quiz question">
      <p className="presenter-prompt">
        <CodeText text={question.prompt} />
      </p>
      {question.kind === 'order' ? (
        <ol className="presenter-options">
          {(revealed ? question.items.map((item) => item.id) : question.startOrder).map((id) => {
            const item = question.items.find((candidate) => candidate.id === id);
            return item ? <li key={id}>{item.text}</li> : null;
          })}
        </ol>
      ) : (
        <ol className="presenter-options" type="A">
          {entries.map((entry) => {
            const right = rightIds.includes(entry.id);
            return (
              <li key={entry.id} className={revealed ? (right ? 'right' : 'wrong') : undefined}>
                <CodeText text={entry.text} />
                {revealed && (
                  <p className="explanation">
                    <strong>{right ? 'Right. ' : 'Wrong. '}</strong>
                    <CodeText text={entry.explanation} />
                  </p>
                )}
              </li>
            );
          })}
        </ol>
      )}
      {revealed ? (
        <p className="revealed-note">{question.kind === 'order' ? 'Shown in the right order.' : 'Answer revealed.'}</p>
      ) : (
        <button type="button" onClick={onReveal} aria-keyshortcuts="R">
          Reveal answer
        </button>
      )}
    </section>
  );
}

async function toggleFullscreen() {
  try {
    if (document.fullscreenElement) await document.exitFullscreen();
    else await document.documentElement.requestFullscreen();
  } catch {
    // Not allowed here (an iframe without allowfullscreen, say): the large layout still works in the window.
  }
}
