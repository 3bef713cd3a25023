import { CodeText } from '@/components/code-text';
import { selectCursor, selectFrame, selectStepCount, selectTimeline } from '@/store/selectors';
import { useWalkthrough } from '@/store/use-walkthrough';
import { formatTime } from '@/story/format';
import { narrationsFor } from '@/story/timeline-narrations';
import { plainText } from '@/story/narrate';

/** The current step in plain words, and the same words for screen readers as each step arrives. */
export function StepCaption() {
  const timeline = useWalkthrough(selectTimeline);
  const frame = useWalkthrough(selectFrame);
  const cursor = useWalkthrough(selectCursor);
  const stepCount = useWalkthrough(selectStepCount);
  const narration = narrationsFor(timeline)[cursor];
  const outcome = frame.happening.kind === 'scenarioEnded' ? frame.happening.outcome.kind : null;

  return (
    <>
      <div className={`caption${outcome ? ` outcome-${outcome}` : ''}`}>
        <p className="caption-time">
          <span className="visually-hidden">Virtual time </span>
          {formatTime(frame.at)}
        </p>
        <p className="caption-text" data-testid="step-caption">
          {narration && <CodeText text={narration.caption} />}
        </p>
      </div>
      <div className="visually-hidden" aria-live="polite" aria-atomic="true">
        {narration && `Step ${cursor + 1} of ${stepCount}, at ${formatTime(frame.at)}: ${plainText(narration.caption)}`}
      </div>
    </>
  );
}
