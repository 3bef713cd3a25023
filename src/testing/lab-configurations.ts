import fc from 'fast-check';
import { LAB_FIELDS, LAB_SERVICES, withApplicableSettings, type LabConfig } from '@/settings/lab-config';

/*
 * Lab configurations across the lab's whole range, for property tests: every service, resource, storage, pause mode,
 * clock fault, failover and renewer count, with numbers mostly near the story's own times, where runs differ.
 */

/** A field's value: mostly near the story's own times, where the runs differ, sometimes anywhere in its range. */
function field(name: keyof typeof LAB_FIELDS, near: number) {
  const { min, max } = LAB_FIELDS[name];
  return fc.oneof(
    { weight: 4, arbitrary: fc.integer({ min: Math.max(min, 0), max: Math.min(max, near) }) },
    { weight: 1, arbitrary: fc.integer({ min, max }) },
    { weight: 1, arbitrary: fc.constant(min) },
  );
}

export const labConfigurations: fc.Arbitrary<LabConfig> = fc
  .record({
    service: fc.constantFrom(...LAB_SERVICES),
    resource: fc.constantFrom('certificate' as const, 'email' as const),
    storage: fc.constantFrom('fenced' as const, 'unchecked' as const, 'idempotencyKey' as const),
    ttlMs: field('ttlMs', 90_000),
    pauseWhen: fc.constantFrom('afterAcquiring' as const, 'whileAcquiring' as const),
    pauseAtMs: field('pauseAtMs', 30_000),
    pauseMs: fc.oneof(fc.constant(0), field('pauseMs', 120_000)),
    writeDelayMs: fc.oneof(
      { weight: 3, arbitrary: fc.constant(0) },
      { weight: 1, arbitrary: field('writeDelayMs', 60_000) },
    ),
    clockJumpMs: fc.oneof(
      { weight: 2, arbitrary: fc.constant(0) },
      { weight: 1, arbitrary: field('clockJumpMs', 60_000) },
    ),
    clockDriftPct: fc.oneof(
      { weight: 2, arbitrary: fc.constant(0) },
      { weight: 1, arbitrary: field('clockDriftPct', 50) },
    ),
    partition: fc.boolean(),
    renewers: fc.constantFrom(2 as const, 3 as const),
    lockDelayMs: field('lockDelayMs', 60_000),
    failoverAtMs: fc.oneof(
      { weight: 1, arbitrary: fc.constant(0) },
      { weight: 1, arbitrary: field('failoverAtMs', 60_000) },
    ),
    mapAcross: fc.constant('ttlMs' as const),
    mapUp: fc.constant('pauseMs' as const),
  })
  .map(withApplicableSettings);
