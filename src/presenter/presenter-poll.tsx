import practice from 'virtual:lockstep/practice';
import { selectCursor, selectTimeline } from '@/store/selectors';
import { useWalkthrough } from '@/store/use-walkthrough';
import { predictionPoints } from '@/views/prediction';

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
    <section className="presenter-poll" aria-labelledby="presenter-poll-heading">
      <h2 id="presenter-poll-heading">{poll.heading}</h2>
      <p className="presenter-prompt">{prompt}</p>
      <ol className="presenter-poll-options" type="A">
        {options.map((option) => (
          <li key={option.id} className={revealed && option.id === point.outcome ? 'right-answer' : undefined}>
            {option.text}
          </li>
        ))}
      </ol>
      {revealed ? (
        <p className="revealed-note" role="status">
          <strong>{poll.answer}</strong> {why[point.outcome as keyof typeof why]}
        </p>
      ) : (
        <p className="presenter-poll-ask">
          {poll.instruction}{' '}
          <button type="button" onClick={onReveal} aria-keyshortcuts={revealKeys}>
            Reveal
          </button>
        </p>
      )}
    </section>
  );
}
