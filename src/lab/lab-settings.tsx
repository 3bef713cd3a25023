import lab from 'virtual:lockstep/lab';
import { useId } from 'react';
import { fieldProblemMessage } from '@/content/field-problem-message';
import {
  LAB_FIELDS,
  LAB_RESOURCES,
  LAB_SERVICES,
  PAUSE_MOMENTS,
  RENEWER_COUNTS,
  presetConfig,
  sameRun,
  fieldApplies,
  STORAGE_FOR,
  storageApplies,
  type LabConfig,
} from '@/settings/lab-config';
import { clampField, type FieldProblem } from '@/settings/lab-address';
import { SettingField } from './setting-field';
import styles from './lab.module.css';
import { known, oneOf } from '@/sim/known';

/** The preset whose settings the run has now, if any: it is shown pressed. */
export function activePresetOf(config: LabConfig): string | undefined {
  // The map's axes are no part of a preset: choosing other axes keeps the preset marked.
  return lab.presets.find((preset) => sameRun(presetConfig(preset.config), config))?.id;
}

/** The lab's what-ifs: the presets, and every setting with its problem beside it. */
export function LabSettings({
  config,
  problems,
  change,
  showRun,
  showPresets,
}: {
  config: LabConfig;
  problems: readonly FieldProblem[];
  change: (config: LabConfig, problems?: readonly FieldProblem[]) => void;
  /** Brings the run into view: after a preset, or a value typed and entered, never while a slider moves. */
  showRun: () => void;
  showPresets: boolean;
}) {
  const activePreset = activePresetOf(config);
  const problemFor = (field: keyof LabConfig) => {
    const problem = problems.find((candidate) => candidate.field === field);
    return problem && fieldProblemMessage(problem, lab.fields);
  };
  const storageId = useId();
  // "Checks tokens" is greyed out under Redis and Redlock; say why beside it.
  const storageNote =
    problemFor('storage') ??
    (STORAGE_FOR[config.resource].every((storage) => storageApplies(storage, config.service))
      ? null
      : lab.fields.problems.tokenless);
  return (
    <>
      {showPresets && (
        <section aria-labelledby="presets-heading">
          <h3 id="presets-heading">{lab.labels.presets}</h3>
          <ul className={styles.presets}>
            {lab.presets.map((preset) => (
              <li key={preset.id}>
                <button
                  type="button"
                  aria-pressed={activePreset === preset.id}
                  onClick={() => {
                    change(presetConfig(preset.config));
                    showRun();
                  }}
                >
                  {preset.title}
                </button>
                <span className={styles.presetDescription}>{preset.description}</span>
              </li>
            ))}
          </ul>
        </section>
      )}
      <form className={styles.controls} aria-label={lab.labels.whatIf} onSubmit={(event) => event.preventDefault()}>
        <label>
          {lab.labels.service}
          <select
            value={config.service}
            onChange={(event) => change({ ...config, service: known(oneOf(LAB_SERVICES, event.target.value)) })}
          >
            {LAB_SERVICES.map((service) => (
              <option key={service} value={service}>
                {lab.services[service]}
              </option>
            ))}
          </select>
        </label>
        <label>
          {lab.labels.resource}
          <select
            value={config.resource}
            onChange={(event) => {
              const resource = known(oneOf(LAB_RESOURCES, event.target.value));
              change({ ...config, resource, storage: known(STORAGE_FOR[resource][0]) });
            }}
          >
            {LAB_RESOURCES.map((resource) => (
              <option key={resource} value={resource}>
                {lab.resources[resource]}
              </option>
            ))}
          </select>
        </label>
        <div className={styles.selectField}>
          <label htmlFor={storageId}>{lab.labels.storage}</label>
          <select
            id={storageId}
            value={config.storage}
            aria-describedby={storageNote ? `${storageId}-note` : undefined}
            onChange={(event) =>
              change({ ...config, storage: known(oneOf(STORAGE_FOR[config.resource], event.target.value)) })
            }
          >
            {STORAGE_FOR[config.resource].map((storage) => (
              <option key={storage} value={storage} disabled={!storageApplies(storage, config.service)}>
                {lab.storage[storage]}
              </option>
            ))}
          </select>
          {storageNote && (
            <span id={`${storageId}-note`} className={styles.fieldNote}>
              {storageNote}
            </span>
          )}
        </div>
        <label>
          {lab.labels.pauseWhen}
          <select
            value={config.pauseWhen}
            onChange={(event) => change({ ...config, pauseWhen: known(oneOf(PAUSE_MOMENTS, event.target.value)) })}
          >
            {PAUSE_MOMENTS.map((moment) => (
              <option key={moment} value={moment}>
                {lab.pauseMoments[moment]}
              </option>
            ))}
          </select>
        </label>
        <label>
          {lab.labels.renewers}
          <select
            value={config.renewers}
            onChange={(event) => change({ ...config, renewers: known(oneOf(RENEWER_COUNTS, event.target.value)) })}
          >
            {RENEWER_COUNTS.map((count) => (
              <option key={count} value={count}>
                {count}
              </option>
            ))}
          </select>
        </label>
        <label className={styles.checkField}>
          <input
            type="checkbox"
            checked={config.partition}
            disabled={!fieldApplies('partition', config)}
            onChange={(event) =>
              change(
                { ...config, partition: event.target.checked },
                problems.filter((problem) => problem.field !== 'partition'),
              )
            }
          />
          {lab.labels.partition}
        </label>
        {(Object.keys(LAB_FIELDS) as (keyof typeof LAB_FIELDS)[]).map((field) => {
          const others = problems.filter((problem) => problem.field !== field);
          return (
            <SettingField
              key={field}
              field={field}
              value={config[field]}
              problem={problemFor(field)}
              // A pause while the replies are in flight starts with A's first request, not at a set time.
              disabled={!fieldApplies(field, config)}
              onSlide={(value) => change({ ...config, [field]: value }, others)}
              onType={(raw, entered) => {
                const result = clampField(field, raw, 'inSeconds');
                // A typo keeps the run as it was, and says what it could not read.
                const value = result.problem?.kind === 'notANumber' ? config[field] : result.value;
                change({ ...config, [field]: value }, result.problem ? [...others, result.problem] : others);
                if (entered) showRun();
              }}
            />
          );
        })}
      </form>
    </>
  );
}
