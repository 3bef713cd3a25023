import { SERVICE_LAB_FIELDS, type ServiceLabField } from '../sim/services/descriptor.ts';
import {
  issuesTokens,
  LOCK_SERVICE_KINDS,
  lockServiceOf,
  type LockServiceKind,
} from '../sim/services/lock-services.ts';
import { MAX_LOCK_DELAY_MS } from '../sim/services/chubby/descriptor.ts';
import { known } from '../sim/known.ts';

/** What the lock guards: the lesson's certificate row, or Snip's weekly report email. */
export type LabResource = 'certificate' | 'email';
export const LAB_RESOURCES: readonly LabResource[] = ['certificate', 'email'];

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

/** When A's pause starts: after it holds the lock, or while its first lock request is in flight. */
export type PauseMoment = 'afterAcquiring' | 'whileAcquiring';
/** How many renewers a lab run may have. */
export const RENEWER_COUNTS = [2, 3] as const;
export type RenewerCount = (typeof RENEWER_COUNTS)[number];

export const PAUSE_MOMENTS: readonly PauseMoment[] = ['afterAcquiring', 'whileAcquiring'];

/** What the lab lets a learner change. Times are virtual milliseconds. */
export interface LabConfig {
  readonly service: LockServiceKind;
  readonly resource: LabResource;
  readonly storage: LabStorage;
  readonly ttlMs: number;
  /** After A holds the lock, at `pauseAtMs`; or while its first lock request is in flight. */
  readonly pauseWhen: PauseMoment;
  readonly pauseAtMs: number;
  /** 0 means A is never paused. */
  readonly pauseMs: number;
  readonly writeDelayMs: number;
  /** A forward jump of Redlock node R3's clock, one second in; 0 means none. */
  readonly clockJumpMs: number;
  /** How fast Redlock node R3's clock runs, in percent: 10 means ten per cent fast, −10 ten per cent slow. */
  readonly clockDriftPct: number;
  /** Redlock: Kleppmann's partition, A cannot reach R4 and R5, B cannot reach R1 and R2. Apart from the clocks. */
  readonly partition: boolean;
  readonly renewers: RenewerCount;
  /** Chubby's lock-delay after a lost holder (at most a minute). */
  readonly lockDelayMs: number;
  /** When Redis's primary fails over to a replica that never got the lock key; 0 means it does not. */
  readonly failoverAtMs: number;
  /** The outcome map's axes: what it varies across and up. The run itself ignores them. */
  readonly mapAcross: MapField;
  readonly mapUp: MapField;
}

export const LAB_SERVICES: readonly LockServiceKind[] = LOCK_SERVICE_KINDS;

export type NumericField =
  'ttlMs' | 'pauseAtMs' | 'pauseMs' | 'writeDelayMs' | 'clockJumpMs' | 'clockDriftPct' | 'lockDelayMs' | 'failoverAtMs';

interface NumericSpec {
  readonly param: string;
  readonly min: number;
  readonly max: number;
  readonly unit: 'ms' | '%';
}

/** Each number's URL name, unit and allowed range; anything outside is clamped, with a message. */
export const LAB_FIELDS: Readonly<Record<NumericField, NumericSpec>> = {
  ttlMs: { param: 'ttl', min: 1_000, max: 600_000, unit: 'ms' },
  pauseAtMs: { param: 'pauseAt', min: 0, max: 600_000, unit: 'ms' },
  pauseMs: { param: 'pause', min: 0, max: 600_000, unit: 'ms' },
  writeDelayMs: { param: 'writeDelay', min: 0, max: 600_000, unit: 'ms' },
  clockJumpMs: { param: 'jump', min: 0, max: 600_000, unit: 'ms' },
  clockDriftPct: { param: 'drift', min: -50, max: 50, unit: '%' },
  lockDelayMs: { param: 'lockDelay', min: 0, max: MAX_LOCK_DELAY_MS, unit: 'ms' },
  failoverAtMs: { param: 'failover', min: 0, max: 600_000, unit: 'ms' },
};

/** The settings an outcome map can vary: the lesson's four, and each service's own where it has them. */
export const MAP_FIELDS = [
  'ttlMs',
  'pauseMs',
  'pauseAtMs',
  'writeDelayMs',
  'clockJumpMs',
  'clockDriftPct',
  'lockDelayMs',
] as const satisfies readonly NumericField[];
export type MapField = (typeof MAP_FIELDS)[number];

/** Whether this service reads a setting: every service reads the common ones, and its descriptor names its own. */
export function serviceReads(field: NumericField | 'partition', service: LockServiceKind): boolean {
  const own: readonly ServiceLabField[] = lockServiceOf(service).labFields;
  return !SERVICE_LAB_FIELDS.some((candidate) => candidate === field) || own.some((candidate) => candidate === field);
}

export function mapFieldsFor(service: LockServiceKind): readonly MapField[] {
  return MAP_FIELDS.filter((field) => serviceReads(field, service));
}

/** The map's two axes in an address: `across=ttl&up=pause`, by the fields' own parameter names. */
export const MAP_AXIS_PARAMS = { mapAcross: 'across', mapUp: 'up' } as const;

/** Every query parameter a lab configuration is written with. */
export const LAB_PARAMS: readonly string[] = [
  'service',
  'resource',
  'storage',
  'renewers',
  'pauseWhen',
  'partition',
  ...Object.values(LAB_FIELDS).map((spec) => spec.param),
  ...Object.values(MAP_AXIS_PARAMS),
];

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
  partition: false,
  renewers: 2,
  lockDelayMs: 0,
  failoverAtMs: 0,
  mapAcross: 'ttlMs',
  mapUp: 'pauseMs',
};

/**
 * The one rule that keeps a greyed-out option from being chosen: a configuration whose storage does not apply to
 * its resource and service gets the first one that does, and a map axis the service does not have (drift after
 * leaving Redlock, say) goes back to the default axes. Every configuration the lab makes (a link, a preset, a
 * change on the page) passes through here, so the page, its address and its embed code agree.
 */
export function withApplicableSettings(config: LabConfig): LabConfig {
  const allowed = storageOptions(config.resource, config.service);
  const storage = allowed.includes(config.storage) ? config.storage : known(allowed[0]);
  const axes = mapFieldsFor(config.service);
  const axesApply = axes.includes(config.mapAcross) && axes.includes(config.mapUp) && config.mapAcross !== config.mapUp;
  if (storage === config.storage && axesApply) return config;
  return {
    ...config,
    storage,
    ...(axesApply ? {} : { mapAcross: DEFAULT_LAB_CONFIG.mapAcross, mapUp: DEFAULT_LAB_CONFIG.mapUp }),
  };
}

/** Whether two configurations describe the same run: everything but the map's axes agrees. */
export function sameRun(a: LabConfig, b: LabConfig): boolean {
  return (Object.keys(a) as (keyof LabConfig)[]).every(
    (field) => field === 'mapAcross' || field === 'mapUp' || a[field] === b[field],
  );
}

/** A preset's settings on top of the defaults; a preset names only what it changes. */
export function presetConfig(overrides: { readonly [K in keyof LabConfig]?: LabConfig[K] | undefined }): LabConfig {
  const given = Object.fromEntries(Object.entries(overrides).filter(([, value]) => value !== undefined));
  return withApplicableSettings({ ...DEFAULT_LAB_CONFIG, ...given });
}

/** Which numbers matter for a configuration: the others are shown, greyed out, and change nothing. */
export function fieldApplies(field: NumericField | 'partition', config: LabConfig): boolean {
  switch (field) {
    case 'pauseAtMs':
      // A pause while the replies are in flight starts with A's first request, not at a set time.
      return config.pauseWhen === 'afterAcquiring';
    default:
      return serviceReads(field, config.service);
  }
}
