import content from 'virtual:lockstep/content';
import lab from 'virtual:lockstep/lab';
import { scaleLinear } from 'd3-scale';
import { useEffect, useId, useMemo, useState, type KeyboardEvent } from 'react';
import { fillTemplate } from '@/content/fill-template';
import { LAB_FIELDS, type LabConfig } from '@/settings/lab-config';
import { issuesTokens } from '@/sim/services/service';
import { formatTick } from '@/story/format';
import { axisRange, axisValues, mapFieldsFor, VERDICT_CODES, type MapAxis, type MapField } from './outcome-map';
import type { MapReply, MapRequest, SearchRequest } from './outcome-map.worker';
import type { SearchResult } from './outcome-map';
import styles from './outcome-map.module.css';

const SIZE = 40;
const CELL = 9;
const GUTTER = { left: 64, bottom: 40, top: 8, right: 8 };
const seed = content.scenarios[0]!;
const CA_MS = seed.renewers[0]?.certificateAuthorityMs ?? 5_000;

/** The map's runs need a worker, so the page never waits on them; without one (an old browser) the map says so. */
const WORKERS = typeof Worker !== 'undefined';

/** Computed maps, by their configuration and axes: a map is not run twice. */
const cache = new Map<string, Uint8Array>();

type Mode = 'off' | 'on';
/** The map's own headings sit one level under its title. */
type SubHeading = 'h3' | 'h4';

/** A value on an axis, in the field's own unit: seconds, or per cent. */
const formatValue = (field: MapField, value: number) =>
  LAB_FIELDS[field].unit === '%' ? `${value} %` : formatTick(value);

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

/** Colour and pattern both, so a verdict reads without colour too: duplicate work striped, a stale write hatched. */
function VerdictPatterns({ prefix }: { prefix: string }) {
  return (
    <defs>
      <pattern id={`${prefix}-duplicateWork`} width={6} height={6} patternUnits="userSpaceOnUse">
        <rect width={6} height={6} className={styles.duplicateWork} />
        <path d="M-1 7 L7 -1" className={styles.stripe} />
      </pattern>
      <pattern id={`${prefix}-staleWriteLanded`} width={6} height={6} patternUnits="userSpaceOnUse">
        <rect width={6} height={6} className={styles.staleWriteLanded} />
        <path d="M-1 7 L7 -1 M-1 -1 L7 7" className={styles.hatch} />
      </pattern>
    </defs>
  );
}

/** How a verdict's cells are painted: its pattern where it has one (a CSS fill would hide it), else its colour. */
const cellPaint = (prefix: string, kind: (typeof VERDICT_CODES)[number]) =>
  kind === 'duplicateWork' || kind === 'staleWriteLanded'
    ? { fill: `url(#${prefix}-${kind})`, className: styles.patterned }
    : { className: styles[kind] };

/** How many random schedules one search runs. */
const SEARCH_COUNT = 500;

/**
 * Random schedules of the current service and storage, searched in a worker for a run that breaks the lock's
 * promise (a write under an earlier grant replacing one under a later grant); the first break opens above.
 */
function CounterexampleSearch({
  config,
  onOpen,
  Sub,
}: {
  config: LabConfig;
  onOpen: (config: LabConfig) => void;
  Sub: SubHeading;
}) {
  const [state, setState] = useState<{ config: LabConfig; round: number; result: SearchResult | null } | null>(null);
  const searching = state?.config === config && state.result === null;
  const result = state?.config === config ? state.result : null;
  const search = () => {
    const round = (state?.config === config ? state.round : 0) + 1;
    setState({ config, round, result: null });
    const worker = new Worker(new URL('./outcome-map.worker.ts', import.meta.url), {
      type: 'module',
      name: 'lockstep-counterexamples',
    });
    worker.addEventListener('message', (event: MessageEvent<MapReply>) => {
      if (event.data.kind !== 'searched') return;
      const found = event.data.result;
      setState((current) =>
        current?.config === config && current.round === round ? { ...current, result: found } : current,
      );
      worker.terminate();
    });
    worker.postMessage({
      kind: 'search',
      id: round,
      seed,
      config,
      count: SEARCH_COUNT,
      randomSeed: round,
    } satisfies SearchRequest);
  };
  return (
    <div className={styles.search}>
      <Sub>{lab.map.searchHeading}</Sub>
      <p>{lab.map.searchIntro}</p>
      <button type="button" onClick={search} disabled={searching || !WORKERS}>
        {fillTemplate(lab.map.searchButton, { count: String(SEARCH_COUNT) })}
      </button>
      <p role="status">
        {searching
          ? lab.map.searching
          : result === null
            ? ''
            : result.broken
              ? fillTemplate(lab.map.broken, { run: String(result.broken.run), total: String(SEARCH_COUNT) })
              : fillTemplate(lab.map.none, { total: String(result.checked) })}{' '}
        {result?.broken && (
          <button type="button" className={styles.linkLike} onClick={() => onOpen(result.broken!.config)}>
            {lab.map.openBroken}
          </button>
        )}
      </p>
    </div>
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

function MapGrid({
  Sub,
  title,
  cells,
  x,
  y,
  config,
  current,
  onOpen,
}: {
  Sub: SubHeading;
  title: string;
  cells: Uint8Array;
  x: MapAxis;
  y: MapAxis;
  config: LabConfig;
  current: LabConfig;
  onOpen: (config: LabConfig) => void;
}) {
  const columns = x.values.length;
  const rows = y.values.length;
  const width = GUTTER.left + columns * CELL + GUTTER.right;
  const height = GUTTER.top + rows * CELL + GUTTER.bottom;
  // d3 computes the axes; y grows upwards, as a chart's does.
  const xScale = scaleLinear()
    .domain([x.values[0]!, x.values.at(-1)!])
    .range([GUTTER.left + CELL / 2, width - GUTTER.right - CELL / 2]);
  const yScale = scaleLinear()
    .domain([y.values[0]!, y.values.at(-1)!])
    .range([height - GUTTER.bottom - CELL / 2, GUTTER.top + CELL / 2]);
  const nearest = (values: readonly number[], value: number) =>
    values.reduce(
      (best, candidate, index) => (Math.abs(candidate - value) < Math.abs(values[best]! - value) ? index : best),
      0,
    );
  const home = { column: nearest(x.values, current[x.field]), row: nearest(y.values, current[y.field]) };
  const [active, setActive] = useState(home);
  const cellId = useId();
  const patternPrefix = useId().replaceAll(':', '');
  const codeAt = (row: number, column: number) => cells[row * columns + column]!;
  const configAt = (row: number, column: number): LabConfig => ({
    ...config,
    [x.field]: x.values[column]!,
    [y.field]: y.values[row]!,
  });
  const describe = (row: number, column: number) =>
    fillTemplate(lab.map.cell, {
      x: `${LAB_FIELDS[x.field].label} ${formatValue(x.field, x.values[column]!)}`,
      y: `${LAB_FIELDS[y.field].label} ${formatValue(y.field, y.values[row]!)}`,
      verdict: lab.verdicts[VERDICT_CODES[codeAt(row, column)]!],
    });
  // One path per verdict: 1,600 cells draw as three shapes.
  const paths = VERDICT_CODES.map((_, code) => {
    let d = '';
    for (let row = 0; row < rows; row++)
      for (let column = 0; column < columns; column++)
        if (codeAt(row, column) === code) {
          const left = GUTTER.left + column * CELL;
          const top = GUTTER.top + (rows - 1 - row) * CELL;
          d += `M${left} ${top}h${CELL}v${CELL}h${-CELL}z`;
        }
    return d;
  });
  const counts = VERDICT_CODES.map((_, code) => cells.filter((value) => value === code).length);
  const summary = fillTemplate(lab.map.summary, {
    mode: title,
    stale: counts[2]!.toLocaleString('en'),
    duplicate: counts[1]!.toLocaleString('en'),
    safe: counts[0]!.toLocaleString('en'),
    total: cells.length.toLocaleString('en'),
  });
  const onKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const moves: Record<string, [number, number]> = {
      ArrowRight: [0, 1],
      ArrowLeft: [0, -1],
      ArrowUp: [1, 0],
      ArrowDown: [-1, 0],
    };
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onOpen(configAt(active.row, active.column));
      return;
    }
    const move = moves[event.key] ?? (event.key === 'Home' ? null : undefined);
    if (move === undefined) return;
    event.preventDefault();
    event.stopPropagation();
    if (move === null) setActive(home);
    else
      setActive({
        row: Math.min(rows - 1, Math.max(0, active.row + move[0])),
        column: Math.min(columns - 1, Math.max(0, active.column + move[1])),
      });
  };
  const cellAt = (clientX: number, clientY: number, svg: SVGSVGElement) => {
    const box = svg.getBoundingClientRect();
    const scale = width / box.width;
    const column = Math.floor(((clientX - box.left) * scale - GUTTER.left) / CELL);
    const row = rows - 1 - Math.floor(((clientY - box.top) * scale - GUTTER.top) / CELL);
    return column >= 0 && column < columns && row >= 0 && row < rows ? { row, column } : null;
  };
  const at = (value: { row: number; column: number }) => ({
    x: GUTTER.left + value.column * CELL,
    y: GUTTER.top + (rows - 1 - value.row) * CELL,
  });

  return (
    <div className={styles.oneMap}>
      <Sub>{title}</Sub>
      <p className={styles.summary}>{summary}</p>
      <div
        role="grid"
        tabIndex={0}
        aria-label={`${title}: ${LAB_FIELDS[x.field].label} across, ${LAB_FIELDS[y.field].label} up`}
        aria-rowcount={rows}
        aria-colcount={columns}
        aria-activedescendant={cellId}
        onKeyDown={onKey}
        className={styles.grid}
      >
        {/* Only the active cell is in the tree, with its place in the grid: the map is one widget, not 1,600 stops. */}
        <div role="row" aria-rowindex={rows - active.row} className={styles.hidden}>
          <div role="gridcell" id={cellId} aria-colindex={active.column + 1}>
            {describe(active.row, active.column)}
          </div>
        </div>
        <svg
          viewBox={`0 0 ${width} ${height}`}
          className={styles.svg}
          aria-hidden="true"
          onMouseMove={(event) => {
            const cell = cellAt(event.clientX, event.clientY, event.currentTarget);
            if (cell) setActive(cell);
          }}
          onClick={(event) => {
            const cell = cellAt(event.clientX, event.clientY, event.currentTarget);
            if (cell) onOpen(configAt(cell.row, cell.column));
          }}
        >
          <VerdictPatterns prefix={patternPrefix} />
          {paths.map((d, code) => (
            <path key={code} d={d} {...cellPaint(patternPrefix, VERDICT_CODES[code]!)} />
          ))}
          {/* Ringed twice, light and dark, so it shows on every colour. */}
          <rect {...at(home)} width={CELL} height={CELL} className={styles.homeHalo} />
          <rect {...at(home)} width={CELL} height={CELL} className={styles.home} />
          <rect {...at(active)} width={CELL} height={CELL} className={styles.active} />
          {xScale.ticks(5).map((tick) => (
            <text
              key={tick}
              x={xScale(tick)}
              y={height - GUTTER.bottom + 14}
              textAnchor="middle"
              className={styles.tick}
            >
              {formatValue(x.field, tick)}
            </text>
          ))}
          {yScale.ticks(5).map((tick) => (
            <text key={tick} x={GUTTER.left - 4} y={yScale(tick)} dy="0.35em" textAnchor="end" className={styles.tick}>
              {formatValue(y.field, tick)}
            </text>
          ))}
          <text x={(GUTTER.left + width) / 2} y={height - 6} textAnchor="middle" className={styles.axisName}>
            {LAB_FIELDS[x.field].label}
          </text>
          <text
            transform={`translate(12 ${GUTTER.top + (rows * CELL) / 2}) rotate(-90)`}
            textAnchor="middle"
            className={styles.axisName}
          >
            {LAB_FIELDS[y.field].label}
          </text>
        </svg>
      </div>
      <p className={styles.cellInfo} aria-hidden="true">
        {describe(active.row, active.column)} {lab.map.open}
      </p>
      <p className={styles.note}>{lab.map.current}</p>
    </div>
  );
}
