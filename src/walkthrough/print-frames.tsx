import { onOff } from './on-off';
import { fillTemplate } from '@/content/fill-template';
import content from 'virtual:lockstep/content';
import styles from './print.module.css';
import { usePrinting } from '@/components/use-printing';
import { useHydrated } from '@/components/use-hydrated';
import { selectTimeline, timelineFor } from '@/store/selectors';
import { predictionPoints } from '@/views/prediction';
import { useWalkthrough } from '@/store/use-walkthrough';
import { CodeText } from '@/components/code-text';
import { formatTime } from '@/story/format';
import { narrationsFor } from '@/story/timeline-narrations';
import { SequenceDiagramView } from '@/story/sequence-diagram-view';
import { TimeStripView } from '@/story/time-strip-view';

/**
 * On paper, the walkthrough becomes numbered frames, each with its caption, the run to scale with the table's row,
 * and the diagram's last rows, then how the other fencing mode ends.
 * Nothing is drawn on screen. (The quiz's answer key closes the handout: see practice/answer-key.tsx.) The frames
 * are drawn as the print starts, by the page's code: the prerendered page, printed before that code runs, says so.
 */
export default function PrintFrames() {
  const printing = usePrinting();
  const hydrated = useHydrated();
  const timeline = useWalkthrough(selectTimeline);
  const scenarioId = useWalkthrough((state) => state.scenarioId);
  if (!hydrated) return <p className={styles.printBeforeStart}>{content.controls.walkthrough.printBeforeStart}</p>;
  if (!printing) return null;
  const narrations = narrationsFor(timeline);
  const other = timelineFor(scenarioId, !timeline.settings.fencing);
  const otherNarrations = narrationsFor(other);
  // The other ending from the late write on: the steps where the two modes part.
  const parting = predictionPoints(other).find((point) => point.id === 'lateWrite')?.askAt ?? other.frames.length - 4;
  return (
    <>
      <ol className={styles.printFrames} aria-label={content.controls.walkthrough.framesLabel}>
        {timeline.frames.map((frame) => (
          <li key={frame.index} className={styles.printFrame}>
            <p className={styles.printCaption}>
              <strong>
                {fillTemplate(content.controls.walkthrough.frameTitle, {
                  step: String(frame.index + 1),
                  count: String(timeline.frames.length),
                  time: formatTime(frame.at),
                  fencing: onOff(timeline.settings.fencing),
                })}
              </strong>{' '}
              <CodeText text={narrations[frame.index]?.caption ?? ''} />
            </p>
            {/* The run to scale at this step and the table's row, as on screen; the strip's key once, on the first. */}
            <TimeStripView
              timeline={timeline}
              cursor={frame.index}
              legend={frame.index === 0}
              className={styles.printStrip}
            />
            {/* Up to eight rows ending just after this step's: an early frame is not a box of rows yet to come. */}
            <SequenceDiagramView
              timeline={timeline}
              cursor={frame.index}
              windowRows={Math.min(8, frame.index + 2)}
              scale={1}
            />
          </li>
        ))}
      </ol>
      <section
        className={`${styles.printFrames} ${styles.printOtherEnding}`}
        aria-label={content.controls.walkthrough.otherEndingLabel}
      >
        <h3>{fillTemplate(content.controls.walkthrough.otherEnding, { fencing: onOff(other.settings.fencing) })}</h3>
        <ol start={parting + 2}>
          {other.frames.slice(parting + 1).map((frame) => (
            <li key={frame.index}>
              <strong>{formatTime(frame.at)}.</strong> <CodeText text={otherNarrations[frame.index]?.caption ?? ''} />
            </li>
          ))}
        </ol>
        <SequenceDiagramView timeline={other} cursor={other.frames.length - 1} windowRows={8} scale={1} />
      </section>
    </>
  );
}
