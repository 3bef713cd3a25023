import { resolve } from 'node:path';
import { bench, describe } from 'vitest';
import { loadContent } from '@/content/build/load-content';
import { DEFAULT_LAB_CONFIG, withApplicableSettings } from '@/settings/lab-config';
import { LAB_SERVICES } from '@/settings/lab-config';
import { axisRange, axisValues, computeOutcomeMap } from './outcome-map';

/** A full 40 × 40 outcome map (1,600 complete runs) per service, as the worker computes it. `npm run bench`. */
const { content } = loadContent(resolve(import.meta.dirname, '../../content'));
const seed = content.scenarios.find((scenario) => scenario.id === 'stale-certificate')!;

describe('outcome map, 40 × 40 runs, TTL × pause length', () => {
  for (const service of LAB_SERVICES) {
    const config = withApplicableSettings({ ...DEFAULT_LAB_CONFIG, service, storage: 'unchecked' });
    const ca = seed.renewers[0]!.certificateAuthorityMs;
    const x = {
      field: 'ttlMs' as const,
      values: axisValues('ttlMs', axisRange('ttlMs', config, ca), 40, config.ttlMs),
    };
    const y = {
      field: 'pauseMs' as const,
      values: axisValues('pauseMs', axisRange('pauseMs', config, ca), 40, config.pauseMs),
    };
    bench(service, () => void computeOutcomeMap(seed, config, x, y), { iterations: 3, warmupIterations: 1 });
  }
});
