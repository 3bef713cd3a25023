import { useEffect, useId } from 'react';
import { useKeyShortcutsAttribute } from '@/shortcuts/use-shortcuts';
import { selectCursor, selectFrame, selectStepCount, selectTimeline } from '@/store/selectors';
import { useWalkthrough, useWalkthroughActions } from '@/store/use-walkthrough';
import { PLAYBACK_SPEEDS } from '@/store/walkthrough-store';
import { formatTick } from '@/story/format';

/** One step per second at 1×. */
const STEP_MS = 1_000;

/**
 * Play, its speed, and a scrubber over virtual time: dragging to a time shows the last step at or before it.
 * Playing stops at the last step; with reduced motion the steps are still instant, only the scrolling is not smooth.
 */
export function Playback() {
  const timeline = useWalkthrough(selectTimeline);
  const cursor = useWalkthrough(selectCursor);
  const stepCount = useWalkthrough(selectStepCount);
  const frame = useWalkthrough(selectFrame);
  const playing = useWalkthrough((state) => state.playing);
  const speed = useWalkthrough((state) => state.speed);
  const actions = useWalkthroughActions();
  const playKeys = useKeyShortcutsAttribute('reading', 'playPause');
  const id = useId();
  const end = timeline.frames.at(-1)?.at ?? 0;

  useEffect(() => {
    if (!playing) return;
    if (cursor >= stepCount - 1) {
      actions.pause();
      return;
    }
    const timer = setTimeout(actions.next, STEP_MS / speed);
    return () => clearTimeout(timer);
  }, [playing, cursor, stepCount, speed, actions]);

  return (
    <div className="playback" role="group" aria-label="Play the timeline">
      <button
        type="button"
        aria-pressed={playing}
        aria-keyshortcuts={playKeys}
        onClick={playing ? actions.pause : actions.play}
      >
        {playing ? 'Pause' : 'Play'}
      </button>
      <label className="playback-speed">
        Speed
        <select value={speed} onChange={(event) => actions.setSpeed(Number(event.target.value) as typeof speed)}>
          {PLAYBACK_SPEEDS.map((option) => (
            <option key={option} value={option}>
              {option}×
            </option>
          ))}
        </select>
      </label>
      <label htmlFor={`${id}-scrubber`} className="visually-hidden">
        Virtual time
      </label>
      <input
        id={`${id}-scrubber`}
        className="scrubber"
        type="range"
        min={0}
        max={end}
        step={100}
        value={frame.at}
        aria-valuetext={`${formatTick(frame.at)}, step ${cursor + 1} of ${stepCount}`}
        onChange={(event) => actions.goToTime(Number(event.target.value))}
      />
      <output htmlFor={`${id}-scrubber`} className="scrubber-time">
        {formatTick(frame.at)}
      </output>
    </div>
  );
}
