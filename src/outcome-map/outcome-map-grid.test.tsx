import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_LAB_CONFIG, type LabConfig } from '@/settings/lab-config';
import type * as SvgFile from '@/components/svg-file';
import type { BoundaryEdge, MapAxis, OutcomeMapResult } from './outcome-map';
import { MapGrid } from './outcome-map-grid';
import styles from './outcome-map.module.css';

const saved = vi.hoisted(() => ({ files: [] as { file: Blob; name: string }[] }));
// Building the file is map-export.test's subject; here, what the map puts in it and what it names it.
vi.mock('@/components/svg-file', async (original) => ({
  ...(await original<typeof SvgFile>()),
  download: vi.fn((file: Blob, name: string) => void saved.files.push({ file, name })),
}));

/*
 * A map small enough to draw by hand: pause length across (4 columns), lease TTL up (3 rows), row 0 at the bottom.
 * Cells of 9 px inside gutters of 64 left, 8 right, 8 top and 40 bottom: the drawing is 108 by 75.
 */
const across: MapAxis = { field: 'pauseMs', values: [0, 10_000, 20_000, 30_000] };
const up: MapAxis = { field: 'ttlMs', values: [10_000, 20_000, 30_000] };
// prettier-ignore
const CELLS = [
  0, 0, 1, 2, // TTL 10 s
  0, 1, 2, 2, // TTL 20 s
  0, 0, 0, 3, // TTL 30 s
];
const mapOf = (edges: readonly BoundaryEdge[] = []): OutcomeMapResult => ({
  cells: Uint8Array.from(CELLS),
  edges,
  boundaries: [],
});
const config: LabConfig = { ...DEFAULT_LAB_CONFIG, service: 'lesson', storage: 'unchecked' };
// The current run sits in the middle of the map: pause 20 s (column 2), TTL 20 s (row 1).
const current: LabConfig = { ...config, pauseMs: 19_000, ttlMs: 21_000 };

function renderGrid({ map = mapOf(), x = across, y = up, at = current, exportable = true } = {}) {
  const onOpen = vi.fn();
  const view = render(
    <MapGrid
      Sub="h3"
      title="Unchecked"
      map={map}
      x={x}
      y={y}
      config={config}
      current={at}
      onOpen={onOpen}
      exportable={exportable}
      inColumn={false}
    />,
  );
  const svg = view.container.querySelector('svg')!;
  return { ...view, onOpen, svg };
}
const grid = () => screen.getByRole('grid');
const activeCell = () => screen.getByRole('gridcell');
/** Where a rectangle was drawn: its corner in the drawing's own units. */
const placeOf = (rect: Element | null) => [rect?.getAttribute('x'), rect?.getAttribute('y')];
/** The path of each verdict's cells, and how it is painted. */
const paths = (svg: SVGSVGElement) =>
  [...svg.querySelectorAll(':scope > path')].map((path) => ({
    d: path.getAttribute('d'),
    fill: path.getAttribute('fill'),
    className: path.getAttribute('class'),
  }));

beforeEach(() => {
  saved.files = [];
});

describe('the map drawn', () => {
  it('is 108 by 75: the cells and the gutters for the axes', () => {
    const { svg } = renderGrid();
    expect(svg).toHaveAttribute('viewBox', '0 0 108 75');
  });

  it('draws each verdict as one path of its cells, rows from the bottom, striped and hatched where it has a pattern', () => {
    const { svg } = renderGrid();
    const drawn = paths(svg);
    const square = (left: number, top: number) => `M${left} ${top}h9v9h-9z`;
    expect(drawn.map((path) => path.d)).toEqual([
      // Safe: the bottom row's first two cells (top 26), the middle row's first (17), the top row's first three (8).
      [square(64, 26), square(73, 26), square(64, 17), square(64, 8), square(73, 8), square(82, 8)].join(''),
      [square(82, 26), square(73, 17)].join(''),
      [square(91, 26), square(82, 17), square(91, 17)].join(''),
      square(91, 8),
    ]);
    const prefix = /^url\(#(.+)-duplicateWork\)$/.exec(drawn[1]!.fill!)![1]!;
    expect(drawn.map(({ fill, className }) => [fill, className])).toEqual([
      [null, styles.safe],
      [`url(#${prefix}-duplicateWork)`, styles.patterned],
      [`url(#${prefix}-staleWriteLanded)`, styles.patterned],
      [null, styles.cutOff],
    ]);
    // The patterns those fills name are in the drawing, each with its colour.
    for (const kind of ['duplicateWork', 'staleWriteLanded'] as const) {
      const pattern = svg.querySelector(`pattern[id="${prefix}-${kind}"]`);
      expect(pattern?.querySelector('rect')).toHaveClass(styles[kind]!);
    }
  });

  it('says how many runs ended each way', () => {
    renderGrid();
    expect(
      screen.getByText('Unchecked: the stale write lands in 3 of 12 runs, duplicate work in 2, safe in 6.'),
    ).toBeInTheDocument();
  });

  it('puts ticks under the cells and beside them, in seconds, and names both axes', () => {
    const { svg } = renderGrid();
    const texts = [...svg.querySelectorAll('text')].map((text) => ({
      text: text.textContent,
      x: text.getAttribute('x'),
      y: text.getAttribute('y'),
      transform: text.getAttribute('transform'),
    }));
    // Across: from the first column's middle (68.5) to the last's (95.5), under the cells.
    expect(texts.filter(({ y }) => y === '49')).toEqual(
      [0, 5, 10, 15, 20, 25, 30].map((seconds, index) => ({
        text: `${seconds} s`,
        x: String(68.5 + index * 4.5),
        y: '49',
        transform: null,
      })),
    );
    // Up: from the bottom row's middle (30.5) to the top's (12.5), left of the cells.
    expect(texts.filter(({ x }) => x === '60')).toEqual(
      [10, 15, 20, 25, 30].map((seconds, index) => ({
        text: `${seconds} s`,
        x: '60',
        y: String(30.5 - index * 4.5),
        transform: null,
      })),
    );
    expect(texts.filter(({ text }) => text === 'Pause length' || text === 'Lease TTL')).toEqual([
      { text: 'Pause length', x: '86', y: '69', transform: null },
      { text: 'Lease TTL', x: null, y: null, transform: 'translate(12 21.5) rotate(-90)' },
    ]);
  });

  it('gives a per-cent axis its ticks in per cent', () => {
    const { svg } = renderGrid({ y: { field: 'clockDriftPct', values: [-50, 0, 50] } });
    const left = [...svg.querySelectorAll('text[x="60"]')].map((text) => text.textContent);
    expect(left).toEqual(['-40 %', '-20 %', '0 %', '20 %', '40 %']);
  });

  it('draws an axis of one value as one column, its tick over it', () => {
    const single = { cells: Uint8Array.from([0, 1, 2]), edges: [], boundaries: [] };
    const { svg } = renderGrid({ map: single, x: { field: 'pauseMs', values: [20_000] } });
    expect(svg).toHaveAttribute('viewBox', '0 0 81 75');
    expect([...svg.querySelectorAll('text[y="49"]')].map((text) => [text.textContent, text.getAttribute('x')])).toEqual(
      [['20 s', '68.5']],
    );
  });

  it('rings the current run: the cell nearest its settings', () => {
    const { svg } = renderGrid();
    expect(placeOf(svg.querySelector(`rect.${styles.home}`))).toEqual(['82', '17']);
    expect(placeOf(svg.querySelector(`rect.${styles.homeHalo}`))).toEqual(['82', '17']);
  });

  it('rings the lower of two cells a current setting lies halfway between', () => {
    const { svg } = renderGrid({ at: { ...current, pauseMs: 15_000, ttlMs: 25_000 } });
    expect(placeOf(svg.querySelector(`rect.${styles.home}`))).toEqual(['73', '17']);
  });
});

describe('moving through the cells', () => {
  it('starts at the current run, and says its settings, its verdict and why', () => {
    const { svg } = renderGrid();
    expect(grid()).toHaveAccessibleName('Unchecked: Pause length across, Lease TTL up');
    expect(activeCell()).toHaveTextContent(/^Pause length 20 s, Lease TTL 20 s: Stale write landed\. \S/);
    expect(activeCell().closest('[role=row]')).toHaveAttribute('aria-rowindex', '2');
    expect(activeCell()).toHaveAttribute('aria-colindex', '3');
    expect(placeOf(svg.querySelector(`rect.${styles.active}`))).toEqual(['82', '17']);
  });

  it('moves by the arrow keys, one cell at a time, up being up the drawing', async () => {
    const user = userEvent.setup();
    const { svg } = renderGrid();
    grid().focus();
    await user.keyboard('{ArrowUp}');
    expect(activeCell()).toHaveTextContent(/^Pause length 20 s, Lease TTL 30 s: Safe\./);
    expect(activeCell().closest('[role=row]')).toHaveAttribute('aria-rowindex', '1');
    expect(placeOf(svg.querySelector(`rect.${styles.active}`))).toEqual(['82', '8']);
    await user.keyboard('{ArrowRight}');
    expect(activeCell()).toHaveTextContent(/^Pause length 30 s, Lease TTL 30 s: None, the run was cut off\./);
    expect(activeCell()).toHaveAttribute('aria-colindex', '4');
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowLeft}');
    expect(activeCell()).toHaveTextContent(/^Pause length 20 s, Lease TTL 10 s: Duplicate work \(harmless\)\./);
    expect(placeOf(svg.querySelector(`rect.${styles.active}`))).toEqual(['82', '26']);
    await user.keyboard('{Home}');
    expect(activeCell()).toHaveTextContent(/^Pause length 20 s, Lease TTL 20 s:/);
  });

  it('leaves other keys to the page', () => {
    renderGrid();
    const tab = fireEvent.keyDown(grid(), { key: 'a' });
    expect(tab).toBe(true);
    expect(fireEvent.keyDown(grid(), { key: 'ArrowLeft' })).toBe(false);
    expect(fireEvent.keyDown(grid(), { key: 'Home' })).toBe(false);
  });

  it('opens the cell under the keys by Enter or Space, with its two settings and the rest as the map’s', async () => {
    const user = userEvent.setup();
    const { onOpen } = renderGrid();
    grid().focus();
    await user.keyboard('{Enter}');
    expect(onOpen).toHaveBeenLastCalledWith({ ...config, pauseMs: 20_000, ttlMs: 20_000 });
    await user.keyboard('{ArrowLeft} ');
    expect(onOpen).toHaveBeenLastCalledWith({ ...config, pauseMs: 10_000, ttlMs: 20_000 });
    expect(onOpen).toHaveBeenCalledTimes(2);
  });
});

describe('the mouse', () => {
  /** The drawing shown at twice its size, 40 px from the page's left and 100 from its top. */
  function atTwiceTheSize(svg: SVGSVGElement) {
    svg.getBoundingClientRect = () => ({ left: 40, top: 100, width: 216, height: 150 }) as DOMRect;
    // A point of the drawing, in the page's pixels.
    return (x: number, y: number) => ({ clientX: 40 + x * 2, clientY: 100 + y * 2 });
  }

  it('moves the ringed cell to the one under the pointer, scaled as drawn, and a click opens it', () => {
    const { svg, onOpen } = renderGrid();
    const at = atTwiceTheSize(svg);
    // The second column's left edge, in the top row.
    fireEvent.mouseMove(svg, at(73, 8));
    expect(activeCell()).toHaveTextContent(/^Pause length 10 s, Lease TTL 30 s: Safe\./);
    expect(placeOf(svg.querySelector(`rect.${styles.active}`))).toEqual(['73', '8']);
    // Just inside the last column and the bottom row.
    fireEvent.click(svg, at(99.9, 34.9));
    expect(onOpen).toHaveBeenCalledWith({ ...config, pauseMs: 30_000, ttlMs: 10_000 });
  });

  it('does nothing over the gutters, up to the cells’ very edges', () => {
    const { svg, onOpen } = renderGrid();
    const at = atTwiceTheSize(svg);
    fireEvent.mouseMove(svg, at(73, 8));
    for (const [x, y] of [
      [63.9, 20], // left of the first column
      [100, 20], // the right edge of the last
      [80, 7.9], // above the top row
      [80, 35], // the bottom edge of the bottom row
    ] as const) {
      fireEvent.mouseMove(svg, at(x, y));
      fireEvent.click(svg, at(x, y));
    }
    expect(onOpen).not.toHaveBeenCalled();
    // The last cell under the pointer stays ringed.
    expect(activeCell()).toHaveTextContent(/^Pause length 10 s, Lease TTL 30 s:/);
  });
});

describe('its words and its file', () => {
  it('says when some lines are between runs that differ in no moment it can name', () => {
    const named: BoundaryEdge = { row: 0, column: 1, toward: 'right', boundary: 0 };
    const { unmount } = renderGrid({ map: { ...mapOf([named]), boundaries: [] } });
    expect(screen.queryByText('The runs on either side meet the same moments in the same order.')).toBeNull();
    unmount();
    renderGrid({ map: mapOf([named, { row: 1, column: 0, toward: 'up', boundary: -1 }]) });
    expect(screen.getByText(/The runs on either side meet the same moments in the same order\./)).toBeInTheDocument();
  });

  it('downloads as SVG named by the service, the storage and both axes, with its summary, key and link', async () => {
    const user = userEvent.setup();
    renderGrid();
    await user.click(screen.getByRole('button', { name: 'SVG of the map “Unchecked”' }));
    expect(saved.files.map(({ name }) => name)).toEqual(['lockstep-outcome-map-lesson-unchecked-pause-ttl.svg']);
    const text = await saved.files[0]!.file.text();
    expect(text).toContain('Unchecked: the stale write lands in 3 of 12 runs, duplicate work in 2, safe in 6.');
    expect(text).toContain('Key: safe is plain green');
    expect(text).toContain('Open this map in Lockstep:');
    // The cell under the pointer is left out; the ringed current run stays.
    expect(text.match(/<rect x="82" y="17"/g)).toHaveLength(2);
    expect(text).toMatch(/ttl=21000/);
    expect(text).toMatch(/pause=19000/);
  });

  it('offers no downloads where its readers are not its authors (an embed without tools=on)', () => {
    renderGrid({ exportable: false });
    expect(screen.getByRole('grid')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /of the map/ })).toBeNull();
  });
});
