import { CodeText } from '@/components/code-text';
import { selectCursor, selectFrame, selectStepCount, selectTimeline } from '@/store/selectors';
import { useWalkthrough } from '@/store/use-walkthrough';
import { formatTime } from '@/story/format';
import { narrationsFor } from '@/story/timeline-narrations';

/** The current step in plain words, announced to screen readers as each step arrives. */
export function StepCaption() {
  const timeline = useWalkthrough(selectTimeline);
  const frame = useWalkthrough(selectFrame);
  const cursor = useWalkthrough(selectCursor);
  const stepCount = useWalkthrough(selectStepCount);
  const narration = narrationsFor(timeline)[cursor];
  const outcome = frame.happening.kind === 'scenarioEnded' ? frame.happening.outcome.kind : null;

  return (
    <>
      {/* The caption is its own live region: read once as each step arrives, not again from a hidden copy. */}
      <div className={`caption${outcome ? ` outcome-${outcome}` : ''}`} aria-live="polite" aria-atomic="true">
        <p className="caption-time">
          <span className="visually-hidden">
            Step {cursor + 1} of {stepCount}, at{' '}
          </span>
          {formatTime(frame.at)}
          <span className="visually-hidden">{': '}</span>
        </p>
        <p className="caption-text" data-testid="step-caption">
          {narration && <CodeText text={narration.caption} />}
        </p>
      </div>
    </>
  );
}
