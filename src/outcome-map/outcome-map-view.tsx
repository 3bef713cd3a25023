import lab from 'virtual:lockstep/lab';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { fieldProblemMessage } from '@/content/field-problem-message';
import { fillTemplate } from '@/content/fill-template';
import {
  LAB_SERVICES,
  mapFieldsFor,
  withApplicableSettings,
  type LabConfig,
  type MapField,
} from '@/settings/lab-config';
import { type FieldProblem } from '@/settings/lab-address';
import { CounterexampleSearch } from './counterexample-search';
import { axisOf, isOnMap, mapStorages } from './map-anchor';
import type { MapAxis } from './outcome-map';
import { cellPaint, MapGrid, VerdictPatterns, type SubHeading } from './outcome-map-grid';
import { modeTitle } from './outcome-map-boundaries';
import { useOutcomeMap, useWorkers } from './use-outcome-map';
import styles from './outcome-map.module.css';
import { known, oneOf } from '@/sim/known';

/**
 * The configuration the axes are laid out around. Opening a cell of the map changes only the two axis settings (to
 * values already on the grid) and perhaps the storage: the map keeps its axes (and its cache), and only the ring
 * moves.
 */
function useAnchor(config: LabConfig): LabConfig {
  const [anchor, setAnchor] = useState(config);
  const keep = isOnMap(anchor, config);
  if (!keep && anchor !== config) setAnchor(config);
  return keep ? anchor : config;
}

/**
 * The outcome map: for a service and storage, a grid over two settings (TTL × pause length by default), every cell
 * a complete run computed in a worker, with the table checking nothing and checking tokens side by side. The
 * service and the axes are part of `config`, so the lab keeps them in its address; one focusable grid per map.
 */
export function OutcomeMap({
  config,
  problems = [],
  allProblems = false,
  onConfigChange,
  onOpen,
  onDrawn,
  headingLevel = 2,
  oneAtATime = false,
  authorTools = true,
}: {
  config: LabConfig;
  /** What was wrong with the axes a link asked for, said beside the pickers. */
  problems?: readonly FieldProblem[];
  /** Where the map stands alone (an embed), it says every problem of its link, not only its axes'. */
  allProblems?: boolean;
  /** The map's own choices (service, axes) as a new configuration. */
  onConfigChange: (config: LabConfig) => void;
  onOpen: (config: LabConfig) => void;
  /** Told once each map has been computed and drawn (an embed reports it to its host). */
  onDrawn?: (config: LabConfig) => void;
  /** 3 inside a lesson section; its grids' headings follow one level down. */
  headingLevel?: 2 | 3;
  /** A course column's embed: one map at a time, with a switch between the storages, in place of side by side. */
  oneAtATime?: boolean;
  /** The maps' downloads, for course authors: an embed shows them only with `tools=on`. */
  authorTools?: boolean;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const Sub = headingLevel === 2 ? 'h3' : 'h4';
  const headingId = useId();
  const fields = mapFieldsFor(config.service);
  const anchor = useAnchor(config);
  const x = useMemo(() => axisOf(anchor.mapAcross, anchor), [anchor]);
  const y = useMemo(() => axisOf(anchor.mapUp, anchor), [anchor]);
  // Side by side, what the resource may check: nothing first, then its protection (the certificate's tokens, or
  // the email's claim). Under Redis and Redlock the certificate has no token to check: one map, and why.
  // One object per storage and anchor, so a worker starts only when the map itself changes.
  const modeConfigs = useMemo(() => mapStorages(anchor).map((storage) => ({ ...anchor, storage })), [anchor]);
  const ids = { service: useId(), across: useId(), up: useId() };
  // One at a time, the table checking nothing first, as it stands first side by side: the danger, then the check.
  const [shownStorage, setShownStorage] = useState(known(modeConfigs[0]).storage);
  const shown = oneAtATime
    ? [modeConfigs.find((modeConfig) => modeConfig.storage === shownStorage) ?? known(modeConfigs[0])]
    : modeConfigs;
  const choose = (change: Partial<LabConfig>) => onConfigChange(withApplicableSettings({ ...config, ...change }));
  const axisSelect = (which: 'mapAcross' | 'mapUp', other: MapField) => (
    <select
      id={ids[which === 'mapAcross' ? 'across' : 'up']}
      value={config[which]}
      onChange={(event) => choose({ [which]: known(oneOf(fields, event.target.value)) })}
    >
      {fields.map((field) => (
        <option key={field} value={field} disabled={field === other}>
          {lab.fields.labels[field]}
        </option>
      ))}
    </select>
  );

  return (
    <section
      className={oneAtATime ? `${styles.outcomeMap} ${styles.oneAtATime}` : styles.outcomeMap}
      aria-labelledby={headingId}
    >
      <Heading id={headingId}>{lab.labels.outcomeMap}</Heading>
      <p>{lab.map.intro}</p>
      <div className={styles.axes}>
        <span className={styles.choice}>
          <label htmlFor={ids.service}>{lab.map.service}</label>
          <select
            id={ids.service}
            value={config.service}
            onChange={(event) => choose({ service: known(oneOf(LAB_SERVICES, event.target.value)) })}
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
        .filter((problem) => allProblems || problem.field === 'mapAcross' || problem.field === 'mapUp')
        .map((problem) => (
          <p key={problem.field + problem.kind} className={styles.problem} role="alert">
            {fieldProblemMessage(problem, lab.fields)}
          </p>
        ))}
      <MapLegend withRing={oneAtATime} />
      {!oneAtATime && <p className={styles.note}>{lab.map.boundariesIntro}</p>}
      {oneAtATime && modeConfigs.length > 1 && (
        <div className={styles.switch} role="group" aria-label={lab.map.showMap}>
          {modeConfigs.map((modeConfig) => (
            <button
              type="button"
              key={modeConfig.storage}
              aria-pressed={modeConfig === shown[0]}
              onClick={() => setShownStorage(modeConfig.storage)}
            >
              {modeTitle(modeConfig)}
            </button>
          ))}
        </div>
      )}
      <div className={oneAtATime ? undefined : styles.maps}>
        {shown.map((modeConfig) => (
          <OneMap
            authorTools={authorTools}
            inColumn={oneAtATime}
            Sub={Sub}
            key={modeConfig.storage}
            config={modeConfig}
            current={config}
            x={x}
            y={y}
            onOpen={onOpen}
            onDrawn={onDrawn}
          />
        ))}
      </div>
      {modeConfigs.length === 1 && config.resource === 'certificate' && <p>{lab.map.noToken}</p>}
      {oneAtATime ? (
        <details className={styles.searchFold}>
          <summary>{lab.map.searchHeading}</summary>
          <CounterexampleSearch config={config} onOpen={onOpen} Sub={Sub} />
        </details>
      ) : (
        <CounterexampleSearch config={config} onOpen={onOpen} Sub={Sub} />
      )}
    </section>
  );
}

/** The verdicts' colours and patterns; in a course column also the ring, whose note below each map it replaces. */
function MapLegend({ withRing }: { withRing: boolean }) {
  const prefix = useId().replaceAll(':', '');
  return (
    <ul className={styles.legend} aria-label={lab.labels.key}>
      {(['safe', 'duplicateWork', 'staleWriteLanded'] as const).map((kind) => (
        <li key={kind}>
          <svg width={16} height={16} aria-hidden="true">
            <VerdictPatterns prefix={prefix} />
            <rect width={16} height={16} {...cellPaint(prefix, kind)} />
          </svg>{' '}
          {lab.verdicts[kind]}
        </li>
      ))}
      {withRing && (
        <li>
          <svg width={16} height={16} aria-hidden="true">
            <rect x={1} y={1} width={14} height={14} className={styles.homeHalo} />
            <rect x={1} y={1} width={14} height={14} className={styles.home} />
          </svg>{' '}
          {lab.map.currentKey}
        </li>
      )}
    </ul>
  );
}

/** One fencing mode's grid, computed in a worker with progress and a cancel. */
function OneMap({
  authorTools,
  inColumn,
  Sub,
  config,
  current,
  x,
  y,
  onOpen,
  onDrawn,
}: {
  authorTools: boolean;
  inColumn: boolean;
  Sub: SubHeading;
  config: LabConfig;
  current: LabConfig;
  x: MapAxis;
  y: MapAxis;
  onOpen: (config: LabConfig) => void;
  onDrawn: ((config: LabConfig) => void) | undefined;
}) {
  const { map, rowsDone, cancelled, cancel, resume } = useOutcomeMap(config, x, y);
  const workers = useWorkers();
  useEffect(() => {
    if (map) onDrawn?.(config);
  }, [map, config, onDrawn]);
  const title = modeTitle(config);
  // Cancel and its way back replace each other: focus follows, so a keyboard user is not dropped on the page.
  const [moveFocus, setMoveFocus] = useState(false);
  const focusTarget = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (moveFocus) focusTarget.current?.focus({ preventScroll: true });
  }, [moveFocus, cancelled]);
  if (map) {
    return (
      <MapGrid
        Sub={Sub}
        title={title}
        map={map}
        x={x}
        y={y}
        config={config}
        current={current}
        onOpen={onOpen}
        exportable={authorTools}
        inColumn={inColumn}
      />
    );
  }
  return (
    <div className={styles.oneMap}>
      <Sub>{title}</Sub>
      {!workers ? (
        <p>{lab.map.noWorkers}</p>
      ) : cancelled ? (
        <button
          type="button"
          ref={focusTarget}
          onClick={() => {
            setMoveFocus(true);
            resume();
          }}
        >
          {lab.labels.compute}
        </button>
      ) : (
        <>
          <label>
            {fillTemplate(lab.map.computing, {
              done: (rowsDone * x.values.length).toLocaleString('en'),
              total: (x.values.length * y.values.length).toLocaleString('en'),
            })}{' '}
            <progress max={y.values.length} value={rowsDone} />
          </label>
          <button
            type="button"
            ref={focusTarget}
            onClick={() => {
              setMoveFocus(true);
              cancel();
            }}
          >
            {lab.labels.cancel}
          </button>
        </>
      )}
    </div>
  );
}
