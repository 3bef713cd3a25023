import lab from 'virtual:lockstep/lab';
import { fillTemplate } from '@/content/fill-template';
import type { Timeline } from '@/sim/run';
import type { LabConfig } from '@/settings/lab-config';
import styles from './lab.module.css';
import { reasonFor, verdictOf } from '@/story/verdict';
import { verdictClass } from './verdict-style';
import { known } from '@/sim/known';

/**
 * The run's verdict, once the learner reaches its last step (and at once with Go to the end). Before that it
 * says only what has happened so far, so the ending is not given away at step 1.
 */
export function LabVerdict({ timeline, step, config }: { timeline: Timeline; step: number; config: LabConfig }) {
  const last = timeline.frames.length - 1;
  if (step < last) {
    const world = known(timeline.frames[step]).world;
    const soFar =
      config.resource === 'email'
        ? fillTemplate(lab.page.soFarEmails, { sent: String(world.emailsSent.length) })
        : fillTemplate(lab.page.soFarWrites, {
            landed: String(world.writes.filter((write) => write.rowsChanged > 0).length),
            refused: String(world.writes.filter((write) => write.rowsChanged === 0).length),
          });
    return (
      <p className={styles.soFar} role="status">
        {soFar}
      </p>
    );
  }
  const verdict = verdictOf(timeline);
  return (
    <p className={verdictClass(verdict.kind)} role="status">
      <strong>{fillTemplate(lab.labels.verdict, { verdict: lab.verdicts[verdict.kind] })}</strong>{' '}
      {verdict.kind === 'staleWriteLanded' &&
        `${fillTemplate(verdict.token === null ? lab.staleWrite.noToken : lab.staleWrite.withToken, {
          writer: timeline.scenario.renewers.find((renewer) => renewer.id === verdict.writer)?.name ?? verdict.writer,
          token: String(verdict.token),
        })} `}
      {verdict.kind === 'duplicateWork' &&
        `${fillTemplate(lab.counts[config.resource === 'email' ? 'emails' : 'writes'], { count: String(verdict.writes) })} `}
      {fillTemplate(lab.reasons[reasonFor(verdict, config)], {
        events: verdict.kind === 'cutOff' ? verdict.events.toLocaleString('en') : '',
      })}
    </p>
  );
}
