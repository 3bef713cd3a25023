import content from 'virtual:lockstep/content';
import lab from 'virtual:lockstep/lab';
import { useEffect, useId, useMemo, useState } from 'react';
import { fillTemplate } from '@/content/fill-template';
import { LAB_FIELDS, type LabConfig } from '@/settings/lab-config';
import { issuesTokens } from '@/sim/services/service';
import { CounterexampleSearch } from './counterexample-search';
import { axisRange, axisValues, mapFieldsFor, type MapAxis, type MapField } from './outcome-map';
import { cellPaint, MapGrid, VerdictPatterns, type SubHeading } from './outcome-map-grid';
import type { MapReply, MapRequest } from './outcome-map.worker';
import styles from './outcome-map.module.css';

const SIZE = 40;
const seed = content.scenarios[0]!;
const CA_MS = seed.renewers[0]?.certificateAuthorityMs ?? 5_000;

/** The map's runs need a worker, so the page never waits on them; without one (an old browser) the map says so. */
const WORKERS = typeof Worker !== 'undefined';

/** Computed maps, by their configuration and axes: a map is not run twice. */
const cache = new Map<string, Uint8Array>();

type Mode = 'off' | 'on';

/**
 * The outcome map: for the lab's current service and storage, a grid over two settings (TTL × pause length by
 * default), every cell a complete run computed in a worker, with the table checking nothing and checking tokens
 * side by side. One focusable widget: arrow keys move between cells, Enter opens the run.
 */
export function OutcomeMap({
  config,
  onOpen,
  headingLevel = 2,
}: {
  config: LabConfig;
  onOpen: (config: LabConfig) => void;
  /** 3 inside a lesson section; its grids' headings follow one level down. */
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const Sub = headingLevel === 2 ? 'h3' : 'h4';
  const headingId = useId();
  const fields = mapFieldsFor(config.service);
  const [xField, setXField] = useState<MapField>('ttlMs');
  const [yField, setYField] = useState<MapField>('pauseMs');
  const x: MapAxis = useMemo(
    () => ({ field: xField, values: axisValues(axisRange(xField, config, CA_MS), SIZE, config[xField]) }),
    [xField, config],
  );
  const y: MapAxis = useMemo(
    () => ({ field: yField, values: axisValues(axisRange(yField, config, CA_MS), SIZE, config[yField]) }),
    [yField, config],
  );
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
  const xId = useId();
  const yId = useId();

  return (
    <section className={styles.outcomeMap} aria-labelledby={headingId}>
      <Heading id={headingId}>Outcome map</Heading>
      <p>{lab.map.intro}</p>
      <div className={styles.axes}>
        <label htmlFor={xId}>Across</label>
        <select id={xId} value={xField} onChange={(event) => setXField(event.target.value as MapField)}>
          {fields.map((field) => (
            <option key={field} value={field} disabled={field === yField}>
              {LAB_FIELDS[field].label}
            </option>
          ))}
        </select>
        <label htmlFor={yId}>Up</label>
        <select id={yId} value={yField} onChange={(event) => setYField(event.target.value as MapField)}>
          {fields.map((field) => (
            <option key={field} value={field} disabled={field === xField}>
              {LAB_FIELDS[field].label}
            </option>
          ))}
        </select>
      </div>
      <MapLegend />
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
}: {
  Sub: SubHeading;
  mode: Mode;
  config: LabConfig;
  current: LabConfig;
  x: MapAxis;
  y: MapAxis;
  onOpen: (config: LabConfig) => void;
}) {
  const key = JSON.stringify([config, x, y]);
  const [result, setResult] = useState<{ key: string; cells: Uint8Array } | null>(() => {
    const cached = cache.get(key);
    return cached ? { key, cells: cached } : null;
  });
  const [progress, setProgress] = useState<{ key: string; rows: number } | null>(null);
  const rowsDone = progress?.key === key ? progress.rows : 0;
  const [cancelled, setCancelled] = useState<string | null>(null);
  const cells = result?.key === key ? result.cells : (cache.get(key) ?? null);

  useEffect(() => {
    if (cache.has(key) || cancelled === key || !WORKERS) return;
    const worker = new Worker(new URL('./outcome-map.worker.ts', import.meta.url), {
      type: 'module',
      name: 'lockstep-outcome-map',
    });
    worker.addEventListener('message', (event: MessageEvent<MapReply>) => {
      if (event.data.kind === 'progress') setProgress({ key, rows: event.data.rowsDone });
      else if (event.data.kind === 'done') {
        cache.set(key, event.data.cells);
        setResult({ key, cells: event.data.cells });
        worker.terminate();
      }
    });
    worker.postMessage({ kind: 'map', id: 1, seed, config, x, y } satisfies MapRequest);
    return () => worker.terminate();
  }, [key, config, x, y, cancelled]);

  const title = mode === 'on' ? lab.map.on : lab.map.off;
  if (!cells && !WORKERS) {
    return (
      <div className={styles.oneMap}>
        <Sub>{title}</Sub>
        <p>{lab.map.noWorkers}</p>
      </div>
    );
  }
  if (!cells) {
    return (
      <div className={styles.oneMap}>
        <Sub>{title}</Sub>
        {cancelled === key ? (
          <button type="button" onClick={() => setCancelled(null)}>
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
            <button type="button" onClick={() => setCancelled(key)}>
              Cancel
            </button>
          </>
        )}
      </div>
    );
  }
  return (
    <MapGrid Sub={Sub} title={title} cells={cells} x={x} y={y} config={config} current={current} onOpen={onOpen} />
  );
}
