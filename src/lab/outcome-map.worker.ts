import { computeOutcomeMap, type MapAxis } from './outcome-map';
import type { LabConfig } from '@/settings/lab-config';
import type { ScenarioDefinition } from '@/sim/scenario';

/** A map to compute: the seed scenario travels with it, so the worker needs none of the page's content. */
export interface MapRequest {
  readonly id: number;
  readonly seed: ScenarioDefinition;
  readonly config: LabConfig;
  readonly x: MapAxis;
  readonly y: MapAxis;
}

/** Progress row by row, then the verdicts (one byte a cell), never timelines. */
export type MapReply =
  | { readonly id: number; readonly kind: 'progress'; readonly rowsDone: number }
  | { readonly id: number; readonly kind: 'done'; readonly cells: Uint8Array; readonly ms: number };

self.addEventListener('message', (event: MessageEvent<MapRequest>) => {
  const { id, seed, config, x, y } = event.data;
  const started = performance.now();
  const cells = computeOutcomeMap(seed, config, x, y, (rowsDone) =>
    self.postMessage({ id, kind: 'progress', rowsDone } satisfies MapReply),
  );
  self.postMessage({ id, kind: 'done', cells, ms: performance.now() - started } satisfies MapReply, {
    transfer: [cells.buffer],
  });
});
