import content from 'virtual:lockstep/content';
import presenter from 'virtual:lockstep/presenter';
import practice from 'virtual:lockstep/practice';
import { useEffect, useState } from 'react';
import { CodeText } from '@/components/code-text';
import { fillTemplate } from '@/content/fill-template';
import type { CaptionKey } from '@/content/caption-keys';
import { captionKeyOf } from '@/content/caption-key-of';
import { selectCanGoBack, selectCanGoNext, selectCursor, selectStepCount, selectTimeline } from '@/store/selectors';
import { useWalkthrough, useWalkthroughActions } from '@/store/use-walkthrough';
import { narrationsFor } from '@/story/timeline-narrations';
import { predictionPoints } from '@/views/prediction';
import { useShortcuts } from '@/shortcuts/use-shortcuts';
import { ViewToggles } from '@/views/timeline-controls';
import { ScreenPicture } from './screen-picture';
import { usePresenterSync } from './use-presenter-sync';
import { useScreenSync } from './use-screen-sync';
import styles from './presenter.module.css';

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
  const canGoBack = useWalkthrough(selectCanGoBack);
  const canGoNext = useWalkthrough(selectCanGoNext);
  const actions = useWalkthroughActions();
  const connected = usePresenterSync({ greet: true });
  const narrations = narrationsFor(timeline);
  const frame = timeline.frames[cursor]!;
  const note = NOTES[captionKeyOf(frame.happening)];
  const due = predictionPoints(timeline).find((point) => point.askAt === cursor);
  const poll = due ? practice.prediction.points[due.id] : null;
  const answer = due && poll ? poll.options.find((option) => option.id === due.outcome)?.text : undefined;
  // The projected screen's blank and reveal, the same in both windows. A poll is revealed on the step it asks at,
  // named as the projected window names it.
  const [blank, setBlank] = useState(false);
  const [revealedOn, setRevealedOn] = useState<string | null>(null);
  useScreenSync({ blank, revealedOn }, (change) => {
    if (change.blank !== undefined) setBlank(change.blank);
    if (change.revealedOn !== undefined) setRevealedOn(change.revealedOn);
  });
  const revealed = revealedOn === `step ${cursor}`;
  const elapsed = useElapsedSeconds();
  // The clicker keeps working when this window has the focus.
  useShortcuts(
    'presenter',
    { forward: actions.next, backward: actions.back, first: actions.goToFirst, last: actions.goToLast },
    { ignore: (event) => event.key === ' ' && event.target instanceof Element && !!event.target.closest('button, a') },
  );

  return (
    <main className={styles.speakerView}>
      <h1>{LABELS.title}</h1>
      <div className={styles.presenterBar} role="group" aria-label={LABELS.controls}>
        <button type="button" onClick={actions.back} disabled={!canGoBack}>
          <span aria-hidden="true">← </span>
          {content.controls.stepper.back}
        </button>
        <span className="step-indicator">
          {fillTemplate(content.controls.stepper.indicator, { step: String(cursor + 1), count: String(stepCount) })}
        </span>
        <button type="button" className="primary" onClick={actions.next} disabled={!canGoNext}>
          {content.controls.stepper.next}
          <span aria-hidden="true"> →</span>
        </button>
        <ViewToggles textToggle={false} />
        <button type="button" aria-pressed={blank} onClick={() => setBlank(!blank)}>
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
      {poll && (
        <section aria-labelledby="speaker-poll-heading">
          <h2 id="speaker-poll-heading">{LABELS.poll}</h2>
          <p>
            <CodeText text={poll.prompt} />
          </p>
          <p>{fillTemplate(LABELS.answer, { answer: answer ?? '' })}</p>
          {revealed ? (
            <p role="status">{LABELS.revealed}</p>
          ) : (
            <button type="button" onClick={() => setRevealedOn(`step ${cursor}`)}>
              {presenter.labels.poll.reveal}
            </button>
          )}
        </section>
      )}
      <div className={styles.speakerScreens}>
        <section aria-labelledby="speaker-now-heading">
          <h2 id="speaker-now-heading">{LABELS.onScreen}</h2>
          <ScreenPicture
            timeline={timeline}
            cursor={cursor}
            label={fillTemplate(LABELS.screenNow, { step: String(cursor + 1) })}
          />
          <p>
            <CodeText text={narrations[cursor]?.caption ?? ''} />
          </p>
        </section>
        <section aria-labelledby="speaker-next-heading">
          <h2 id="speaker-next-heading">{LABELS.comesNext}</h2>
          {canGoNext && (
            <ScreenPicture
              timeline={timeline}
              cursor={cursor + 1}
              label={fillTemplate(LABELS.screenNext, { step: String(cursor + 2) })}
            />
          )}
          <p>
            {canGoNext ? <CodeText text={narrations[cursor + 1]?.caption ?? ''} /> : presenter.speakerView.quizFollows}
          </p>
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
