import { RenewersPanelView } from '@/story/renewers-panel-view';
import { selectFrame, selectTimeline } from '@/store/selectors';
import { useWalkthrough } from '@/store/use-walkthrough';

/** For each renewer: what it believes about the lock, and what is true at this step. */
export function RenewersPanel() {
  return <RenewersPanelView frame={useWalkthrough(selectFrame)} timeline={useWalkthrough(selectTimeline)} />;
}
