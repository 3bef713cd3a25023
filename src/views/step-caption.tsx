import { fillTemplate } from '@/content/fill-template';
import content from 'virtual:lockstep/content';
import type { ReactNode } from 'react';
import { CodeText } from '@/components/code-text';
import { selectCursor, selectFrame, selectStepCount, selectTimeline } from '@/store/selectors';
import { useWalkthrough } from '@/store/use-walkthrough';
import { formatTime } from '@/story/format';
import { narrationsFor } from '@/story/timeline-narrations';

/**
 * The current step in plain words, announced to screen readers as each step arrives. `children` (the walkthrough's
 * prediction prompt and its result) join the same live region, so a step with a question is heard as one
 * announcement, caption first.
 */
export function StepCaption({ children }: { children?: ReactNode }) {
  const timeline = useWalkthrough(selectTimeline);
  const frame = useWalkthrough(selectFrame);
  const cursor = useWalkthrough(selectCursor);
  const stepCount = useWalkthrough(selectStepCount);
  const narration = narrationsFor(timeline)[cursor];
  const outcome = frame.happening.kind === 'scenarioEnded' ? frame.happening.outcome.kind : null;

  return (
    // One live region: read once as each step arrives, not again from a hidden copy.
    <div aria-live="polite" aria-atomic="true">
      <div className={`caption${outcome ? ` outcome-${outcome}` : ''}`}>
        <p className="caption-time">
          <span className="visually-hidden">
            {fillTemplate(content.controls.caption.stepAt, { step: String(cursor + 1), count: String(stepCount) })}
          </span>
          {formatTime(frame.at)}
          <span className="visually-hidden">{': '}</span>
        </p>
        <p className="caption-text" data-testid="step-caption">
          {narration && <CodeText text={narration.caption} />}
        </p>
      </div>
      {children}
    </div>
  );
}
