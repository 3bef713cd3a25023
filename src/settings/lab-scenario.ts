import { lockServiceOf, type LockServiceConfig } from '../sim/services/lock-services.ts';
import type { RenewerDefinition, RunSettings, ScenarioDefinition } from '../sim/scenario.ts';
import type { LabConfig } from './lab-config.ts';
import { known } from '../sim/known.ts';

/** Snip's weekly report in the efficiency presets: one owner, one ISO week. */
const WEEKLY_REPORT = { owner: 'owner-4711', week: '2026-W48' } as const;

/**
 * The scenario a configuration describes, built on the lesson's story: A starts at once, B at 15 s, C (if
 * any) at 22 s, each retrying and waiting for the CA as the story's first renewer does. The lock service's own settings come
 * from its descriptor.
 */
export function labScenario(base: ScenarioDefinition, config: LabConfig): ScenarioDefinition {
  const model = known(base.renewers[0]);
  const renewer = (id: string, startsAtMs: number, extra: Partial<RenewerDefinition> = {}): RenewerDefinition => ({
    id,
    // The weekly report is sent by workers; only certificates have renewers.
    name: config.resource === 'email' ? `Worker ${id}` : `Renewer ${id}`,
    startsAtMs,
    retryEveryMs: model.retryEveryMs,
    certificateAuthorityMs: model.certificateAuthorityMs,
    pauses: [],
    ...extra,
  });
  const renewers = [
    renewer('A', 0, {
      pauses:
        config.pauseMs > 0
          ? [
              // At A's start the pause begins just after its lock request leaves: the replies wait in flight.
              { atMs: config.pauseWhen === 'whileAcquiring' ? 0 : config.pauseAtMs, durationMs: config.pauseMs },
            ]
          : [],
      writeDelayMs: config.writeDelayMs,
    }),
    renewer('B', 15_000),
    ...(config.renewers === 3 ? [renewer('C', 22_000)] : []),
  ];
  return {
    ...base,
    id: 'lab',
    title: 'Lock lab',
    leaseTtlMs: config.ttlMs,
    renewers,
    lockService: lockConfigOf(config),
    ...(config.resource === 'email'
      ? {
          lockKey: `lock:weekly-report:${WEEKLY_REPORT.owner}:${WEEKLY_REPORT.week}`,
          resource: { kind: 'email', ...WEEKLY_REPORT },
        }
      : { resource: { kind: 'certificate' } }),
  };
}

/** What a configuration asks of the run: which checks the storage makes. */
export function labRunSettings(config: LabConfig): RunSettings {
  return { fencing: config.storage === 'fenced', idempotencyKey: config.storage === 'idempotencyKey' };
}

/** The lock service's own settings, as its descriptor reads them from the lab's. */
const lockConfigOf = (config: LabConfig): LockServiceConfig => lockServiceOf(config.service).fromLab(config);
