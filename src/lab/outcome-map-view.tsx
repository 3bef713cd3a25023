import lab from 'virtual:lockstep/lab';
import { useEffect, useId, useMemo } from 'react';
import { fieldProblemMessage } from '@/content/field-problem-message';
import { fillTemplate } from '@/content/fill-template';
import {
  LAB_FIELDS,
  LAB_SERVICES,
  mapFieldsFor,
  withApplicableSettings,
  type LabConfig,
  type MapField,
} from '@/settings/lab-config';
import { type FieldProblem } from '@/settings/lab-address';
import type { LockServiceKind } from '@/sim/services/service';
import { issuesTokens } from '@/sim/services/service';
import { CounterexampleSearch } from './counterexample-search';
import { axisRange, axisValues, type MapAxis } from './outcome-map';
import { cellPaint, MapGrid, VerdictPatterns, type SubHeading } from './outcome-map-grid';
import { useOutcomeMap, WORKERS } from './use-outcome-map';
import styles from './outcome-map.module.css';

const SIZE = 40;
/** A's certificate is ready this long after its grant (the lesson's certificate authority). */
const CA_MS = 5_000;

type Mode = 'off' | 'on';

const axisOf = (field: MapField, config: LabConfig): MapAxis => ({
  field,
  values: axisValues(axisRange(field, config, CA_MS), SIZE, config[field]),
});

/**
 * The outcome map: for a service and storage, a grid over two settings (TTL × pause length by default), every cell
 * a complete run computed in a worker, with the table checking nothing and checking tokens side by side. The
 * service and the axes are part of `config`, so the lab keeps them in its address; one focusable grid per map.
 */
export function OutcomeMap({
  config,
  problems = [],
  onConfigChange,
  onOpen,
  onDrawn,
  headingLevel = 2,
}: {
  config: LabConfig;
  /** What was wrong with the axes a link asked for, said beside the pickers. */
  problems?: readonly FieldProblem[];
  /** The map's own choices (service, axes) as a new configuration. */
  onConfigChange: (config: LabConfig) => void;
  onOpen: (config: LabConfig) => void;
  /** Told once each map has been computed and drawn (an embed reports it to its host). */
  onDrawn?: (config: LabConfig) => void;
  /** 3 inside a lesson section; its grids' headings follow one level down. */
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const Sub = headingLevel === 2 ? 'h3' : 'h4';
  const headingId = useId();
  const fields = mapFieldsFor(config.service);
  const x = useMemo(() => axisOf(config.mapAcross, config), [config]);
  const y = useMemo(() => axisOf(config.mapUp, config), [config]);
  // Under Redis and Redlock there is no token to check: one map, and a sentence saying why.
  const modes: readonly Mode[] =
    issuesTokens(config.service) && config.resource === 'certificate' ? ['off', 'on'] : ['off'];
  // One object per mode and configuration, so a worker starts only when the map itself changes.
  const modeConfigs = useMemo(
    () => ({
      off: { ...config, storage: 'unchecked' as const },
      on: { ...config, storage: 'fenced' as const },
    }),
    [config],
  );
  const ids = { service: useId(), across: useId(), up: useId() };
  const choose = (change: Partial<LabConfig>) => onConfigChange(withApplicableSettings({ ...config, ...change }));
  const axisSelect = (which: 'mapAcross' | 'mapUp', other: MapField) => (
    <select
      id={ids[which === 'mapAcross' ? 'across' : 'up']}
      value={config[which]}
      onChange={(event) => choose({ [which]: event.target.value as MapField })}
    >
      {fields.map((field) => (
        <option key={field} value={field} disabled={field === other}>
          {LAB_FIELDS[field].label}
        </option>
      ))}
    </select>
  );

  return (
    <section className={styles.outcomeMap} aria-labelledby={headingId}>
      <Heading id={headingId}>Outcome map</Heading>
      <p>{lab.map.intro}</p>
      <div className={styles.axes}>
        <span className={styles.choice}>
          <label htmlFor={ids.service}>{lab.map.service}</label>
          <select
            id={ids.service}
            value={config.service}
            onChange={(event) => choose({ service: event.target.value as LockServiceKind })}
          >
            {LAB_SERVICES.map((service) => (
              <option key={service} value={service}>
                {lab.services[service]}
              </option>
            ))}
          </select>
        </span>
        <span className={styles.choice}>
          <label htmlFor={ids.across}>{lab.map.across}</label>
          {axisSelect('mapAcross', config.mapUp)}
        </span>
        <span className={styles.choice}>
          <label htmlFor={ids.up}>{lab.map.up}</label>
          {axisSelect('mapUp', config.mapAcross)}
        </span>
      </div>
      {problems
        .filter((problem) => problem.field === 'mapAcross' || problem.field === 'mapUp')
        .map((problem) => (
          <p key={problem.field + problem.kind} className={styles.problem} role="alert">
            {fieldProblemMessage(problem, lab.fields)}
          </p>
        ))}
      <MapLegend />
      <p className={styles.note}>{lab.map.boundariesIntro}</p>
      <div className={styles.maps}>
        {modes.map((mode) => (
          <OneMap
            Sub={Sub}
            key={mode}
            mode={mode}
            config={modeConfigs[mode]}
            current={config}
            x={x}
            y={y}
            onOpen={onOpen}
            onDrawn={onDrawn}
          />
        ))}
      </div>
      {modes.length === 1 && config.resource === 'certificate' && <p>{lab.map.noToken}</p>}
      <CounterexampleSearch config={config} onOpen={onOpen} Sub={Sub} />
    </section>
  );
}

function MapLegend() {
  const prefix = useId().replaceAll(':', '');
  return (
    <ul className={styles.legend} aria-label="Key">
      {(['safe', 'duplicateWork', 'staleWriteLanded'] as const).map((kind) => (
        <li key={kind}>
          <svg width={16} height={16} aria-hidden="true">
            <VerdictPatterns prefix={prefix} />
            <rect width={16} height={16} {...cellPaint(prefix, kind)} />
          </svg>{' '}
          {lab.verdicts[kind]}
        </li>
      ))}
    </ul>
  );
}

/** One fencing mode's grid, computed in a worker with progress and a cancel. */
function OneMap({
  Sub,
  mode,
  config,
  current,
  x,
  y,
  onOpen,
  onDrawn,
}: {
  Sub: SubHeading;
  mode: Mode;
  config: LabConfig;
  current: LabConfig;
  x: MapAxis;
  y: MapAxis;
  onOpen: (config: LabConfig) => void;
  onDrawn: ((config: LabConfig) => void) | undefined;
}) {
  const { map, rowsDone, cancelled, cancel, resume } = useOutcomeMap(config, x, y);
  useEffect(() => {
    if (map) onDrawn?.(config);
  }, [map, config, onDrawn]);
  const title = mode === 'on' ? lab.map.on : lab.map.off;
  if (map) {
    return <MapGrid Sub={Sub} title={title} map={map} x={x} y={y} config={config} current={current} onOpen={onOpen} />;
  }
  return (
    <div className={styles.oneMap}>
      <Sub>{title}</Sub>
      {!WORKERS ? (
        <p>{lab.map.noWorkers}</p>
      ) : cancelled ? (
        <button type="button" onClick={resume}>
          Compute the map
        </button>
      ) : (
        <>
          <label>
            {fillTemplate(lab.map.computing, {
              done: String(rowsDone * x.values.length),
              total: String(x.values.length * y.values.length),
            })}{' '}
            <progress max={y.values.length} value={rowsDone} />
          </label>
          <button type="button" onClick={cancel}>
            Cancel
          </button>
        </>
      )}
    </div>
  );
}
