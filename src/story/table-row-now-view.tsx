import styles from './time-strip.module.css';
import content from 'virtual:lockstep/content';
import { fillTemplate } from '@/content/fill-template';
import { findRow } from '@/sim/certificates-table';
import type { Timeline } from '@/sim/run';
import { describeCertificate } from './narrate';

/**
 * The row the writes hit, in one line: under the time strip, or in a phone's sticky bar, so that the caption,
 * the write and the row it hits share one screen.
 */
export function TableRowNowView({
  timeline,
  cursor,
  className,
}: {
  timeline: Timeline;
  cursor: number;
  /** A class of the page's, such as `wide-only`. */
  className?: string;
}) {
  const frame = timeline.frames[cursor];
  const row =
    frame && timeline.scenario.resource?.kind !== 'email' ? findRow(frame.world.table, timeline.scenario.domain) : null;
  if (!row) return null;
  return (
    <p className={className ? `${styles.rowNow} ${className}` : styles.rowNow} data-testid="strip-row-now">
      {fillTemplate(content.panels.table.rowNow, {
        certificate: describeCertificate(row.cert),
        fence: String(row.fence),
      })}
    </p>
  );
}
