import { SequenceDiagramView } from '@/story/sequence-diagram-view';
import { selectCursor, selectTimeline } from '@/store/selectors';
import { useWalkthrough } from '@/store/use-walkthrough';

/** The walkthrough's diagram at the learner's current step. */
export function SequenceDiagram() {
  const timeline = useWalkthrough(selectTimeline);
  const cursor = useWalkthrough(selectCursor);
  return <SequenceDiagramView timeline={timeline} cursor={cursor} followCurrent stickyHeader />;
}
