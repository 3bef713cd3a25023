import type { Timeline } from '@/sim/run';
import { SequenceDiagramView } from '@/story/sequence-diagram-view';
import { TimeStripView } from '@/story/time-strip-view';
import styles from './presenter.module.css';

/**
 * A small picture of a projected screen at a step: its run to scale and the diagram's last rows, as the room sees
 * them. Named as one picture; its parts' own descriptions would repeat what the speaker view says beside it.
 */
export function ScreenPicture({ timeline, cursor, label }: { timeline: Timeline; cursor: number; label: string }) {
  return (
    <div className={styles.screenPicture} role="img" aria-label={label} data-step={cursor + 1}>
      <div aria-hidden="true">
        <TimeStripView timeline={timeline} cursor={cursor} legend={false} rowNow={false} compact />
        <SequenceDiagramView timeline={timeline} cursor={cursor} scale={1} windowRows={6} />
      </div>
    </div>
  );
}
