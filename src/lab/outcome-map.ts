import { ALL_MODELS } from '@/sim/all-models';
import { nextRandom } from '@/sim/random';
import { runScenario } from '@/sim/run';
import type { ScenarioDefinition } from '@/sim/scenario';
import type { LabConfig, NumericField } from '@/settings/lab-config';
import type { LockServiceKind } from '@/sim/services/service';
import { labRunSettings, labScenario } from './lab-scenario';
import { verdictOf, type Verdict } from './verdict';

/**
 * The outcome map: a grid over two of the lab's settings, each cell one complete run of the simulation, judged by
 * the same verdict as the lab's run. Pure, so a worker can compute it and a test can check it.
 */

/** The settings a map can vary: the lesson's four, and each service's own where it has them. */
export type MapField = Exclude<NumericField, 'failoverAtMs'>;

export function mapFieldsFor(service: LockServiceKind): readonly MapField[] {
  return [
    'ttlMs',
    'pauseMs',
    'pauseAtMs',
    'writeDelayMs',
    ...(service === 'redlock' ? (['clockJumpMs', 'clockDriftPct'] as const) : []),
    ...(service === 'chubby' ? (['lockDelayMs'] as const) : []),
  ];
}

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
  switch (field) {
    case 'ttlMs':
      return [Math.max(1_000, Math.round(ttl / 10)), ttl * 3];
    case 'pauseMs':
      return [0, ttl * 3];
    case 'pauseAtMs':
      return [0, caMs * 2];
    case 'writeDelayMs':
      return [0, ttl * 2];
    case 'clockJumpMs':
      return [0, ttl * 3];
    case 'clockDriftPct':
      return [-50, 50];
    case 'lockDelayMs':
      return [0, 60_000];
  }
}

/**
 * `count` evenly spaced values from `from` to about `to`, whole milliseconds (or per cent). Given the current
 * value, the spacing is adjusted a little so that it falls exactly on a cell: the ringed cell is the run above.
 */
export function axisValues([from, to]: readonly [number, number], count: number, current?: number): readonly number[] {
  if (count < 2) return [from];
  let step = (to - from) / (count - 1);
  if (current !== undefined && current > from && current <= to)
    step = (current - from) / Math.max(1, Math.round((current - from) / step));
  return Array.from({ length: count }, (_, index) => Math.round(from + step * index));
}

/** One cell: the configuration with both axes' values, run to its end. */
export function cellVerdict(seed: ScenarioDefinition, config: LabConfig): VerdictCode {
  const timeline = runScenario(labScenario(seed, config), labRunSettings(config), ALL_MODELS);
  return VERDICT_CODES.indexOf(verdictOf(timeline).kind) as VerdictCode;
}

/** Every cell, row by row (y outer, x inner), as verdict codes. */
export function computeOutcomeMap(
  seed: ScenarioDefinition,
  config: LabConfig,
  x: MapAxis,
  y: MapAxis,
  onRow?: (rowsDone: number) => void,
): Uint8Array {
  const cells = new Uint8Array(x.values.length * y.values.length);
  y.values.forEach((yValue, row) => {
    x.values.forEach((xValue, column) => {
      cells[row * x.values.length + column] = cellVerdict(seed, { ...config, [x.field]: xValue, [y.field]: yValue });
    });
    onRow?.(row + 1);
  });
  return cells;
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
