import content from 'virtual:lockstep/content';
import presenter from 'virtual:lockstep/presenter';
import practice from 'virtual:lockstep/practice';
import { useEffect, useState } from 'react';
import { CodeText } from '@/components/code-text';
import { fillTemplate } from '@/content/fill-template';
import type { CaptionKey } from '@/content/caption-keys';
import { captionKeyOf } from '@/content/caption-key-of';
import { selectCanGoNext, selectCursor, selectStepCount, selectTimeline } from '@/store/selectors';
import { useWalkthrough, useWalkthroughActions } from '@/store/use-walkthrough';
import { narrationsFor } from '@/story/timeline-narrations';
import { predictionPoints } from '@/views/prediction';
import { useShortcuts } from '@/shortcuts/use-shortcuts';
import { ViewToggles } from '@/views/timeline-controls';
import { ScreenPicture } from './screen-picture';
import { SpeakerQuestion } from './speaker-quiz';
import { usePresenterSync } from './use-presenter-sync';
import { useProjectedScreen } from './use-projected-screen';
import styles from './presenter.module.css';
import { known } from '@/sim/known';

const NOTES: Partial<Record<CaptionKey, string>> = presenter.notes;
const LABELS = presenter.labels.speakerView;

/**
 * The presenter's own window (`?present&speaker`): this step's notes, pictures of the screen now and after Next, the
 * poll due with its answer, and a timer, with Back, Next, fencing, Blank and Reveal, which act on the projected
 * window as its own controls do, and follow it when it acts.
 */
export default function SpeakerView() {
  const timeline = useWalkthrough(selectTimeline);
  const cursor = useWalkthrough(selectCursor);
  const stepCount = useWalkthrough(selectStepCount);
  const canGoNext = useWalkthrough(selectCanGoNext);
  const actions = useWalkthroughActions();
  const connected = usePresenterSync({ greet: true });
  const narrations = narrationsFor(timeline);
  const frame = known(timeline.frames[cursor]);
  const note = NOTES[captionKeyOf(frame.happening)];
  const due = predictionPoints(timeline).find((point) => point.askAt === cursor);
  const poll = due ? practice.prediction.points[due.id] : null;
  const answer = due && poll ? poll.options.find((option) => option.id === due.outcome)?.text : undefined;
  // The projected screen's blank, reveal and quiz question, the same in both windows: its controls act here too.
  const { question, blank, setBlank, revealed, reveal, forward, backward, atStart, atEnd } = useProjectedScreen();
  const elapsed = useElapsedSeconds();
  // The clicker keeps working when this window has the focus.
  useShortcuts(
    'presenter',
    { forward, backward, first: actions.goToFirst, last: actions.goToLast },
    { ignore: (event) => event.key === ' ' && event.target instanceof Element && !!event.target.closest('button, a') },
  );

  return (
    <main className={styles.speakerView}>
      <h1>{LABELS.title}</h1>
      <div className={styles.presenterBar} role="group" aria-label={LABELS.controls}>
        <button type="button" onClick={backward} disabled={atStart}>
          <span aria-hidden="true">← </span>
          {content.controls.stepper.back}
        </button>
        <span className="step-indicator">
          {question === null
            ? fillTemplate(content.controls.stepper.indicator, { step: String(cursor + 1), count: String(stepCount) })
            : fillTemplate(presenter.labels.presenter.questionOf, {
                question: String(question + 1),
                count: String(practice.quiz.length),
              })}
        </span>
        <button type="button" className="primary" onClick={forward} disabled={atEnd}>
          {content.controls.stepper.next}
          <span aria-hidden="true"> →</span>
        </button>
        <ViewToggles textToggle={false} />
        <button
          type="button"
          className={`toggle ${styles.pressedMark}`}
          aria-pressed={blank}
          onClick={() => setBlank(!blank)}
        >
          {LABELS.blank}
        </button>
        <span className={styles.speakerTimer} role="timer" aria-label={LABELS.timer}>
          {formatElapsed(elapsed)}
        </span>
      </div>
      {!connected && <p className="notice">{presenter.speakerView.notInStep}</p>}
      <section aria-labelledby="speaker-notes-heading">
        <h2 id="speaker-notes-heading">{LABELS.notes}</h2>
        <p className={styles.speakerNotes}>{note ?? presenter.speakerView.noNotes}</p>
      </section>
      {poll && question === null && (
        <section aria-labelledby="speaker-poll-heading">
          <h2 id="speaker-poll-heading">{LABELS.poll}</h2>
          <p>
            <CodeText text={poll.prompt} />
          </p>
          <p>{fillTemplate(LABELS.answer, { answer: answer ?? '' })}</p>
          {revealed ? (
            <p role="status">{LABELS.revealed}</p>
          ) : (
            <button type="button" onClick={reveal}>
              {presenter.labels.poll.reveal}
            </button>
          )}
        </section>
      )}
      <div className={styles.speakerScreens}>
        <section aria-labelledby="speaker-now-heading">
          <h2 id="speaker-now-heading">{LABELS.onScreen}</h2>
          {question === null ? (
            <>
              <ScreenPicture
                timeline={timeline}
                cursor={cursor}
                label={fillTemplate(LABELS.screenNow, { step: String(cursor + 1) })}
              />
              <p>
                <CodeText text={narrations[cursor]?.caption ?? ''} />
              </p>
            </>
          ) : (
            <SpeakerQuestion index={question} revealed={revealed} onReveal={reveal} />
          )}
        </section>
        <section aria-labelledby="speaker-next-heading">
          <h2 id="speaker-next-heading">{LABELS.comesNext}</h2>
          {question === null && canGoNext && (
            <>
              <ScreenPicture
                timeline={timeline}
                cursor={cursor + 1}
                label={fillTemplate(LABELS.screenNext, { step: String(cursor + 2) })}
              />
              <p>
                <CodeText text={narrations[cursor + 1]?.caption ?? ''} />
              </p>
            </>
          )}
          {question === null && !canGoNext && <p>{presenter.speakerView.quizFollows}</p>}
          {question !== null && question < practice.quiz.length - 1 && (
            <SpeakerQuestion index={question + 1} revealed={null} onReveal={reveal} />
          )}
        </section>
      </div>
    </main>
  );
}

function useElapsedSeconds() {
  const [started] = useState(() => Date.now());
  const [now, setNow] = useState(started);
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  return Math.floor((now - started) / 1000);
}

const formatElapsed = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
