import { DisabledUntilHydrated } from '@/components/disabled-until-hydrated';
import { WIDE_SCREEN } from '@/components/prerendered-screen';
import { TimeStripView } from '@/story/time-strip-view';
import { useMediaQuery } from '@/story/use-media-query';
import { Playback } from './playback';
import { selectCursor, selectTimeline } from '@/store/selectors';
import { useWalkthrough } from '@/store/use-walkthrough';

/**
 * The walkthrough's run to scale, at the learner's current step, with play and a scrubber over its time.
 * `compact` is the compact player's strip; `rowNow` false leaves the table's row to the page (see TimeStripView). By
 * default the strip shows the row on wide screens; on a phone the walkthrough's bar carries it.
 */
export default function TimeStrip({ compact = false, rowNow }: { compact?: boolean; rowNow?: boolean }) {
  const wide = useMediaQuery(WIDE_SCREEN, true);
  const timeline = useWalkthrough(selectTimeline);
  const cursor = useWalkthrough(selectCursor);
  return (
    <div className="time-strip-area">
      <TimeStripView timeline={timeline} cursor={cursor} compact={compact} rowNow={rowNow ?? wide} />
      <DisabledUntilHydrated>
        <Playback />
      </DisabledUntilHydrated>
    </div>
  );
}
