import type { RenewerDefinition, ScenarioDefinition } from '@/sim/scenario';
import { LOCK_SERVICES, type LockServiceConfig, type LockServiceKind } from '@/sim/services/lock-services';

/** The lab's service-specific settings all off: each service at its defaults (Chubby without its lock-delay). */
const NO_SERVICE_SETTINGS = { failoverAtMs: 0, clockJumpMs: 0, clockDriftPct: 0, partition: false, lockDelayMs: 0 };

/** Each lock service the simulation models, at its defaults, by kind. */
export const EVERY_LOCK_SERVICE = Object.fromEntries(
  LOCK_SERVICES.map((service) => [service.kind, service.fromLab(NO_SERVICE_SETTINGS)]),
) as { readonly [K in LockServiceKind]: Extract<LockServiceConfig, { kind: K }> };

/** The services whose grants carry a fencing token, at their defaults. */
export const TOKEN_SERVICES: readonly LockServiceConfig[] = LOCK_SERVICES.filter((service) => service.issuesTokens).map(
  (service) => EVERY_LOCK_SERVICE[service.kind],
);

/** The seed scenario's numbers, written out so each test states what it depends on. */
export function buildScenario(overrides: Partial<ScenarioDefinition> = {}): ScenarioDefinition {
  return {
    id: 'test-scenario',
    title: 'Test scenario',
    domain: 'go.shop.example',
    lockKey: 'lock:cert:go.shop.example',
    leaseTtlMs: 30_000,
    firstFencingToken: 33,
    networkDelayMs: 0,
    seed: 1,
    initialCertificate: { serial: 1000, fence: 32, notAfterMs: 2 * 86_400_000 },
    renewers: [
      buildRenewer({ id: 'A', name: 'Renewer A', startsAtMs: 0, pauses: [{ atMs: 2_000, durationMs: 40_000 }] }),
      buildRenewer({ id: 'B', name: 'Renewer B', startsAtMs: 15_000 }),
    ],
    ...overrides,
  };
}

export function buildRenewer(overrides: Partial<RenewerDefinition> & Pick<RenewerDefinition, 'id'>): RenewerDefinition {
  return {
    name: `Renewer ${overrides.id}`,
    startsAtMs: 0,
    retryEveryMs: 16_000,
    certificateAuthorityMs: 5_000,
    pauses: [],
    ...overrides,
  };
}

/** A run that never settles: A holds a lease of a billion ms and sleeps on it; B asks again every millisecond. */
export function buildEndlessScenario(): ScenarioDefinition {
  return buildScenario({
    leaseTtlMs: 1_000_000_000,
    renewers: [
      buildRenewer({ id: 'A', pauses: [{ atMs: 1, durationMs: 1_000_000_000 }] }),
      buildRenewer({ id: 'B', startsAtMs: 10, retryEveryMs: 1, maxAttempts: 1_000_000 }),
    ],
  });
}
