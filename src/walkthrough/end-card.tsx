import practice from 'virtual:lockstep/practice';
import { fillTemplate } from '@/content/fill-template';
import { useProgress } from '@/progress/use-progress';
import { selectCanGoNext, selectTimeline } from '@/store/selectors';
import { useWalkthrough, useWalkthroughActions } from '@/store/use-walkthrough';
import { predictionKey, predictionPoints } from '@/views/prediction';
import { scrollIntoOwnView } from '@/components/scroll-into-own-view';
import styles from './end-card.module.css';

const CARD = practice.endCard;
const END_CARD_ID = 'end-of-the-evening';

/** At the last step the card is below the stage, out of sight on a phone: the bar points down to it. */
export function EndCardPointer() {
  // Whether this is the last step, not which step: the other steps re-render nothing here.
  const atLastStep = !useWalkthrough(selectCanGoNext);
  if (!atLastStep) return null;
  return (
    <p className={styles.pointer}>
      <a
        href={`#${END_CARD_ID}`}
        onClick={(event) => {
          event.preventDefault();
          const card = document.getElementById(END_CARD_ID);
          // Never scrollIntoView: inside an embed it would scroll the host page too.
          scrollIntoOwnView(card);
          card?.focus({ preventScroll: true });
        }}
      >
        {CARD.pointer}
      </a>
    </p>
  );
}

/**
 * The last step, below the stage (not in the sticky bar): the learner's tally of predictions, the other ending,
 * both side by side, and ways to break it in the lab.
 */
export default function EndCard() {
  const timeline = useWalkthrough(selectTimeline);
  const atLastStep = !useWalkthrough(selectCanGoNext);
  const scenarioId = useWalkthrough((state) => state.scenarioId);
  const fencing = useWalkthrough((state) => state.fencing);
  const compare = useWalkthrough((state) => state.compare);
  const predictions = useProgress((state) => state.predictions);
  const actions = useWalkthroughActions();
  if (!atLastStep) return null;
  const points = predictionPoints(timeline);
  const made = points.filter((point) => predictions[predictionKey(scenarioId, fencing, point.id)] !== undefined);
  const right = made.filter((point) => predictions[predictionKey(scenarioId, fencing, point.id)] === point.outcome);
  const tally =
    made.length > 0
      ? fillTemplate(practice.prediction.tally, { right: String(right.length), count: String(points.length) })
      : null;
  return (
    <section id={END_CARD_ID} tabIndex={-1} className={styles.endCard} aria-label={CARD.title}>
      <h4>{CARD.title}</h4>
      {tally && <p className={styles.tally}>{tally}</p>}
      <div className={styles.actions}>
        <button type="button" onClick={() => actions.goToPlace({ cursor: 0, fencing: !fencing })}>
          {fillTemplate(CARD.replay, { fencing: fencing ? 'off' : 'on' })}
        </button>
        {!compare && (
          <button type="button" onClick={actions.toggleCompare}>
            {CARD.compare}
          </button>
        )}
      </div>
      <p className={styles.lab}>
        {CARD.labIntro}{' '}
        {CARD.labLinks.map((link, index) => (
          <span key={link.preset}>
            <a href={`./${link.href}`}>{link.text}</a>
            {index < CARD.labLinks.length - 1 ? ', ' : '.'}
          </span>
        ))}
      </p>
    </section>
  );
}
