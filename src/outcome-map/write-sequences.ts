import { ALL_MODELS } from '@/sim/all-models';
import { runScenario } from '@/sim/run';
import { issuesTokens } from '@/sim/services/lock-services';
import type { ScenarioDefinition } from '@/sim/scenario';
import {
  DEFAULT_LAB_CONFIG,
  LAB_SERVICES,
  sameRun,
  withApplicableSettings,
  type LabConfig,
} from '@/settings/lab-config';
import { labRunSettings, labScenario } from '@/settings/lab-scenario';
import { axisOf } from './map-anchor';

import {
  NO_SEQUENCE,
  type EveningSequences,
  type SequencedMap,
  type WriteSequence,
} from '@/settings/evening-sequences';

/** The simulator's side of the fence exercise: every run reduced to its writes, in the map's worker. Pure. */

/** A run's attempted writes. With the table checking nothing every write lands, so none is hidden by a refusal. */
function writesOf(seed: ScenarioDefinition, config: LabConfig): WriteSequence | null {
  const timeline = runScenario(labScenario(seed, config), labRunSettings(config), ALL_MODELS);
  if (!timeline.settled) return null;
  return (timeline.frames.at(-1)?.world.writes ?? []).map((write) => ({
    renewer: write.renewer,
    token: write.fencingToken ?? 0,
    serial: write.cert.serial,
  }));
}

/** The distinct sequences met so far, each with its index. */
function sequenceIndex() {
  const sequences: WriteSequence[] = [];
  const indexes = new Map<string, number>();
  return {
    sequences,
    indexOf(sequence: WriteSequence | null): number {
      if (sequence === null) return NO_SEQUENCE;
      const key = JSON.stringify(sequence);
      let index = indexes.get(key);
      if (index === undefined) {
        index = sequences.push(sequence) - 1;
        indexes.set(key, index);
      }
      return index;
    },
  };
}

/** A map's cells, each its run's sequence. */
function sequenceMap(
  seed: ScenarioDefinition,
  config: LabConfig,
  x: SequencedMap['x'],
  y: SequencedMap['y'],
  index: ReturnType<typeof sequenceIndex>,
): Int32Array {
  const cells = new Int32Array(x.values.length * y.values.length);
  y.values.forEach((yValue, row) =>
    x.values.forEach((xValue, column) => {
      cells[row * x.values.length + column] = index.indexOf(
        writesOf(seed, { ...config, [x.field]: xValue, [y.field]: yValue }),
      );
    }),
  );
  return cells;
}

/** The lesson's evening with the table checking nothing: the map a learner's statement is coloured on. */
export const EXERCISE_MAP_CONFIG: LabConfig = { ...DEFAULT_LAB_CONFIG, storage: 'unchecked' };

/** The configurations mapped across services: each token-issuing service, 2 and 3 renewers. */
export function acrossConfigs(): readonly LabConfig[] {
  return LAB_SERVICES.filter(issuesTokens).flatMap((service) =>
    ([2, 3] as const).map((renewers) =>
      withApplicableSettings({ ...EXERCISE_MAP_CONFIG, service, renewers, mapAcross: 'ttlMs', mapUp: 'pauseMs' }),
    ),
  );
}

/** The axes mapped for each configuration across services. */
const ACROSS_AXES = [
  ['ttlMs', 'pauseMs'],
  ['ttlMs', 'writeDelayMs'],
] as const;

/**
 * The lesson's map, then each configuration across services on both axes pairs, reduced to distinct sequences.
 * `configs` defaults to every token-issuing service with 2 and 3 renewers; a test may pass fewer.
 */
export function eveningSequences(
  seed: ScenarioDefinition,
  onProgress?: (done: number, of: number) => void,
  configs: readonly LabConfig[] = acrossConfigs(),
) {
  const index = sequenceIndex();
  const mapX = axisOf('ttlMs', EXERCISE_MAP_CONFIG);
  const mapY = axisOf('pauseMs', EXERCISE_MAP_CONFIG);
  const map: SequencedMap = {
    config: EXERCISE_MAP_CONFIG,
    x: mapX,
    y: mapY,
    cells: sequenceMap(seed, EXERCISE_MAP_CONFIG, mapX, mapY, index),
  };
  const seen = new Set<number>();
  let runs = 0;
  let made = map.cells.length;
  configs.forEach((config, done) => {
    for (const [across, up] of ACROSS_AXES) {
      const x = axisOf(across, config);
      const y = axisOf(up, config);
      // The lesson's own map is among them: its runs are not made twice.
      const same = sameRun(config, EXERCISE_MAP_CONFIG) && across === 'ttlMs' && up === 'pauseMs';
      for (const cell of same ? map.cells : sequenceMap(seed, config, x, y, index))
        if (cell !== NO_SEQUENCE) seen.add(cell);
      runs += x.values.length * y.values.length;
      if (!same) made += x.values.length * y.values.length;
    }
    onProgress?.(done + 1, configs.length);
  });
  return {
    sequences: index.sequences,
    runs: made,
    map,
    across: { runs, sequences: [...seen].sort((a, b) => a - b) },
  } satisfies EveningSequences;
}
