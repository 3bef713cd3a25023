import { useKeyShortcutsAttribute } from '@/shortcuts/use-shortcuts';
import type { StepperActions } from '@/store/stepper';

/** Back, the step counter, Next and Go to the end for a lab run, on the page or inline in the lesson. */
export function RunStepper({
  label,
  step,
  count,
  actions,
}: {
  label: string;
  step: number;
  count: number;
  actions: StepperActions;
}) {
  const backKeys = useKeyShortcutsAttribute('reading', 'back');
  const nextKeys = useKeyShortcutsAttribute('reading', 'next');
  const lastKeys = useKeyShortcutsAttribute('reading', 'last');
  return (
    <div className="stepper" role="group" aria-label={label}>
      <button type="button" onClick={actions.back} disabled={step === 0} aria-keyshortcuts={backKeys}>
        Back
      </button>
      <span className="step-indicator">
        Step {step + 1} of {count}
      </span>
      <button
        type="button"
        className="primary"
        onClick={actions.next}
        disabled={step === count - 1}
        aria-keyshortcuts={nextKeys}
      >
        Next
      </button>
      <button type="button" onClick={actions.goToLast} aria-keyshortcuts={lastKeys}>
        Go to the end
      </button>
    </div>
  );
}
