import { selectCursor, selectTimeline } from '@/store/selectors';
import { useWalkthrough, useWalkthroughActions } from '@/store/use-walkthrough';
import { TimeStripView } from '@/story/time-strip-view';

/**
 * The run to scale in the walkthrough's sticky bar, with the step controls, so the pause outlasting the lease stays
 * in view while the page follows the diagram; pressed or dragged, it scrubs to that time. Its key and Play sit on the
 * stage below.
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
      className="bar-strip"
    />
  );
}
