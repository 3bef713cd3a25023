import { selectCanGoBack, selectCanGoNext, selectCursor, selectStepCount } from '@/store/selectors';
import { useWalkthrough, useWalkthroughActions } from '@/store/use-walkthrough';

export function TimelineControls() {
  const cursor = useWalkthrough(selectCursor);
  const stepCount = useWalkthrough(selectStepCount);
  const canGoBack = useWalkthrough(selectCanGoBack);
  const canGoNext = useWalkthrough(selectCanGoNext);
  const fencing = useWalkthrough((state) => state.fencing);
  const textVersion = useWalkthrough((state) => state.textVersion);
  const actions = useWalkthroughActions();

  return (
    <div className="controls" role="group" aria-label="Walkthrough controls">
      <div className="stepper">
        <button type="button" onClick={actions.back} disabled={!canGoBack} aria-keyshortcuts="ArrowLeft">
          <span aria-hidden="true">← </span>Back
        </button>
        <span className="step-indicator" id="step-indicator">
          Step {cursor + 1} of {stepCount}
        </span>
        <button
          type="button"
          className="primary"
          onClick={actions.next}
          disabled={!canGoNext}
          aria-keyshortcuts="ArrowRight"
        >
          Next<span aria-hidden="true"> →</span>
        </button>
      </div>
      <div className="toggles">
        <button
          type="button"
          role="switch"
          aria-checked={fencing}
          className="switch"
          onClick={() => actions.setFencing(!fencing)}
        >
          <span className="switch-track" aria-hidden="true">
            <span className="switch-thumb" />
          </span>
          Fencing tokens
          <span className="switch-state" aria-hidden="true">
            {fencing ? 'on' : 'off'}
          </span>
        </button>
        <button
          type="button"
          aria-pressed={textVersion}
          aria-controls={textVersion ? 'text-version' : undefined}
          className="toggle"
          onClick={actions.toggleTextVersion}
        >
          Text version
        </button>
      </div>
    </div>
  );
}
