import { fillTemplate } from '@/content/fill-template';
import content from 'virtual:lockstep/content';
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
    <div className="stepper" role="group" aria-label={content.controls.stepper.label}>
      <button ref={backButton} type="button" onClick={back} disabled={!canGoBack} aria-keyshortcuts={backKeys}>
        <span aria-hidden="true">← </span>
        {content.controls.stepper.back}
      </button>
      <span className="step-indicator">
        {fillTemplate(content.controls.stepper.indicator, { step: String(cursor + 1), count: String(stepCount) })}
      </span>
      <button
        ref={nextButton}
        type="button"
        className="primary"
        onClick={next}
        disabled={!canGoNext}
        aria-keyshortcuts={nextKeys}
      >
        {content.controls.stepper.next}
        <span aria-hidden="true"> →</span>
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
    <div className="toggles" role="group" aria-label={content.controls.stepper.options}>
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
        {content.controls.stepper.fencing}
        <span className="switch-state" aria-hidden="true">
          {content.controls.stepper[fencing ? 'on' : 'off']}
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
          {content.controls.stepper.textVersion}
        </button>
      )}
    </div>
  );
}
