import lab from 'virtual:lockstep/lab';
import type { Timeline } from '@/sim/run';
import { fillTemplate } from '@/content/fill-template';
import { TimeStripView } from '@/story/time-strip-view';
import { verdictOf } from '@/story/verdict';
import { verdictClass } from './verdict-style';
import styles from './lab.module.css';

/**
 * Where the settings follow the run (below 1100 px), the run at a glance stays at the top of the settings as they
 * scroll: the whole run to scale and how it ends, redrawn as a slider moves. Stepping through it is above.
 */
export function RunGlance({
  timeline,
  onShowRun,
  nodeRows = true,
}: {
  timeline: Timeline;
  onShowRun: () => void;
  /** False in the compact embed: Redlock's strip without a row per node (see layoutTimeStrip). */
  nodeRows?: boolean;
}) {
  const verdict = verdictOf(timeline);
  return (
    <div className={styles.glance} data-testid="run-glance">
      <TimeStripView
        timeline={timeline}
        cursor={timeline.frames.length - 1}
        compact
        rowNow={false}
        legend={false}
        nodeRows={nodeRows}
        className={styles.glanceStrip}
      />
      <p className={verdictClass(verdict.kind)}>
        <strong>{fillTemplate(lab.labels.verdict, { verdict: lab.verdicts[verdict.kind] })}</strong>{' '}
        <button type="button" className={styles.glanceLink} onClick={onShowRun}>
          {lab.labels.stepThroughRun}
        </button>
      </p>
    </div>
  );
}
