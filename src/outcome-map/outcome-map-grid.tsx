import lab from 'virtual:lockstep/lab';
import { ticks } from 'd3-array';
import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { fillTemplate } from '@/content/fill-template';
import { LAB_FIELDS, type LabConfig, type MapField } from '@/settings/lab-config';
import { labPageUrl } from '@/route/share-links';
import { formatTick } from '@/story/format';
import { standaloneSvg } from './map-export';
import { ExportButtons } from './map-export-buttons';
import { VERDICT_CODES, type MapAxis, type OutcomeMapResult } from './outcome-map';
import { reasonFor } from '@/story/verdict';
import { MAX_EVENTS } from '@/sim/run';
import { BoundaryLines, BoundaryList, boundaryText } from './outcome-map-boundaries';
import styles from './outcome-map.module.css';
import { known } from '@/sim/known';

const CELL = 9;
const GUTTER = { left: 64, bottom: 40, top: 8, right: 8 };

/** The map's own headings sit one level under its title. */
export type SubHeading = 'h3' | 'h4';

/** A value on an axis, in the field's own unit: seconds, or per cent. */
const formatValue = (field: MapField, value: number) =>
  LAB_FIELDS[field].unit === '%' ? `${value} %` : formatTick(value);

/** An axis's setting at one of its values, named: "Lease TTL 30 s". */
const axisValue = (axis: MapAxis, index: number) =>
  fillTemplate(lab.labels.cellValue, {
    label: lab.fields.labels[axis.field],
    value: formatValue(axis.field, known(axis.values[index])),
  });

/** Colour and pattern both, so a verdict reads without colour too: duplicate work striped, a stale write hatched. */
export function VerdictPatterns({ prefix }: { prefix: string }) {
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
export const cellPaint = (prefix: string, kind: (typeof VERDICT_CODES)[number]) =>
  kind === 'duplicateWork' || kind === 'staleWriteLanded'
    ? { fill: `url(#${prefix}-${kind})`, className: styles.patterned }
    : { className: styles[kind] };

/** One computed map: its cells, axes, boundaries, summary, and the one focusable grid over them. */
export function MapGrid({
  Sub,
  title,
  map,
  x,
  y,
  config,
  current,
  onOpen,
  exportable,
  inColumn,
}: {
  Sub: SubHeading;
  title: string;
  map: OutcomeMapResult;
  x: MapAxis;
  y: MapAxis;
  config: LabConfig;
  current: LabConfig;
  onOpen: (config: LabConfig) => void;
  /** Whether it offers its downloads (an embed's readers are not its authors). */
  exportable: boolean;
  /** In a course column: what it says about its cells stands beside it, in a box that scrolls. */
  inColumn: boolean;
}) {
  const { cells, edges, boundaries } = map;
  const svgRef = useRef<SVGSVGElement>(null);
  const columns = x.values.length;
  const rows = y.values.length;
  const width = GUTTER.left + columns * CELL + GUTTER.right;
  const height = GUTTER.top + rows * CELL + GUTTER.bottom;
  // d3-array places the ticks; the mapping is one line each way, and y grows upwards, as a chart's does. (d3-scale's
  // linear scale would pull d3-interpolate, d3-format and d3-color into the chunk the first view's diagram shares.)
  const linear = (values: readonly number[], from: number, to: number) => {
    const [low, high] = [known(values[0]), known(values.at(-1))];
    const at = (value: number) => from + ((value - low) / (high - low || 1)) * (to - from);
    return Object.assign(at, { ticks: (count: number) => ticks(low, high, count) });
  };
  const xScale = linear(x.values, GUTTER.left + CELL / 2, width - GUTTER.right - CELL / 2);
  const yScale = linear(y.values, height - GUTTER.bottom - CELL / 2, GUTTER.top + CELL / 2);
  const nearest = (values: readonly number[], value: number) =>
    values.reduce(
      (best, candidate, index) => (Math.abs(candidate - value) < Math.abs(known(values[best]) - value) ? index : best),
      0,
    );
  const home = { column: nearest(x.values, current[x.field]), row: nearest(y.values, current[y.field]) };
  const [active, setActive] = useState(home);
  // A new id for each cell, so a screen reader hears every move, not only the first.
  const cellId = `${useId()}-${active.row}-${active.column}`;
  const patternPrefix = useId().replaceAll(':', '');
  const codeAt = (row: number, column: number) => known(cells[row * columns + column]);
  const configAt = (row: number, column: number): LabConfig => ({
    ...config,
    [x.field]: known(x.values[column]),
    [y.field]: known(y.values[row]),
  });
  // A cell's settings, its verdict, and the verdict's one sentence, as the lab's run would give it.
  const describe = (row: number, column: number) => {
    const kind = known(VERDICT_CODES[codeAt(row, column)]);
    const reason = fillTemplate(lab.reasons[reasonFor({ kind }, configAt(row, column))], {
      events: MAX_EVENTS.toLocaleString('en'),
    });
    return `${fillTemplate(lab.map.cell, {
      x: axisValue(x, column),
      y: axisValue(y, row),
      verdict: lab.verdicts[kind],
    })} ${reason}`;
  };
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
    stale: known(counts[2]).toLocaleString('en'),
    duplicate: known(counts[1]).toLocaleString('en'),
    safe: known(counts[0]).toLocaleString('en'),
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
        aria-label={fillTemplate(lab.labels.mapLabel, {
          title,
          across: lab.fields.labels[x.field],
          up: lab.fields.labels[y.field],
        })}
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
          ref={svgRef}
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
            <path key={code} d={d} {...cellPaint(patternPrefix, known(VERDICT_CODES[code]))} />
          ))}
          <BoundaryLines
            edges={edges}
            boundaries={boundaries}
            geometry={{ left: GUTTER.left, top: GUTTER.top, cell: CELL, rows }}
          />
          {/* Ringed twice, light and dark, so it shows on every colour. */}
          <rect {...at(home)} width={CELL} height={CELL} className={styles.homeHalo} />
          <rect {...at(home)} width={CELL} height={CELL} className={styles.home} />
          {/* The cell under the keyboard or the mouse, on a halo of the page's colour; left out of a download. */}
          <g data-export="omit">
            <rect {...at(active)} width={CELL} height={CELL} className={styles.activeHalo} />
            <rect {...at(active)} width={CELL} height={CELL} className={styles.active} />
          </g>
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
            {lab.fields.labels[x.field]}
          </text>
          <text
            transform={`translate(12 ${GUTTER.top + (rows * CELL) / 2}) rotate(-90)`}
            textAnchor="middle"
            className={styles.axisName}
          >
            {lab.fields.labels[y.field]}
          </text>
        </svg>
      </div>
      <WordsBeside title={inColumn ? title : null}>
        <p className={styles.cellInfo} aria-hidden="true">
          {describe(active.row, active.column)} {lab.map.open}
        </p>
        <BoundaryList boundaries={boundaries} unnamed={edges.some((edge) => edge.boundary < 0)} />
        {/* In a course column the key says what the ring is. */}
        {!inColumn && <p className={styles.note}>{lab.map.current}</p>}
      </WordsBeside>
      {exportable && (
        <ExportButtons
          title={title}
          name={`lockstep-outcome-map-${config.service}-${config.storage}-${LAB_FIELDS[x.field].param}-${LAB_FIELDS[y.field].param}`}
          file={() =>
            standaloneSvg(known(svgRef.current), title, [
              summary,
              lab.map.exportKey,
              ...boundaries.map((boundary, index) => `${index + 1}. ${boundaryText(boundary)}`),
              lab.map.current,
              fillTemplate(lab.map.exportLink, { url: labPageUrl(window.location.href, current) }),
            ])
          }
        />
      )}
    </div>
  );
}

/** What the map says beside it: as it comes, or (titled) in a box as tall as the map that scrolls by keyboard too. */
function WordsBeside({ title, children }: { title: string | null; children: ReactNode }) {
  if (title === null) return <>{children}</>;
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a box that scrolls must take focus, or a keyboard cannot scroll it
    <div className={styles.words} tabIndex={0} role="group" aria-label={fillTemplate(lab.map.wordsScroll, { title })}>
      {children}
    </div>
  );
}
