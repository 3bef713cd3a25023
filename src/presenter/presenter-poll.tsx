import practice from 'virtual:lockstep/practice';
import presenter from 'virtual:lockstep/presenter';
import { selectCursor, selectTimeline } from '@/store/selectors';
import { useWalkthrough } from '@/store/use-walkthrough';
import { predictionPoints } from '@/views/prediction';
import styles from './presenter.module.css';

/**
 * Where the reading page asks the learner to predict, the projected screen asks the room: the question and its
 * answers by letter for a show of hands, and what the run does once the presenter reveals it.
 */
export function PresenterPoll({
  revealed,
  onReveal,
  revealKeys,
}: {
  revealed: boolean;
  onReveal: () => void;
  revealKeys: string | undefined;
}) {
  const timeline = useWalkthrough(selectTimeline);
  const cursor = useWalkthrough(selectCursor);
  const point = predictionPoints(timeline).find((candidate) => candidate.askAt === cursor);
  if (!point) return null;
  const { poll } = practice.prediction;
  const { prompt, options, why } = practice.prediction.points[point.id];
  return (
    <section className={styles.presenterPoll} aria-labelledby="presenter-poll-heading">
      <h2 id="presenter-poll-heading">{poll.heading}</h2>
      <p className={styles.presenterPrompt}>{prompt}</p>
      <ol className={styles.presenterPollOptions} type="A">
        {options.map((option) => (
          <li
            key={option.id}
            className={revealed && option.id === point.outcome ? styles.rightAnswer : undefined}
            data-right-answer={revealed && option.id === point.outcome ? '' : undefined}
          >
            {option.text}
          </li>
        ))}
      </ol>
      {revealed ? (
        <p className={styles.revealedNote} role="status">
          <strong>{poll.answer}</strong> {why[point.outcome as keyof typeof why]}
        </p>
      ) : (
        <p className={styles.presenterPollAsk}>
          {poll.instruction}{' '}
          <button type="button" onClick={onReveal} aria-keyshortcuts={revealKeys}>
            {presenter.labels.poll.reveal}
          </button>
        </p>
      )}
    </section>
  );
}
