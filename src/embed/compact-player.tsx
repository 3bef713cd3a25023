import content from 'virtual:lockstep/content';
import { lazy, Suspense, useRef } from 'react';
import { selectCursor } from '@/store/selectors';
import { useWalkthrough } from '@/store/use-walkthrough';
import { useWalkthroughKeys } from '@/views/use-walkthrough-keys';
import { SequenceDiagram } from '@/views/sequence-diagram';
import { StepCaption } from '@/views/step-caption';
import { StepControls, ViewToggles } from '@/views/timeline-controls';
import { stepHref } from '@/route/route';
import screen from '@/components/embed-screen.module.css';
import styles from './compact-player.module.css';

// The run to scale, with Play and the table's row under it; it needs d3, so it follows the controls.
const TimeStrip = lazy(() => import('@/views/time-strip'));

/**
 * The walkthrough as one screen for a course page's column: the controls, the caption, the run to scale and the
 * diagram, which scrolls within itself so the current row stays in view. Stepping never scrolls the host page.
 */
export function CompactPlayer() {
  const scope = useRef<HTMLElement>(null);
  useWalkthroughKeys(scope);
  return (
    <section
      id="walkthrough"
      className={`${screen.screen} ${styles.player}`}
      aria-labelledby="walkthrough-heading"
      ref={scope}
      tabIndex={-1}
    >
      <h2 id="walkthrough-heading" className="visually-hidden">
        {content.controls.embed.walkthroughHeading}
      </h2>
      <div className={styles.controls}>
        <StepControls />
        <ViewToggles textToggle={false} />
      </div>
      <div className={styles.caption}>
        <StepCaption />
      </div>
      <Suspense fallback={<div className="time-strip-placeholder" />}>
        <TimeStrip compact />
      </Suspense>
      <div className={styles.diagram}>
        <SequenceDiagram scrollWithin />
      </div>
      <OpenInLockstep />
    </section>
  );
}

/** A way out of the frame to the whole lesson, at the same step. */
export function OpenInLockstep() {
  const cursor = useWalkthrough(selectCursor);
  const fencing = useWalkthrough((state) => state.fencing);
  return (
    <p className="open-full">
      <a href={`./${stepHref({ cursor, fencing })}`} target="_blank" rel="noopener">
        {content.controls.embed.openWhole}
      </a>
    </p>
  );
}
