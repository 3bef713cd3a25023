import content from 'virtual:lockstep/content';
import { useEffect, useState, useSyncExternalStore } from 'react';
import type { LabConfig } from '@/settings/lab-config';
import type { MapAxis, OutcomeMapResult } from './outcome-map';
import type { EveningSequences } from '@/settings/evening-sequences';
import type { MapReply, MapRequest, SequencesRequest } from './outcome-map-requests';
import { known } from '@/sim/known';

const seed = known(content.scenarios[0]);

/** The map's runs need a worker, so the page never waits on them; without one (an old browser) the map says so. */
const WORKERS = typeof Worker !== 'undefined';
const never = () => () => undefined;

/** Whether this browser has workers; a prerendered page assumes it has, and hydrates as if it had. */
export function useWorkers(): boolean {
  return useSyncExternalStore(
    never,
    () => WORKERS,
    () => true,
  );
}

/** Computed maps, by their configuration and axes: a map is not run twice in a page's life. */
const cache = new Map<string, OutcomeMapResult>();

export interface OutcomeMapState {
  /** The map, once computed (or found in the cache). */
  readonly map: OutcomeMapResult | null;
  /** Rows computed so far, while the worker runs. */
  readonly rowsDone: number;
  readonly cancelled: boolean;
  readonly cancel: () => void;
  readonly resume: () => void;
}

/**
 * One map, computed in its own worker: progress row by row, a cancel that ends the worker, and a cache, so going
 * back to settings already mapped shows their map at once. Each map is timed as a `performance` measure named
 * `outcome map`, which `npm run bench` reads.
 */
export function useOutcomeMap(config: LabConfig, x: MapAxis, y: MapAxis): OutcomeMapState {
  const key = JSON.stringify([config, x, y]);
  const [result, setResult] = useState<{ key: string; map: OutcomeMapResult } | null>(null);
  const [progress, setProgress] = useState<{ key: string; rows: number } | null>(null);
  const [cancelled, setCancelled] = useState<string | null>(null);

  useEffect(() => {
    if (cache.has(key) || cancelled === key || !WORKERS) return;
    const worker = new Worker(new URL('./outcome-map.worker.ts', import.meta.url), {
      type: 'module',
      name: 'lockstep-outcome-map',
    });
    const started = performance.now();
    worker.addEventListener('message', (event: MessageEvent<MapReply>) => {
      if (event.data.kind === 'progress') setProgress({ key, rows: event.data.rowsDone });
      else if (event.data.kind === 'done') {
        performance.measure('outcome map', { start: started, detail: { key, workerMs: event.data.ms } });
        cache.set(key, event.data.map);
        setResult({ key, map: event.data.map });
        worker.terminate();
      }
    });
    worker.postMessage({ kind: 'map', id: 1, seed, config, x, y } satisfies MapRequest);
    return () => worker.terminate();
  }, [key, config, x, y, cancelled]);

  return {
    map: result?.key === key ? result.map : (cache.get(key) ?? null),
    rowsDone: progress?.key === key ? progress.rows : 0,
    cancelled: cancelled === key,
    cancel: () => setCancelled(key),
    resume: () => setCancelled(null),
  };
}

/** The evenings the fence exercise judges on, once a page: computed on first use, then kept. */
let sequencesKept: EveningSequences | null = null;

export interface EveningSequencesState {
  readonly sequences: EveningSequences | null;
  /** Maps done, of how many, while the worker runs. */
  readonly progress: { readonly done: number; readonly of: number } | null;
}

/**
 * Every run the fence exercise needs, reduced to its sequences of writes in the map's worker: about 26,000 runs,
 * with progress map by map. Timed as a `performance` measure named `evening sequences`.
 */
export function useEveningSequences(wanted: boolean): EveningSequencesState {
  const [sequences, setSequences] = useState(sequencesKept);
  const [progress, setProgress] = useState<EveningSequencesState['progress']>(null);
  useEffect(() => {
    if (!wanted || sequencesKept || !WORKERS) return;
    const worker = new Worker(new URL('./outcome-map.worker.ts', import.meta.url), {
      type: 'module',
      name: 'lockstep-evening-sequences',
    });
    const started = performance.now();
    worker.addEventListener('message', (event: MessageEvent<MapReply>) => {
      const reply = event.data;
      if (reply.kind === 'sequencesProgress') setProgress({ done: reply.done, of: reply.of });
      else if (reply.kind === 'sequences') {
        performance.measure('evening sequences', { start: started, detail: { workerMs: reply.ms } });
        sequencesKept = reply.sequences;
        setSequences(reply.sequences);
        worker.terminate();
      }
    });
    worker.postMessage({ kind: 'sequences', id: 1, seed } satisfies SequencesRequest);
    return () => worker.terminate();
  }, [wanted]);
  return { sequences, progress };
}
