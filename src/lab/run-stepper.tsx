import { fillTemplate } from '@/content/fill-template';
import content from 'virtual:lockstep/content';
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
        {content.controls.stepper.back}
      </button>
      <span className="step-indicator">
        {fillTemplate(content.controls.stepper.indicator, { step: String(step + 1), count: String(count) })}
      </span>
      <button
        type="button"
        className="primary"
        onClick={actions.next}
        disabled={step === count - 1}
        aria-keyshortcuts={nextKeys}
      >
        {content.controls.stepper.next}
      </button>
      <button type="button" onClick={actions.goToLast} aria-keyshortcuts={lastKeys}>
        {content.controls.stepper.goToEnd}
      </button>
    </div>
  );
}
