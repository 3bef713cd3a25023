import { ALL_MODELS } from '@/sim/all-models';
import { nextRandom } from '@/sim/random';
import { runScenario, type Timeline } from '@/sim/run';
import { firstFlip, milestonesOf, type Flip } from '@/sim/milestones';
import type { ScenarioDefinition } from '@/sim/scenario';
import { LAB_FIELDS, mapFieldsFor, type LabConfig, type MapField } from '@/settings/lab-config';
import { labRunSettings, labScenario } from '@/settings/lab-scenario';
import { verdictOf, type Verdict } from '@/story/verdict';
import { known } from '@/sim/known';

/**
 * The outcome map: a grid over two of the lab's settings, each cell one complete run of the simulation, judged by
 * the same verdict as the lab's run. Pure, so a worker can compute it and a test can check it.
 */

/** A verdict as one byte: the grid of 1,600 cells travels from the worker as a Uint8Array. */
export const VERDICT_CODES = [
  'safe',
  'duplicateWork',
  'staleWriteLanded',
  'cutOff',
] as const satisfies readonly Verdict['kind'][];
export type VerdictCode = 0 | 1 | 2 | 3;

export interface MapAxis {
  readonly field: MapField;
  readonly values: readonly number[];
}

/**
 * The range an axis covers, around the current configuration, where the verdict changes: not the field's whole
 * 0–600 s, where the interesting band would be one column wide. A's certificate is ready `caMs` after its grant,
 * and a pause that starts after its write has gone out cannot make the write stale: pause starts cover twice that.
 */
export function axisRange(field: MapField, config: LabConfig, caMs: number): readonly [number, number] {
  const ttl = config.ttlMs;
  const around: Record<MapField, readonly [number, number]> = {
    ttlMs: [Math.round(ttl / 10), ttl * 3],
    pauseMs: [0, ttl * 3],
    pauseAtMs: [0, caMs * 2],
    writeDelayMs: [0, ttl * 2],
    clockJumpMs: [0, ttl * 3],
    clockDriftPct: [-50, 50],
    lockDelayMs: [0, 60_000],
  };
  // Always the current value (so the ringed cell is the current run), and never past what the lab accepts.
  const { min, max } = LAB_FIELDS[field];
  const [from, to] = around[field];
  const current = config[field];
  return [Math.max(min, Math.min(from, current)), Math.min(max, Math.max(to, current))];
}

/** Round spacings: 1, 1.5, 2, 2.5 and 5 times a power of ten (whole per cents: 1, 2 and 5). */
function niceSteps(field: MapField): readonly number[] {
  const mantissas = LAB_FIELDS[field].unit === '%' ? [1, 2, 5] : [1, 1.5, 2, 2.5, 5];
  return [1, 10, 100, 1_000, 10_000, 100_000].flatMap((power) => mantissas.map((mantissa) => mantissa * power));
}

/**
 * `count` values about `from` to `to`, at a round spacing and on its multiples (a cell's run is `pause=47500`, not
 * `pause=47059`), within what the lab accepts. The current value is always one of them, so the ringed cell is the
 * run above: where it is not round, it takes the place of the value nearest it.
 */
export function axisValues(
  field: MapField,
  [from, to]: readonly [number, number],
  count: number,
  current?: number,
): readonly number[] {
  if (count < 2) return [current ?? from];
  const { min, max } = LAB_FIELDS[field];
  const steps = niceSteps(field);
  const lowest = (step: number) => Math.ceil(min / step) * step;
  const fits = (step: number) => lowest(step) + step * (count - 1) <= max;
  const reaches = (step: number) => step * (count - 1) >= to - from;
  // The smallest round step that reaches `to`; failing that (the lab's limits are too close), the largest that fits.
  const step = steps.find((candidate) => reaches(candidate) && fits(candidate)) ?? steps.filter(fits).at(-1) ?? 1;
  // On the step's multiples: from just below `from`, or, where no step reaches (drift's ±50 %), centred on the
  // current value; moved in from the lab's limits where it would pass them.
  const centre = current ?? (from + to) / 2;
  const wanted = reaches(step)
    ? Math.floor(from / step) * step
    : Math.round(centre / step) * step - Math.floor((count - 1) / 2) * step;
  const start = Math.max(lowest(step), Math.min(wanted, Math.floor((max - step * (count - 1)) / step) * step));
  const values = Array.from({ length: count }, (_, index) => start + step * index);
  if (current === undefined || values.includes(current)) return values;
  const nearest = values.reduce(
    (best, value, index) => (Math.abs(value - current) < Math.abs(known(values[best]) - current) ? index : best),
    0,
  );
  values[nearest] = current;
  return values;
}

const runOf = (seed: ScenarioDefinition, config: LabConfig): Timeline =>
  runScenario(labScenario(seed, config), labRunSettings(config), ALL_MODELS);

const codeOf = (timeline: Timeline) => VERDICT_CODES.indexOf(verdictOf(timeline).kind) as VerdictCode;

/** One cell: the configuration with both axes' values, run to its end. */
export function cellVerdict(seed: ScenarioDefinition, config: LabConfig): VerdictCode {
  return codeOf(runOf(seed, config));
}

/** A named boundary: the flip, and the verdicts on its better and worse sides. */
export interface Boundary extends Flip {
  readonly better: VerdictCode;
  readonly worse: VerdictCode;
}

/** The first moment one run has and the other lacks: a boundary's name when no order flips. */
function firstMissing(worse: readonly string[], better: readonly string[]): Flip | null {
  const lacking = worse.find((moment) => !better.includes(moment));
  return lacking === undefined ? null : { later: lacking, earlier: '' };
}

/** Where neighbouring cells' verdicts differ: the cell below or to the left, the direction, and the flip's name. */
export interface BoundaryEdge {
  readonly row: number;
  readonly column: number;
  /** `right`: between this cell and the one to its right; `up`: between this cell and the one above. */
  readonly toward: 'right' | 'up';
  /** An index into the map's `boundaries`; -1 where the runs differ in no moment the map can name. */
  readonly boundary: number;
}

export interface OutcomeMapResult {
  /** Verdict codes, row by row (y outer, x inner). */
  readonly cells: Uint8Array;
  readonly edges: readonly BoundaryEdge[];
  /** The distinct boundaries, each once; a moment is `kind` or `kind:who`. */
  readonly boundaries: readonly Boundary[];
}

/** How bad a verdict is, so a boundary is named from its worse side. A cut-off run is left unranked. */
const SEVERITY: Record<VerdictCode, number> = { 0: 0, 1: 1, 2: 2, 3: -1 };

/** Every cell, row by row, and the boundaries between verdicts, each named by the first moment whose order flips. */
export function computeOutcomeMap(
  seed: ScenarioDefinition,
  config: LabConfig,
  x: MapAxis,
  y: MapAxis,
  onRow?: (rowsDone: number) => void,
): OutcomeMapResult {
  const columns = x.values.length;
  const cells = new Uint8Array(columns * y.values.length);
  const moments: (readonly string[])[] = [];
  y.values.forEach((yValue, row) => {
    x.values.forEach((xValue, column) => {
      const timeline = runOf(seed, { ...config, [x.field]: xValue, [y.field]: yValue });
      cells[row * columns + column] = codeOf(timeline);
      moments[row * columns + column] = milestonesOf(timeline);
    });
    onRow?.(row + 1);
  });
  const boundaries: Boundary[] = [];
  const named = new Map<string, number>();
  const edges: BoundaryEdge[] = [];
  const edge = (row: number, column: number, toward: BoundaryEdge['toward'], other: number) => {
    const here = row * columns + column;
    const [a, b] = [known(cells[here]) as VerdictCode, known(cells[other]) as VerdictCode];
    if (a === b) return;
    const [worse, better] = SEVERITY[a] >= SEVERITY[b] ? [here, other] : [other, here];
    const flip =
      firstFlip(known(moments[worse]), known(moments[better])) ??
      firstMissing(known(moments[worse]), known(moments[better]));
    let index = -1;
    if (flip) {
      const boundary = {
        ...flip,
        better: known(cells[better]) as VerdictCode,
        worse: known(cells[worse]) as VerdictCode,
      };
      const key = JSON.stringify(boundary);
      if (!named.has(key)) named.set(key, boundaries.push(boundary) - 1);
      index = known(named.get(key));
    }
    edges.push({ row, column, toward, boundary: index });
  };
  for (let row = 0; row < y.values.length; row++)
    for (let column = 0; column < columns; column++) {
      if (column + 1 < columns) edge(row, column, 'right', row * columns + column + 1);
      if (row + 1 < y.values.length) edge(row, column, 'up', (row + 1) * columns + column);
    }
  return { cells, edges, boundaries };
}

/** A random configuration's ranges: the lab's own, kept to where a run says something (pauses up to two minutes). */
const SEARCH_RANGES: Readonly<Record<MapField, readonly [number, number]>> = {
  ttlMs: [1_000, 120_000],
  pauseMs: [0, 120_000],
  pauseAtMs: [0, 20_000],
  writeDelayMs: [0, 60_000],
  clockJumpMs: [0, 120_000],
  clockDriftPct: [-50, 50],
  lockDelayMs: [0, 60_000],
};

export interface SearchResult {
  readonly checked: number;
  /** The first configuration whose run broke the rule, and its place in the search (1-based). */
  readonly broken: { readonly config: LabConfig; readonly run: number } | null;
}

/**
 * Random schedules against the rule the lock promised: a write made under an earlier grant never replaces one made
 * under a later grant (the stale-write verdict). `count` configurations of the current service and storage, drawn
 * from a seeded source, so a search can be repeated; the first break is returned, with its settings.
 */
export function searchCounterexample(
  seed: ScenarioDefinition,
  config: LabConfig,
  count: number,
  randomSeed: number,
): SearchResult {
  let state = randomSeed;
  const draw = ([from, to]: readonly [number, number]) => {
    const next = nextRandom(state);
    state = next.state;
    return Math.round(from + next.value * (to - from));
  };
  for (let run = 1; run <= count; run++) {
    const candidate: LabConfig = { ...config };
    for (const field of mapFieldsFor(config.service)) Object.assign(candidate, { [field]: draw(SEARCH_RANGES[field]) });
    if (VERDICT_CODES[cellVerdict(seed, candidate)] === 'staleWriteLanded')
      return { checked: run, broken: { config: candidate, run } };
  }
  return { checked: count, broken: null };
}
