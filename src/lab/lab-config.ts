import { MAX_LOCK_DELAY_MS } from '../sim/services/chubby.ts';
import {
  issuesTokens,
  LOCK_SERVICE_KINDS,
  type LockServiceConfig,
  type LockServiceKind,
} from '../sim/services/service.ts';
import type { RenewerDefinition, RunSettings, ScenarioDefinition } from '@/sim/scenario';

/** What the lock guards: the lesson's certificate row, or Snip's weekly report email. */
export type LabResource = 'certificate' | 'email';

/**
 * How the guarded resource protects itself. The certificate row can check fencing tokens or nothing; the
 * mail sender can claim (owner, week) first (an idempotency key) or send every time.
 */
export type LabStorage = 'fenced' | 'unchecked' | 'idempotencyKey';

export const STORAGE_FOR: Readonly<Record<LabResource, readonly LabStorage[]>> = {
  certificate: ['fenced', 'unchecked'],
  email: ['idempotencyKey', 'unchecked'],
};

/** Checking tokens needs a service that hands them out; under Redis or Redlock the option does not apply. */
export function storageApplies(storage: LabStorage, service: LockServiceKind): boolean {
  return storage !== 'fenced' || issuesTokens(service);
}

/** The storage options a resource offers under a service, in order of preference. */
export function storageOptions(resource: LabResource, service: LockServiceKind): readonly LabStorage[] {
  return STORAGE_FOR[resource].filter((storage) => storageApplies(storage, service));
}

/** Snip's weekly report in the efficiency presets: one owner, one ISO week. */
const WEEKLY_REPORT = { owner: 'owner-4711', week: '2026-W48' } as const;

/** What the lab lets a learner change. Times are virtual milliseconds. */
export interface LabConfig {
  readonly service: LockServiceKind;
  readonly resource: LabResource;
  readonly storage: LabStorage;
  readonly ttlMs: number;
  /** After A holds the lock, at `pauseAtMs`; or while its first lock request is in flight. */
  readonly pauseWhen: 'afterAcquiring' | 'whileAcquiring';
  readonly pauseAtMs: number;
  /** 0 means A is never paused. */
  readonly pauseMs: number;
  readonly writeDelayMs: number;
  /** A forward jump of Redlock node C's clock, one second in; 0 means none. */
  readonly clockJumpMs: number;
  /** How fast Redlock node C's clock runs, in percent: 10 means ten per cent fast, −10 ten per cent slow. */
  readonly clockDriftPct: number;
  readonly renewers: 2 | 3;
  /** Chubby's lock-delay after a lost holder (at most a minute). */
  readonly lockDelayMs: number;
  /** When Redis's primary fails over to a replica that never got the lock key; 0 means it does not. */
  readonly failoverAtMs: number;
}

export const LAB_SERVICES: readonly LockServiceKind[] = LOCK_SERVICE_KINDS;

type NumericField =
  'ttlMs' | 'pauseAtMs' | 'pauseMs' | 'writeDelayMs' | 'clockJumpMs' | 'clockDriftPct' | 'lockDelayMs' | 'failoverAtMs';

interface NumericSpec {
  readonly param: string;
  readonly min: number;
  readonly max: number;
  readonly label: string;
  readonly unit: 'ms' | '%';
}

/** Each number's URL name, unit and allowed range; anything outside is clamped, with a message. */
export const LAB_FIELDS: Readonly<Record<NumericField, NumericSpec>> = {
  ttlMs: { param: 'ttl', min: 1_000, max: 600_000, label: 'Lease TTL', unit: 'ms' },
  pauseAtMs: { param: 'pauseAt', min: 0, max: 600_000, label: 'Pause starts at', unit: 'ms' },
  pauseMs: { param: 'pause', min: 0, max: 600_000, label: 'Pause length', unit: 'ms' },
  writeDelayMs: { param: 'writeDelay', min: 0, max: 600_000, label: "Network delay on A's write", unit: 'ms' },
  clockJumpMs: { param: 'jump', min: 0, max: 600_000, label: 'Clock jump on node C', unit: 'ms' },
  clockDriftPct: { param: 'drift', min: -50, max: 50, label: 'Clock drift on node C', unit: '%' },
  lockDelayMs: { param: 'lockDelay', min: 0, max: MAX_LOCK_DELAY_MS, label: 'Lock-delay', unit: 'ms' },
  failoverAtMs: { param: 'failover', min: 0, max: 600_000, label: 'Redis failover at', unit: 'ms' },
};

export const DEFAULT_LAB_CONFIG: LabConfig = {
  service: 'lesson',
  resource: 'certificate',
  storage: 'fenced',
  ttlMs: 30_000,
  pauseWhen: 'afterAcquiring',
  pauseAtMs: 2_000,
  pauseMs: 40_000,
  writeDelayMs: 0,
  clockJumpMs: 0,
  clockDriftPct: 0,
  renewers: 2,
  lockDelayMs: 0,
  failoverAtMs: 0,
};

/** A preset's settings on top of the defaults; a preset names only what it changes. */
export function presetConfig(overrides: { readonly [K in keyof LabConfig]?: LabConfig[K] | undefined }): LabConfig {
  const given = Object.fromEntries(Object.entries(overrides).filter(([, value]) => value !== undefined));
  const config: LabConfig = { ...DEFAULT_LAB_CONFIG, ...given };
  const allowed = storageOptions(config.resource, config.service);
  return allowed.includes(config.storage) ? config : { ...config, storage: allowed[0]! };
}

/** Why "checks tokens" is not offered under Redis or Redlock. */
export const TOKENLESS_STORAGE = 'This lock service hands out no token to check, so the storage checks nothing.';

export interface FieldProblem {
  readonly field: keyof LabConfig;
  readonly message: string;
}

/** Reads lab settings from a query string, clamping or refusing what makes no sense, field by field. */
export function parseLabConfig(search: string): { config: LabConfig; problems: FieldProblem[] } {
  const params = new URLSearchParams(search);
  const problems: FieldProblem[] = [];
  const config: { -readonly [K in keyof LabConfig]: LabConfig[K] } = { ...DEFAULT_LAB_CONFIG };

  // Links made before the lesson's own service was called 'lesson' said 'fencing'; they still open it.
  const service = params.get('service') === 'fencing' ? 'lesson' : params.get('service');
  if (service !== null) {
    if ((LAB_SERVICES as readonly string[]).includes(service)) config.service = service as LockServiceKind;
    else
      problems.push({ field: 'service', message: `“${service}” is not a lock service here; using the lesson's own.` });
  }
  const resource = params.get('resource');
  if (resource !== null) {
    if (resource === 'certificate' || resource === 'email') config.resource = resource;
    else problems.push({ field: 'resource', message: `The lock guards a certificate or an email, not “${resource}”.` });
  }
  const allowed = STORAGE_FOR[config.resource];
  config.storage = storageOptions(config.resource, config.service)[0]!;
  const storage = params.get('storage');
  if (storage !== null) {
    if ((allowed as readonly string[]).includes(storage) && !storageApplies(storage as LabStorage, config.service))
      problems.push({ field: 'storage', message: TOKENLESS_STORAGE });
    else if ((allowed as readonly string[]).includes(storage)) config.storage = storage as LabStorage;
    else
      problems.push({
        field: 'storage',
        message: `For the ${config.resource}, storage must be ${storageOptions(config.resource, config.service).join(' or ')}, not “${storage}”.`,
      });
  }
  const pauseWhen = params.get('pauseWhen');
  if (pauseWhen !== null) {
    if (pauseWhen === 'afterAcquiring' || pauseWhen === 'whileAcquiring') config.pauseWhen = pauseWhen;
    else
      problems.push({
        field: 'pauseWhen',
        message: `The pause comes afterAcquiring or whileAcquiring, not “${pauseWhen}”.`,
      });
  }
  const renewers = params.get('renewers');
  if (renewers !== null) {
    if (renewers === '2' || renewers === '3') config.renewers = Number(renewers) as 2 | 3;
    else problems.push({ field: 'renewers', message: `Renewers must be 2 or 3, not “${renewers}”.` });
  }
  for (const [field, spec] of Object.entries(LAB_FIELDS) as [NumericField, (typeof LAB_FIELDS)[NumericField]][]) {
    const raw = params.get(spec.param);
    if (raw === null) continue;
    const result = clampField(field, raw);
    config[field] = result.value;
    if (result.problem) problems.push(result.problem);
  }
  return { config, problems };
}

/** One number as typed, pasted or linked: whole units within the field's range, or the default. */
export function clampField(field: NumericField, raw: string): { value: number; problem: FieldProblem | null } {
  const spec = LAB_FIELDS[field];
  const number = /^\s*-?\d+(\.\d+)?\s*$/.test(raw) ? Math.round(Number(raw)) : Number.NaN;
  if (Number.isNaN(number)) {
    const unit = spec.unit === 'ms' ? 'a number of milliseconds' : 'a whole number of per cent';
    return {
      value: DEFAULT_LAB_CONFIG[field],
      problem: { field, message: `${spec.label} must be ${unit}, not “${raw}”.` },
    };
  }
  const value = Math.min(Math.max(number, spec.min), spec.max);
  const problem =
    value === number
      ? null
      : {
          field,
          message: `${spec.label} must be between ${spec.min} and ${spec.max} ${spec.unit}; using ${value}.`,
        };
  return { value, problem };
}

/** Which numbers matter for a configuration: the others are shown, greyed out, and change nothing. */
export function fieldApplies(field: NumericField, config: LabConfig): boolean {
  switch (field) {
    case 'pauseAtMs':
      // A pause while the replies are in flight starts with A's first request, not at a set time.
      return config.pauseWhen === 'afterAcquiring';
    case 'clockJumpMs':
    case 'clockDriftPct':
      return config.service === 'redlock';
    case 'lockDelayMs':
      return config.service === 'chubby';
    case 'failoverAtMs':
      return config.service === 'redis';
    default:
      return true;
  }
}

export function serializeLabConfig(config: LabConfig): string {
  const params = new URLSearchParams({
    service: config.service,
    resource: config.resource,
    storage: config.storage,
    renewers: String(config.renewers),
    pauseWhen: config.pauseWhen,
  });
  for (const [field, spec] of Object.entries(LAB_FIELDS) as [NumericField, (typeof LAB_FIELDS)[NumericField]][]) {
    params.set(spec.param, String(config[field]));
  }
  return `?${params.toString()}`;
}

/**
 * The scenario a configuration describes, built on the lesson's story: A starts at once, B at 15 s, C (if
 * any) at 22 s. A clock jump on Redlock's node C comes with Kleppmann's partition: A cannot reach D and E,
 * B cannot reach A and B.
 */
export function labScenario(base: ScenarioDefinition, config: LabConfig): ScenarioDefinition {
  const renewer = (id: string, startsAtMs: number, extra: Partial<RenewerDefinition> = {}): RenewerDefinition => ({
    id,
    // The weekly report is sent by workers; only certificates have renewers.
    name: config.resource === 'email' ? `Worker ${id}` : `Renewer ${id}`,
    startsAtMs,
    retryEveryMs: 16_000,
    certificateAuthorityMs: 5_000,
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
    lockService: lockServiceOf(config),
    ...(config.resource === 'email'
      ? {
          lockKey: `lock:weekly-report:${WEEKLY_REPORT.owner}:${WEEKLY_REPORT.week}`,
          resource: { kind: 'weeklyEmail', ...WEEKLY_REPORT },
        }
      : { resource: { kind: 'certificate' } }),
  };
}

/** What a configuration asks of the run: which checks the storage makes. */
export function labRunSettings(config: LabConfig): RunSettings {
  return { fencing: config.storage === 'fenced', idempotencyKey: config.storage === 'idempotencyKey' };
}

function lockServiceOf(config: LabConfig): LockServiceConfig {
  switch (config.service) {
    case 'redis':
      return config.failoverAtMs > 0 ? { kind: 'redis', failoverAtMs: config.failoverAtMs } : { kind: 'redis' };
    case 'redlock': {
      if (config.clockJumpMs === 0 && config.clockDriftPct === 0) return { kind: 'redlock' };
      const jumps = config.clockJumpMs > 0 ? [{ atMs: 1_000, byMs: config.clockJumpMs }] : [];
      return {
        kind: 'redlock',
        clocks: { C: { offsetMs: 0, driftRate: config.clockDriftPct / 100, jumps } },
        unreachable: { A: ['D', 'E'], B: ['A', 'B'] },
      };
    }
    case 'chubby':
      return { kind: 'chubby', lockDelayMs: config.lockDelayMs };
    default:
      return { kind: config.service };
  }
}
