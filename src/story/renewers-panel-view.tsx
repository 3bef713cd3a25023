import content from 'virtual:lockstep/content';
import type { Frame, Timeline } from '@/sim/run';
import { renewersPanelSentences } from './panel-sentences';
import { formatTime } from './format';
import { fillTemplate } from '@/content/fill-template';
import { useId } from 'react';
import { known } from '@/sim/known';

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

  const said = renewersPanelSentences(frame);
  const until = lease?.expiresAt == null ? '' : fillTemplate(TRUTH.until, { time: formatTime(lease.expiresAt) });
  const truthValues = { token: String(lease?.token), until, holder: lease ? nameOf(lease.holder) : '' };

  // A page may show several runs (the lesson's "Try it" runs, each on screen and on paper).
  const headingId = useId();
  const [Box, Heading] = nested ? (['div', 'h4'] as const) : (['section', 'h3'] as const);

  return (
    <Box className="panel" aria-labelledby={headingId} {...(nested && { role: 'group' })}>
      <Heading id={headingId}>{content.controls.renewers.heading}</Heading>
      {said.bothHold.length > 0 && (
        <p className="both-hold">
          <strong>
            {fillTemplate(content.controls.renewers.bothHold, {
              holders: said.bothHold.map(nameOf).join(content.controls.renewers.and),
            })}
          </strong>
        </p>
      )}
      <ul className="renewers">
        {frame.world.renewers.map((renewer, index) => {
          const { belief, truth, mistaken } = known(said.renewers[index]);
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
                {fillTemplate(BELIEF[belief], {
                  token: String(renewer.belief.kind === 'none' ? '' : renewer.belief.token),
                })}
              </p>
              <p>
                <span className="belief-label">{content.controls.renewers.inTruth}</span>
                {fillTemplate(TRUTH[truth], truthValues)}
              </p>
            </li>
          );
        })}
      </ul>
    </Box>
  );
}
