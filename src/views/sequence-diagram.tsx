import { SequenceDiagramView } from '@/story/sequence-diagram-view';
import { selectCursor, selectTimeline } from '@/store/selectors';
import { useWalkthrough } from '@/store/use-walkthrough';

/**
 * The walkthrough's diagram at the learner's current step. On the page it follows the step by scrolling the page;
 * in the compact player (`scrollWithin`) it is a box of its own that keeps the current row in view.
 */
export function SequenceDiagram({ scrollWithin = false }: { scrollWithin?: boolean }) {
  const timeline = useWalkthrough(selectTimeline);
  const cursor = useWalkthrough(selectCursor);
  return (
    <SequenceDiagramView
      timeline={timeline}
      cursor={cursor}
      followCurrent={!scrollWithin}
      scrollWithin={scrollWithin}
      stickyHeader
    />
  );
}
