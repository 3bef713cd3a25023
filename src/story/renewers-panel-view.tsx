import content from 'virtual:lockstep/content';
import type { Frame, Timeline } from '@/sim/run';
import { believedHolders, standingOf } from '@/sim/standing';
import type { Renewer } from '@/sim/world';
import { formatTime } from './format';
import { fillTemplate } from '@/content/fill-template';
import { useId } from 'react';

const { belief: BELIEF, truth: TRUTH } = content.panels;

/** The same for any step of any timeline (the lock lab's). */
export function RenewersPanelView({
  frame,
  timeline,
  nested = false,
}: {
  frame: Frame;
  timeline: Timeline;
  /**
   * Inside a run that has its own heading (a "Try it" run in the lesson): a group under a subheading, not a region
   * of the page, where every run's panel would be one more landmark of the same name.
   */
  nested?: boolean;
}) {
  const lease = frame.world.lock.truth(frame.at);
  const nameOf = (id: string) => timeline.scenario.renewers.find((renewer) => renewer.id === id)?.name ?? id;

  const truthFor = (renewer: Renewer) => {
    if (!lease) return TRUTH.free;
    const until = lease.expiresAt === null ? '' : fillTemplate(TRUTH.until, { time: formatTime(lease.expiresAt) });
    const values = { token: String(lease.token), until, holder: nameOf(lease.holder) };
    const self = lease.holder === renewer.id;
    const key = `${self ? 'self' : 'other'}${lease.token === null ? '' : 'Token'}` as const;
    return fillTemplate(TRUTH[key], values);
  };

  const believers = believedHolders(frame.world);
  // A page may show several runs (the lesson's "Try it" runs, each on screen and on paper).
  const headingId = useId();
  const [Box, Heading] = nested ? (['div', 'h4'] as const) : (['section', 'h3'] as const);

  return (
    <Box className="panel" aria-labelledby={headingId} {...(nested && { role: 'group' })}>
      <Heading id={headingId}>{content.controls.renewers.heading}</Heading>
      {believers.length > 1 && (
        <p className="both-hold">
          <strong>
            {fillTemplate(content.controls.renewers.bothHold, {
              holders: believers.map(nameOf).join(content.controls.renewers.and),
            })}
          </strong>
        </p>
      )}
      <ul className="renewers">
        {frame.world.renewers.map((renewer) => {
          const standing = standingOf(frame.world, renewer.id);
          const mistaken = standing === 'mistaken';
          return (
            <li key={renewer.id} className={mistaken ? 'mistaken' : undefined}>
              <p className="renewer-name">
                {renewer.name}
                {renewer.pause && (
                  <span className="badge paused">
                    {fillTemplate(content.controls.renewers.pausedUntil, { time: formatTime(renewer.pause.until) })}
                  </span>
                )}
                {mistaken && <span className="badge wrong">{content.controls.renewers.mistaken}</span>}
              </p>
              <p>
                <span className="belief-label">{content.controls.renewers.believes}</span>
                {describeBelief(renewer, standing === 'lettingGo')}
              </p>
              <p>
                <span className="belief-label">{content.controls.renewers.inTruth}</span>
                {truthFor(renewer)}
              </p>
            </li>
          );
        })}
      </ul>
    </Box>
  );
}

function describeBelief(renewer: Renewer, lettingGo: boolean): string {
  const { belief } = renewer;
  if (lettingGo && belief.kind === 'holds') {
    return belief.token === null
      ? BELIEF.releasing
      : fillTemplate(BELIEF.releasingToken, { token: String(belief.token) });
  }
  if (belief.kind === 'none') return renewer.phase === 'done' ? BELIEF.done : BELIEF.none;
  if (belief.token === null) return BELIEF[belief.kind];
  return fillTemplate(BELIEF[`${belief.kind}Token`], { token: String(belief.token) });
}
