import content from 'virtual:lockstep/content';
import postgres from 'virtual:lockstep/postgres';
import practice from 'virtual:lockstep/practice';
import presenter from 'virtual:lockstep/presenter';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { fillTemplate } from '@/content/fill-template';
import { selectCursor, selectStepCount } from '@/store/selectors';
import { useWalkthrough, useWalkthroughActions } from '@/store/use-walkthrough';
import { CertificatesPanel } from '@/views/certificates-panel';
import { LockServicePanel } from '@/views/lock-service-panel';
import { StepCaption } from '@/views/step-caption';
import { ViewToggles } from '@/views/timeline-controls';
import { ShortcutSettings } from '@/shortcuts/shortcut-settings';
import { useShortcutPrefs, useShortcuts } from '@/shortcuts/use-shortcuts';
import { PresenterPoll } from './presenter-poll';
import { useProjectedScreen } from './use-projected-screen';
import { usePresenterSync } from './use-presenter-sync';
import styles from './presenter.module.css';
import {
  useBarHiddenWhilePresenting,
  PresenterTimeStrip,
  PresenterDiagram,
  PresenterQuestion,
  openSpeakerView,
  toggleFullscreen,
} from './presenter-parts';
import { known } from '@/sim/known';

const LABELS = presenter.labels.presenter;

/**
 * Presenter mode: the walkthrough's steps, then the quiz questions one at a time, in large type with the
 * page's chrome hidden. Quiz answers stay hidden until the presenter reveals them.
 */
export default function Presenter({
  onExit,
  exercise,
}: {
  onExit: () => void;
  /** The fence exercise, which the page puts here: a statement typed on the projector, checked for the class. */
  exercise: ReactNode;
}) {
  const [showExercise, setShowExercise] = useState(false);
  const cursor = useWalkthrough(selectCursor);
  const stepCount = useWalkthrough(selectStepCount);
  const actions = useWalkthroughActions();
  // Blank, reveal and the quiz question are the same in the speaker's window, and either window may change them.
  const { question, blank, setBlank, revealed, reveal, forward, backward, atStart, atEnd } = useProjectedScreen();
  const prefs = useShortcutPrefs();
  const barRef = useRef<HTMLDivElement>(null);
  const [barHidden, hideBar] = useBarHiddenWhilePresenting(barRef);
  // The speaker's notes go to a window of their own, never onto the projected screen.
  const canSpeak = usePresenterSync({ greet: false });

  // A clicker's keys, and the presenter's own (content in src/shortcuts/keymap.ts; the learner may change them).
  useShortcuts(
    'presenter',
    {
      forward: () => {
        hideBar();
        forward();
      },
      backward: () => {
        hideBar();
        backward();
      },
      first: () => {
        hideBar();
        actions.goToFirst();
      },
      last: () => {
        hideBar();
        actions.goToLast();
      },
      blank: () => setBlank((shown) => !shown),
      notes: () => (canSpeak ? openSpeakerView() : undefined),
      reveal,
      exit: () => {
        if (!document.fullscreenElement) onExit();
      },
    },
    // Space and Enter on a focused button press that button.
    { ignore: (event) => event.key === ' ' && event.target instanceof Element && !!event.target.closest('button, a') },
  );
  const shortcut = (action: 'notes' | 'blank' | 'exit' | 'reveal') =>
    prefs.enabled ? prefs.keymaps.presenter[action].join(' ') || undefined : undefined;
  const returnButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!blank) return;
    // Keep keyboard focus inside the blank screen, out of sight.
    returnButton.current?.focus({ preventScroll: true });
    // While blank, a key (a clicker's too) only brings the screen back: it never steps unseen.
    const unblank = (event: KeyboardEvent) => {
      // A bare modifier is the presenter switching windows (Alt+Tab), not asking for the screen back.
      if (['Alt', 'Control', 'Meta', 'Shift', 'Tab'].includes(event.key)) return;
      event.preventDefault();
      event.stopPropagation();
      setBlank(false);
    };
    window.addEventListener('keydown', unblank, { capture: true });
    return () => window.removeEventListener('keydown', unblank, { capture: true });
  }, [blank, setBlank]);

  const quizQuestion = question === null ? null : practice.quiz[question];

  return (
    <div className={styles.presenter}>
      <h1 className="visually-hidden">{LABELS.title}</h1>
      <div
        className={barHidden ? `${styles.presenterBar} ${styles.idle}` : styles.presenterBar}
        role="group"
        aria-label={LABELS.controls}
        ref={barRef}
      >
        <button type="button" onClick={backward} disabled={atStart}>
          <span aria-hidden="true">← </span>
          {content.controls.stepper.back}
        </button>
        <span className="step-indicator">
          {quizQuestion
            ? fillTemplate(LABELS.questionOf, {
                question: String(known(question) + 1),
                count: String(practice.quiz.length),
              })
            : fillTemplate(content.controls.stepper.indicator, { step: String(cursor + 1), count: String(stepCount) })}
        </span>
        <button type="button" className="primary" onClick={forward} disabled={atEnd}>
          {content.controls.stepper.next}
          <span aria-hidden="true"> →</span>
        </button>
        {!quizQuestion && <ViewToggles textToggle={false} />}
        {canSpeak && (
          <button type="button" onClick={openSpeakerView} aria-keyshortcuts={shortcut('notes')}>
            {LABELS.speakerView}
          </button>
        )}
        <button
          type="button"
          className={`toggle ${styles.pressedMark}`}
          aria-pressed={showExercise}
          onClick={() => setShowExercise((shown) => !shown)}
        >
          {LABELS.exercise}
        </button>
        <button type="button" onClick={() => setBlank(true)} aria-keyshortcuts={shortcut('blank')}>
          {LABELS.blank}
        </button>
        <button type="button" onClick={() => void toggleFullscreen()}>
          {LABELS.fullScreen}
        </button>
        <ShortcutSettings contexts={['presenter', 'reading']} />
        <button type="button" onClick={onExit} aria-keyshortcuts={shortcut('exit')}>
          {LABELS.exit}
        </button>
      </div>
      {showExercise ? (
        <section className={styles.presenterExercise} aria-labelledby={postgres.exercise.id}>
          <h2 id={postgres.exercise.id}>{postgres.exercise.title}</h2>
          {exercise}
        </section>
      ) : quizQuestion ? (
        <PresenterQuestion
          question={quizQuestion}
          revealed={revealed}
          onReveal={reveal}
          revealKeys={shortcut('reveal')}
        />
      ) : (
        <>
          <div className={styles.presenterCaption}>
            <h2 className="visually-hidden">{LABELS.currentStep}</h2>
            <StepCaption />
            <PresenterPoll revealed={revealed} onReveal={reveal} revealKeys={shortcut('reveal')} />
          </div>
          <div className={styles.presenterStage}>
            <PresenterTimeStrip />
            <PresenterDiagram />
            {/* Scrolls within the screen when it overflows; focusable so a keyboard can scroll it too. */}
            <div className={`panels ${styles.panels}`} tabIndex={0} role="region" aria-label={LABELS.panels}>
              <LockServicePanel />
              <CertificatesPanel />
            </div>
          </div>
        </>
      )}
      {blank && (
        // A click anywhere brings the screen back; the room sees nothing but black.
        // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions -- every key already returns (the listener above)
        <div
          className={styles.blankScreen}
          role="dialog"
          aria-modal="true"
          aria-label={LABELS.blanked}
          onClick={() => setBlank(false)}
        >
          {/* Its click reaches the screen's own, above; any key returns too. */}
          <button type="button" className="visually-hidden" ref={returnButton}>
            {LABELS.return}
          </button>
        </div>
      )}
    </div>
  );
}
