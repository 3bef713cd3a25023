import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCK_SERVICES } from './lock-services';

/*
 * Each descriptor says how its model is checked against the real system. What it says must be so in the repository:
 * the suite exists and CI installs its server, the golden trace is where it says, and the fidelity section owns up
 * to every model no real server checks.
 */
const root = join(import.meta.dirname, '../../..');
const read = (path: string) => readFileSync(join(root, path), 'utf8');
const ciScript = read('.ci/run');
const fidelity = read('content/lesson/09-implementations.md');
/** The fidelity section's sentence that names the models not checked against a real server. */
const notCheckedSentence = fidelity.split(/(?<=\.) /).find((sentence) => sentence.includes('not checked this way'));
/** How the fidelity section names each service that no real server checks. */
const NAMED_AS: Readonly<Record<string, string>> = { redlock: 'Redlock', chubby: 'Chubby', hazelcast: 'Hazelcast' };

describe('how each lock service model is checked', () => {
  it.each(LOCK_SERVICES.map((service) => [service.kind, service.modelCheck] as const))('%s', (kind, check) => {
    if (check.by === 'realServer') {
      expect(existsSync(join(root, check.suite)), check.suite).toBe(true);
      expect(check.suite).toMatch(/^tools\/conformance\/.+\.real\.test\.ts$/);
      // .ci/run installs what is missing, one package per server.
      expect(ciScript).toContain(`packages+=(${check.debianPackage})`);
    } else {
      expect(notCheckedSentence, 'the fidelity section names the models no real server checks').toBeDefined();
      expect(notCheckedSentence).toContain(NAMED_AS[kind] ?? `(a name for ${kind} in NAMED_AS)`);
    }
    if (check.by === 'goldenTrace') expect(read(check.test)).toMatch(/golden trace/i);
  });

  it('names, in the fidelity section, exactly the services its descriptor leaves unchecked by a real server', () => {
    const unchecked = LOCK_SERVICES.filter((service) => service.modelCheck.by !== 'realServer').map(
      (service) => service.kind,
    );
    expect(unchecked.sort()).toEqual(Object.keys(NAMED_AS).sort());
  });
});
