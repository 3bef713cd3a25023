import {
  computeOutcomeMap,
  searchCounterexample,
  type MapAxis,
  type OutcomeMapResult,
  type SearchResult,
} from './outcome-map';
import type { LabConfig } from '@/settings/lab-config';
import type { ScenarioDefinition } from '@/sim/scenario';

/** A map to compute: the seed scenario travels with it, so the worker needs none of the page's content. */
export interface MapRequest {
  readonly kind: 'map';
  readonly id: number;
  readonly seed: ScenarioDefinition;
  readonly config: LabConfig;
  readonly x: MapAxis;
  readonly y: MapAxis;
}

/** A search of `count` random schedules for a run that breaks the lock's promise. */
export interface SearchRequest {
  readonly kind: 'search';
  readonly id: number;
  readonly seed: ScenarioDefinition;
  readonly config: LabConfig;
  readonly count: number;
  readonly randomSeed: number;
}

/** Progress row by row, then the verdicts (one byte a cell) and the named boundaries, never timelines. */
export type MapReply =
  | { readonly id: number; readonly kind: 'progress'; readonly rowsDone: number }
  | { readonly id: number; readonly kind: 'done'; readonly map: OutcomeMapResult; readonly ms: number }
  | { readonly id: number; readonly kind: 'searched'; readonly result: SearchResult };

self.addEventListener('message', (event: MessageEvent<MapRequest | SearchRequest>) => {
  if (event.data.kind === 'search') {
    const { id, seed, config, count, randomSeed } = event.data;
    self.postMessage({
      id,
      kind: 'searched',
      result: searchCounterexample(seed, config, count, randomSeed),
    } satisfies MapReply);
    return;
  }
  const { id, seed, config, x, y } = event.data;
  const started = performance.now();
  const map = computeOutcomeMap(seed, config, x, y, (rowsDone) =>
    self.postMessage({ id, kind: 'progress', rowsDone } satisfies MapReply),
  );
  self.postMessage({ id, kind: 'done', map, ms: performance.now() - started } satisfies MapReply, {
    transfer: [map.cells.buffer],
  });
});
