import {
  computeOutcomeMap,
  searchCounterexample,
  type MapAxis,
  type OutcomeMapResult,
  type SearchResult,
} from './outcome-map';
import type { EveningSequences } from '@/settings/evening-sequences';
import type { LabConfig } from '@/settings/lab-config';
import { eveningSequences } from './write-sequences';
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

/** Every run the fence exercise judges a statement on, reduced to its sequences of writes. */
export interface SequencesRequest {
  readonly kind: 'sequences';
  readonly id: number;
  readonly seed: ScenarioDefinition;
}

/** Progress row by row, then the verdicts (one byte a cell) and the named boundaries, never timelines. */
export type MapReply =
  | { readonly id: number; readonly kind: 'progress'; readonly rowsDone: number }
  | { readonly id: number; readonly kind: 'done'; readonly map: OutcomeMapResult; readonly ms: number }
  | { readonly id: number; readonly kind: 'searched'; readonly result: SearchResult }
  /** Maps done of all the sequences take, then the sequences. */
  | { readonly id: number; readonly kind: 'sequencesProgress'; readonly done: number; readonly of: number }
  | { readonly id: number; readonly kind: 'sequences'; readonly sequences: EveningSequences; readonly ms: number };

/**
 * What the map's worker does with one request, apart from the worker itself, so that a test without workers
 * (jsdom has none) can answer the page's requests on its own thread, with the same replies.
 */
export function answerMapRequest(
  request: MapRequest | SearchRequest | SequencesRequest,
  post: (reply: MapReply, transfer: Transferable[]) => void,
): void {
  if (request.kind === 'sequences') {
    const { id, seed } = request;
    const started = performance.now();
    const sequences = eveningSequences(seed, (done, of) => post({ id, kind: 'sequencesProgress', done, of }, []));
    post({ id, kind: 'sequences', sequences, ms: performance.now() - started }, [sequences.map.cells.buffer]);
    return;
  }
  if (request.kind === 'search') {
    const { id, seed, config, count, randomSeed } = request;
    post({ id, kind: 'searched', result: searchCounterexample(seed, config, count, randomSeed) }, []);
    return;
  }
  const { id, seed, config, x, y } = request;
  const started = performance.now();
  const map = computeOutcomeMap(seed, config, x, y, (rowsDone) => post({ id, kind: 'progress', rowsDone }, []));
  post({ id, kind: 'done', map, ms: performance.now() - started }, [map.cells.buffer]);
}
