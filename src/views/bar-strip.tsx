import { selectCursor, selectTimeline } from '@/store/selectors';
import { useWalkthrough, useWalkthroughActions } from '@/store/use-walkthrough';
import { TimeStripView } from '@/story/time-strip-view';

/**
 * The run to scale in the walkthrough's sticky bar, beside the caption, so the pause outlasting the lease stays in
 * view with the step controls while the page follows the diagram; pressed or dragged, it scrubs to that time. Its key
 * and Play sit under the bar, with the stage's strip (which phones show in its place: see styles.css).
 */
export function BarStrip() {
  const timeline = useWalkthrough(selectTimeline);
  const cursor = useWalkthrough(selectCursor);
  const { goToTime } = useWalkthroughActions();
  return (
    <TimeStripView
      timeline={timeline}
      cursor={cursor}
      rowNow={false}
      legend={false}
      onScrub={goToTime}
      className="bar-strip wide-only"
    />
  );
}
