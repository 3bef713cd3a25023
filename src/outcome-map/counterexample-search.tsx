import content from 'virtual:lockstep/content';
import lab from 'virtual:lockstep/lab';
import { useState } from 'react';
import { fillTemplate } from '@/content/fill-template';
import type { LabConfig } from '@/settings/lab-config';
import type { SearchResult } from './outcome-map';
import type { SubHeading } from './outcome-map-grid';
import { modeTitle } from './outcome-map-boundaries';
import { useWorkers } from './use-outcome-map';
import type { MapReply, SearchRequest } from './outcome-map-requests';
import styles from './outcome-map.module.css';
import { known } from '@/sim/known';
import linkButton from '@/components/link-button.module.css';

const seed = known(content.scenarios[0]);

/** How many random schedules one search runs. */
const SEARCH_COUNT = 500;

/**
 * Random schedules of the current service and storage, searched in a worker for a run that breaks the lock's
 * promise (a write under an earlier grant replacing one under a later grant); the first break opens above.
 */
export function CounterexampleSearch({
  config,
  onOpen,
  Sub,
}: {
  config: LabConfig;
  onOpen: (config: LabConfig) => void;
  Sub: SubHeading;
}) {
  const [state, setState] = useState<{ config: LabConfig; round: number; result: SearchResult | null } | null>(null);
  // The search runs in a worker; without one (an old browser) it cannot run.
  const workers = useWorkers();
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
      <button type="button" onClick={search} disabled={searching || !workers}>
        {fillTemplate(lab.map.searchButton, { count: String(SEARCH_COUNT) })}
      </button>
      <p role="status">
        {searching
          ? lab.map.searching
          : result === null
            ? ''
            : result.broken
              ? fillTemplate(lab.map.broken, {
                  run: String(result.broken.run),
                  total: String(SEARCH_COUNT),
                  mode: modeTitle(config).toLowerCase(),
                })
              : fillTemplate(lab.map.none, {
                  total: String(result.checked),
                  mode: modeTitle(config).toLowerCase(),
                })}{' '}
        {result?.broken && (
          <button type="button" className={linkButton.linkButton} onClick={() => onOpen(known(result.broken).config)}>
            {lab.map.openBroken}
          </button>
        )}
      </p>
    </div>
  );
}
