import { onOff } from './on-off';
import { fillTemplate } from '@/content/fill-template';
import content from 'virtual:lockstep/content';
import styles from './compare.module.css';
import { useEffect, useRef } from 'react';
import { CodeText } from '@/components/code-text';
import { scrollIntoOwnView } from '@/components/scroll-into-own-view';
import { selectCursor, timelineFor } from '@/store/selectors';
import { useWalkthrough } from '@/store/use-walkthrough';
import { CertificatesPanelView } from '@/story/certificates-panel-view';
import { narrationsFor } from '@/story/timeline-narrations';
import { SequenceDiagramView } from '@/story/sequence-diagram-view';
import { TimeStripView } from '@/story/time-strip-view';

/**
 * The same step with fencing off and on, next to each other (stacked on a phone), so a class sees both endings.
 * Each side has the run to scale, and its diagram is a box of its own that keeps the current row at its foot:
 * the two rows where the endings part sit level, in view, without scrolling back from 0 s.
 */
export default function CompareView() {
  const scenarioId = useWalkthrough((state) => state.scenarioId);
  const cursor = useWalkthrough(selectCursor);
  // Opened from the toolbar below the stage: show it, not the place the button was.
  const view = useRef<HTMLDivElement>(null);
  useEffect(() => scrollIntoOwnView(view.current), []);
  return (
    <div className={styles.compare} ref={view}>
      {([false, true] as const).map((fencing) => {
        const timeline = timelineFor(scenarioId, fencing);
        const step = Math.min(cursor, timeline.frames.length - 1);
        const label = fillTemplate(content.controls.walkthrough.side, { fencing: onOff(fencing) });
        return (
          <section key={label} className={styles.side} aria-label={label}>
            <h4>{label}</h4>
            <p className={styles.sideCaption}>
              <CodeText text={narrationsFor(timeline)[step]?.caption ?? ''} />
            </p>
            <TimeStripView timeline={timeline} cursor={step} compact className={styles.strip} />
            <SequenceDiagramView
              timeline={timeline}
              cursor={step}
              title={label}
              scrollWithin
              stickyHeader
              className={styles.diagram}
            />
            <CertificatesPanelView
              timeline={timeline}
              cursor={step}
              regionLabel={fillTemplate(content.controls.walkthrough.sideTable, { fencing: onOff(fencing) })}
            />
          </section>
        );
      })}
    </div>
  );
}
