import { DisabledUntilHydrated } from '@/components/disabled-until-hydrated';
import { TimeStripView } from '@/story/time-strip-view';
import { Playback } from './playback';
import { selectCursor, selectTimeline } from '@/store/selectors';
import { useWalkthrough } from '@/store/use-walkthrough';

/**
 * The walkthrough's run to scale, at the learner's current step, with play and a scrubber over its time.
 * `compact` is the compact player's strip; `rowNow` false leaves the table's row to the page (see TimeStripView). By
 * default the strip shows the row on wide screens only, by the stylesheet, so every screen gets the same markup.
 */
export default function TimeStrip({
  compact = false,
  rowNow,
  drawing,
}: {
  compact?: boolean;
  rowNow?: boolean;
  /** False: the key and Play only, where the page draws the strip elsewhere (the walkthrough's bar). */
  drawing?: boolean;
}) {
  const timeline = useWalkthrough(selectTimeline);
  const cursor = useWalkthrough(selectCursor);
  return (
    <div className="time-strip-area">
      <TimeStripView
        timeline={timeline}
        cursor={cursor}
        compact={compact}
        rowNow={rowNow ?? 'wide'}
        drawing={drawing ?? true}
      />
      <DisabledUntilHydrated>
        <Playback />
      </DisabledUntilHydrated>
    </div>
  );
}
