import { TimeStripView } from '@/story/time-strip-view';
import { selectCursor, selectTimeline } from '@/store/selectors';
import { useWalkthrough } from '@/store/use-walkthrough';

/** The walkthrough's run to scale, at the learner's current step. */
export default function TimeStrip() {
  const timeline = useWalkthrough(selectTimeline);
  const cursor = useWalkthrough(selectCursor);
  return <TimeStripView timeline={timeline} cursor={cursor} />;
}
