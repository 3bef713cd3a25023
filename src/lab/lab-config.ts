import type { LockServiceConfig, LockServiceKind } from '@/sim/lock-backends';
import type { RenewerDefinition, ScenarioDefinition } from '@/sim/scenario';

/** What the lab lets a learner change. Times are virtual milliseconds. */
export interface LabConfig {
  readonly service: LockServiceKind;
  readonly storage: 'fenced' | 'unchecked';
  readonly ttlMs: number;
  readonly pauseAtMs: number;
  /** 0 means A is never paused. */
  readonly pauseMs: number;
  readonly writeDelayMs: number;
  /** A forward jump of Redlock node C's clock, one second in; 0 means none. */
  readonly clockJumpMs: number;
  readonly renewers: 2 | 3;
  /** Chubby's lock-delay after a lost holder (at most a minute). */
  readonly lockDelayMs: number;
}

export const LAB_SERVICES: readonly LockServiceKind[] = ['fencing', 'redis', 'redlock', 'etcd', 'zookeeper', 'chubby'];

type NumericField = 'ttlMs' | 'pauseAtMs' | 'pauseMs' | 'writeDelayMs' | 'clockJumpMs' | 'lockDelayMs';

/** Each number's URL name and its allowed range; anything outside is clamped, with a message. */
export const LAB_FIELDS: Readonly<Record<NumericField, { param: string; min: number; max: number; label: string }>> = {
  ttlMs: { param: 'ttl', min: 1_000, max: 600_000, label: 'Lease TTL' },
  pauseAtMs: { param: 'pauseAt', min: 0, max: 600_000, label: 'Pause starts at' },
  pauseMs: { param: 'pause', min: 0, max: 600_000, label: 'Pause length' },
  writeDelayMs: { param: 'writeDelay', min: 0, max: 600_000, label: "Network delay on A's write" },
  clockJumpMs: { param: 'jump', min: 0, max: 600_000, label: 'Clock jump on node C' },
  lockDelayMs: { param: 'lockDelay', min: 0, max: 60_000, label: 'Lock-delay' },
};

export const DEFAULT_LAB_CONFIG: LabConfig = {
  service: 'fencing',
  storage: 'fenced',
  ttlMs: 30_000,
  pauseAtMs: 2_000,
  pauseMs: 40_000,
  writeDelayMs: 0,
  clockJumpMs: 0,
  renewers: 2,
  lockDelayMs: 0,
};

/** A preset's settings on top of the defaults; a preset names only what it changes. */
export function presetConfig(overrides: { readonly [K in keyof LabConfig]?: LabConfig[K] | undefined }): LabConfig {
  const given = Object.fromEntries(Object.entries(overrides).filter(([, value]) => value !== undefined));
  return { ...DEFAULT_LAB_CONFIG, ...given };
}

export interface FieldProblem {
  readonly field: keyof LabConfig;
  readonly message: string;
}

/** Reads lab settings from a query string, clamping or refusing what makes no sense, field by field. */
export function parseLabConfig(search: string): { config: LabConfig; problems: FieldProblem[] } {
  const params = new URLSearchParams(search);
  const problems: FieldProblem[] = [];
  const config: { -readonly [K in keyof LabConfig]: LabConfig[K] } = { ...DEFAULT_LAB_CONFIG };

  const service = params.get('service');
  if (service !== null) {
    if ((LAB_SERVICES as readonly string[]).includes(service)) config.service = service as LockServiceKind;
    else
      problems.push({ field: 'service', message: `“${service}” is not a lock service here; using the lesson's own.` });
  }
  const storage = params.get('storage');
  if (storage !== null) {
    if (storage === 'fenced' || storage === 'unchecked') config.storage = storage;
    else problems.push({ field: 'storage', message: `Storage must be fenced or unchecked, not “${storage}”.` });
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

/** One number as typed, pasted or linked: whole milliseconds within the field's range, or the default. */
export function clampField(field: NumericField, raw: string): { value: number; problem: FieldProblem | null } {
  const spec = LAB_FIELDS[field];
  const number = /^\s*-?\d+(\.\d+)?\s*$/.test(raw) ? Math.round(Number(raw)) : Number.NaN;
  if (Number.isNaN(number)) {
    return {
      value: DEFAULT_LAB_CONFIG[field],
      problem: { field, message: `${spec.label} must be a number of milliseconds, not “${raw}”.` },
    };
  }
  const value = Math.min(Math.max(number, spec.min), spec.max);
  const problem =
    value === number
      ? null
      : { field, message: `${spec.label} must be between ${spec.min} and ${spec.max} ms; using ${value}.` };
  return { value, problem };
}

export function serializeLabConfig(config: LabConfig): string {
  const params = new URLSearchParams({
    service: config.service,
    storage: config.storage,
    renewers: String(config.renewers),
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
    name: `Renewer ${id}`,
    startsAtMs,
    retryEveryMs: 16_000,
    certificateAuthorityMs: 5_000,
    pauses: [],
    ...extra,
  });
  const renewers = [
    renewer('A', 0, {
      pauses: config.pauseMs > 0 ? [{ atMs: config.pauseAtMs, durationMs: config.pauseMs }] : [],
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
  };
}

function lockServiceOf(config: LabConfig): LockServiceConfig {
  switch (config.service) {
    case 'redis':
      return { kind: 'redis', failoverAtMs: 1_000 };
    case 'redlock':
      return config.clockJumpMs > 0
        ? {
            kind: 'redlock',
            clocks: { C: { offsetMs: 0, driftRate: 0, jumps: [{ atMs: 1_000, byMs: config.clockJumpMs }] } },
            unreachable: { A: ['D', 'E'], B: ['A', 'B'] },
          }
        : { kind: 'redlock' };
    case 'chubby':
      return { kind: 'chubby', lockDelayMs: config.lockDelayMs };
    default:
      return { kind: config.service };
  }
}
