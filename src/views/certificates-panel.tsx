import { CertificatesPanelView } from '@/story/certificates-panel-view';
import { selectCursor, selectTimeline } from '@/store/selectors';
import { useWalkthrough } from '@/store/use-walkthrough';

/** The certificates table at the learner's current step. */
export function CertificatesPanel() {
  const timeline = useWalkthrough(selectTimeline);
  const cursor = useWalkthrough(selectCursor);
  return <CertificatesPanelView timeline={timeline} cursor={cursor} />;
}
