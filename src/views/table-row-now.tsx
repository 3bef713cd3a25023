import { TableRowNowView } from '@/story/table-row-now-view';
import { selectCursor, selectTimeline } from '@/store/selectors';
import { useWalkthrough } from '@/store/use-walkthrough';

/** The walkthrough's table row at the learner's current step. */
export function TableRowNow() {
  return <TableRowNowView timeline={useWalkthrough(selectTimeline)} cursor={useWalkthrough(selectCursor)} />;
}
