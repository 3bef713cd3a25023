import type { Frame, Timeline } from '@/sim/run';
import type { Renewer } from '@/sim/world';
import { formatTime } from './format';

/** The same for any step of any timeline (the lock lab's). */
export function RenewersPanelView({ frame, timeline }: { frame: Frame; timeline: Timeline }) {
  const lease = frame.world.lock.truth(frame.at);
  const nameOf = (id: string) => timeline.scenario.renewers.find((renewer) => renewer.id === id)?.name ?? id;

  const truthFor = (renewer: Renewer) => {
    if (!lease) return 'Nobody holds the lock.';
    const token = lease.token === null ? '' : ` with token ${lease.token}`;
    const until = lease.expiresAt === null ? '' : ` until ${formatTime(lease.expiresAt)}`;
    if (lease.holder === renewer.id) return `it holds the lock${token}${until}.`;
    return `${nameOf(lease.holder)} holds the lock${token}.`;
  };

  return (
    <section className="panel" aria-labelledby="renewers-heading">
      <h3 id="renewers-heading">Belief vs truth</h3>
      <ul className="renewers">
        {frame.world.renewers.map((renewer) => {
          const mistaken = renewer.belief.kind === 'holds' && lease?.holder !== renewer.id;
          return (
            <li key={renewer.id} className={mistaken ? 'mistaken' : undefined}>
              <p className="renewer-name">
                {renewer.name}
                {renewer.pause && <span className="badge paused">paused until {formatTime(renewer.pause.until)}</span>}
                {mistaken && <span className="badge wrong">mistaken</span>}
              </p>
              <p>
                <span className="belief-label">Believes: </span>
                {describeBelief(renewer)}
              </p>
              <p>
                <span className="belief-label">In truth: </span>
                {truthFor(renewer)}
              </p>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function describeBelief(renewer: Renewer): string {
  switch (renewer.belief.kind) {
    case 'none':
      return renewer.phase === 'done' ? 'it has finished and holds no lock.' : 'it does not hold the lock.';
    case 'holds':
      return renewer.belief.token === null
        ? 'it holds the lock.'
        : `it holds the lock with token ${renewer.belief.token}.`;
    case 'lost':
      return renewer.belief.token === null
        ? 'it lost the lock.'
        : `it lost the lock; token ${renewer.belief.token} is no longer good.`;
  }
}
