import lab from 'virtual:lockstep/lab';
import { useId, useState } from 'react';
import { fillTemplate } from '@/content/fill-template';
import { LAB_FIELDS, type NumericField } from '@/settings/lab-config';
import styles from './lab.module.css';

/** A slider's step: a second for times, a per cent for drift. Typed values go finer, to the millisecond. */
const SLIDER_STEP = 1;
/**
 * A time's slider reaches 2 minutes, where the lesson's runs play out (leases of seconds to a minute), so a second
 * is a visible move on a phone; a longer value is typed (up to the lab's 10 minutes), and the slider then ends there.
 */
const SLIDER_MAX_MS = 120_000;

/**
 * One numeric setting: a slider, and beside it the value to type. Times are shown in seconds, as the lesson speaks
 * of them; the configuration and its addresses keep milliseconds, so links made before stay valid. A slider acts as
 * it moves; a typed value on Enter or on leaving the box.
 */
export function SettingField({
  field,
  value,
  problem,
  disabled,
  onSlide,
  onType,
}: {
  field: NumericField;
  /** In the configuration's own unit (milliseconds or per cent). */
  value: number;
  problem: string | undefined;
  disabled: boolean;
  /** A slider's new value, already in the configuration's unit. */
  onSlide: (value: number) => void;
  /** The text typed, in the unit shown, and whether Enter committed it. */
  onType: (raw: string, entered: boolean) => void;
}) {
  const spec = LAB_FIELDS[field];
  const perShown = spec.unit === 'ms' ? 1000 : 1;
  const unit = spec.unit === 'ms' ? 's' : spec.unit;
  const shown = (stored: number) => String(stored / perShown);
  // The box keeps what is being typed; a new value from elsewhere (the slider, a preset, a clamp) replaces it.
  const [draft, setDraft] = useState(shown(value));
  const [draftOf, setDraftOf] = useState(value);
  if (draftOf !== value) {
    setDraftOf(value);
    setDraft(shown(value));
  }
  const id = useId();
  const label = fillTemplate(lab.labels.fieldWithUnit, { label: lab.fields.labels[field], unit });
  return (
    <div className={styles.numberField}>
      <label id={`${id}-label`} htmlFor={id}>
        {label}
      </label>
      <div className={styles.slideOrType}>
        <input
          type="range"
          aria-labelledby={`${id}-label`}
          min={spec.min / perShown}
          max={(spec.unit === 'ms' ? Math.min(spec.max, Math.max(SLIDER_MAX_MS, value)) : spec.max) / perShown}
          step={SLIDER_STEP}
          value={value / perShown}
          aria-valuetext={`${shown(value)} ${unit}`}
          disabled={disabled}
          onChange={(event) => onSlide(Math.round(Number(event.target.value) * perShown))}
        />
        <input
          id={id}
          inputMode="decimal"
          value={draft}
          disabled={disabled}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-problem` : undefined}
          onChange={(event) => setDraft(event.target.value)}
          // Leaving the box commits only a change: a clamped value left as shown keeps its note until it is fixed.
          onBlur={() => {
            if (draft !== shown(value)) onType(draft, false);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter') onType(draft, true);
          }}
        />
      </div>
      {problem && (
        <span id={`${id}-problem`} className={styles.fieldProblem}>
          {problem}
        </span>
      )}
    </div>
  );
}
