import practice from 'virtual:lockstep/practice';
import { fillTemplate } from '@/content/fill-template';
import { useWalkthrough, useWalkthroughActions } from '@/store/use-walkthrough';

const CARD = practice.endCard;

/** The last step: the learner's tally, the other ending, both side by side, and ways to break it in the lab. */
export function EndCard({ tally }: { tally: string | null }) {
  const fencing = useWalkthrough((state) => state.fencing);
  const compare = useWalkthrough((state) => state.compare);
  const actions = useWalkthroughActions();
  return (
    <section className="end-card" aria-label={CARD.title}>
      <h4>{CARD.title}</h4>
      {tally && <p className="tally">{tally}</p>}
      <div className="end-actions">
        <button type="button" onClick={() => actions.goToPlace({ cursor: 0, fencing: !fencing })}>
          {fillTemplate(CARD.replay, { fencing: fencing ? 'off' : 'on' })}
        </button>
        {!compare && (
          <button type="button" onClick={actions.toggleCompare}>
            {CARD.compare}
          </button>
        )}
      </div>
      <p className="end-lab">
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
