import { useRef } from 'react';
import { selectCanGoBack, selectCanGoNext, selectCursor, selectStepCount } from '@/store/selectors';
import { useKeyShortcutsAttribute } from '@/shortcuts/use-shortcuts';
import { useWalkthrough, useWalkthroughActions } from '@/store/use-walkthrough';

/** Back, the step indicator and Next: the controls that stay in view while the learner scrolls. */
export function StepControls() {
  const cursor = useWalkthrough(selectCursor);
  const stepCount = useWalkthrough(selectStepCount);
  const canGoBack = useWalkthrough(selectCanGoBack);
  const canGoNext = useWalkthrough(selectCanGoNext);
  const actions = useWalkthroughActions();
  const backKeys = useKeyShortcutsAttribute('reading', 'back');
  const nextKeys = useKeyShortcutsAttribute('reading', 'next');
  const backButton = useRef<HTMLButtonElement>(null);
  const nextButton = useRef<HTMLButtonElement>(null);
  // A button that becomes disabled drops keyboard focus; hand it to the other one first.
  const back = () => {
    if (cursor === 1) nextButton.current?.focus();
    actions.back();
  };
  const next = () => {
    if (cursor === stepCount - 2) backButton.current?.focus();
    actions.next();
  };

  return (
    <div className="stepper" role="group" aria-label="Step through the timeline">
      <button ref={backButton} type="button" onClick={back} disabled={!canGoBack} aria-keyshortcuts={backKeys}>
        <span aria-hidden="true">← </span>Back
      </button>
      <span className="step-indicator">
        Step {cursor + 1} of {stepCount}
      </span>
      <button
        ref={nextButton}
        type="button"
        className="primary"
        onClick={next}
        disabled={!canGoNext}
        aria-keyshortcuts={nextKeys}
      >
        Next<span aria-hidden="true"> →</span>
      </button>
    </div>
  );
}

/** How the timeline is told: with or without fencing tokens, as a picture or also as text. */
export function ViewToggles({ textToggle = true }: { textToggle?: boolean }) {
  const fencing = useWalkthrough((state) => state.fencing);
  const textVersion = useWalkthrough((state) => state.textVersion);
  const actions = useWalkthroughActions();

  return (
    <div className="toggles" role="group" aria-label="Walkthrough options">
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
      {textToggle && (
        <button
          type="button"
          aria-pressed={textVersion}
          aria-controls={textVersion ? 'text-version' : undefined}
          className="toggle"
          onClick={actions.toggleTextVersion}
        >
          Text version
        </button>
      )}
    </div>
  );
}
