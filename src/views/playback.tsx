import content from 'virtual:lockstep/content';
import { Suspense, useEffect, useId, type KeyboardEvent } from 'react';
import { fillTemplate } from '@/content/fill-template';
import { useProgress } from '@/progress/use-progress';
import { useKeyShortcutsAttribute } from '@/shortcuts/use-shortcuts';
import { selectCursor, selectFrame, selectStepCount, selectTimeline } from '@/store/selectors';
import { useWalkthrough, useWalkthroughActions } from '@/store/use-walkthrough';
import { known, oneOf } from '@/sim/known';
import { PLAYBACK_SPEEDS } from '@/store/walkthrough-store';
import { formatTick, formatTime } from '@/story/format';
import { playDelay } from './play-timing';
import { predictionKey, predictionPoints } from './prediction';

/** Page Up and Page Down move the time slider up to this far in virtual time. */
const PAGE_MS = 10_000;

/**
 * Play, its speed, and a scrubber over virtual time: dragging to a time shows the last step at or before it.
 * Play moves in virtual time (play-timing.ts) and waits at each prediction until the reader answers or presses Next.
 * It stops at the last step; with reduced motion the steps are still instant, only the scrolling is not smooth.
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

  /**
   * The slider's own keys move by step, not by 100 ms, so none is skipped where steps share a time: arrows one step,
   * Home and End to the first and last, Page Up and Page Down up to 10 s of virtual time (at least one step).
   */
  const onScrubberKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (!(event.key in SCRUBBER_KEYS) || event.altKey || event.ctrlKey || event.metaKey) return;
    // Keep these keys from the run's own ←/→ stepping, and from the browser's 100 ms nudge that would snap back.
    event.preventDefault();
    event.stopPropagation();
    const frames = timeline.frames;
    const at = frame.at;
    const target = {
      ArrowRight: cursor + 1,
      ArrowUp: cursor + 1,
      ArrowLeft: cursor - 1,
      ArrowDown: cursor - 1,
      PageUp: frames.findLast((step) => step.at > at && step.at <= at + PAGE_MS)?.index ?? cursor + 1,
      PageDown: frames.find((step) => step.at < at && step.at >= at - PAGE_MS)?.index ?? cursor - 1,
      Home: 0,
      End: stepCount - 1,
    }[event.key as keyof typeof SCRUBBER_KEYS];
    actions.goToStep(target);
  };
  return (
    <div className="playback" role="group" aria-label={content.controls.playback.label}>
      <button
        type="button"
        aria-pressed={playing}
        aria-keyshortcuts={playKeys}
        onClick={playing ? actions.pause : actions.play}
      >
        {playing ? content.controls.playback.pause : content.controls.playback.play}
      </button>
      <label className="playback-speed">
        {content.controls.playback.speed}
        <select value={speed} onChange={(event) => actions.setSpeed(known(oneOf(PLAYBACK_SPEEDS, event.target.value)))}>
          {PLAYBACK_SPEEDS.map((option) => (
            <option key={option} value={option}>
              {option}×
            </option>
          ))}
        </select>
      </label>
      <label htmlFor={`${id}-scrubber`} className="visually-hidden">
        {content.controls.playback.virtualTime}
      </label>
      <input
        id={`${id}-scrubber`}
        className="scrubber"
        type="range"
        min={0}
        max={end}
        step={100}
        value={frame.at}
        aria-valuetext={fillTemplate(content.controls.playback.valueText, {
          time: formatTick(frame.at),
          step: String(cursor + 1),
          count: String(stepCount),
        })}
        onChange={(event) => actions.goToTime(Number(event.target.value))}
        onKeyDown={onScrubberKey}
      />
      <output htmlFor={`${id}-scrubber`} className="scrubber-time">
        {formatTick(frame.at)}
      </output>
      {/* Play waits at an unanswered prediction, so its clock needs saved progress: with nothing saved that code
          comes on the reader's first move (pressing Play is one), and the controls hydrate without it. */}
      <Suspense fallback={null}>
        <PlayClock />
      </Suspense>
    </div>
  );
}

/** Moves a playing walkthrough on at its pace, and says why it waits or hurries. */
function PlayClock() {
  const timeline = useWalkthrough(selectTimeline);
  const cursor = useWalkthrough(selectCursor);
  const frame = useWalkthrough(selectFrame);
  const playing = useWalkthrough((state) => state.playing);
  const speed = useWalkthrough((state) => state.speed);
  const scenarioId = useWalkthrough((state) => state.scenarioId);
  const fencing = useWalkthrough((state) => state.fencing);
  const actions = useWalkthroughActions();
  const predictions = useProgress((state) => state.predictions);
  const asking = predictionPoints(timeline).find((point) => point.askAt === cursor);
  const waiting = asking !== undefined && predictions[predictionKey(scenarioId, fencing, asking.id)] === undefined;
  const next = timeline.frames[cursor + 1];
  const delay = next ? playDelay(next.at - frame.at, speed) : null;
  const delayMs = delay?.delayMs ?? null;

  useEffect(() => {
    if (!playing || waiting) return;
    if (delayMs === null) {
      actions.pause();
      return;
    }
    const timer = setTimeout(actions.next, delayMs);
    return () => clearTimeout(timer);
  }, [playing, waiting, delayMs, cursor, actions]);

  const status = waiting
    ? content.panels.playback.waiting
    : playing && delay?.compressed && next
      ? fillTemplate(content.panels.playback.compressed, {
          gap: formatTime(next.at - frame.at),
          shown: formatTime(delay.delayMs),
        })
      : null;
  return playing && status ? <p className="playback-status">{status}</p> : null;
}

const SCRUBBER_KEYS = {
  ArrowRight: 1,
  ArrowUp: 1,
  ArrowLeft: 1,
  ArrowDown: 1,
  PageUp: 1,
  PageDown: 1,
  Home: 1,
  End: 1,
};
