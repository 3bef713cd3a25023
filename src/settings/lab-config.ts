import { issuesTokens, LOCK_SERVICE_KINDS, MAX_LOCK_DELAY_MS, type LockServiceKind } from '../sim/services/service.ts';

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
  /** A forward jump of Redlock node R3's clock, one second in; 0 means none. */
  readonly clockJumpMs: number;
  /** How fast Redlock node R3's clock runs, in percent: 10 means ten per cent fast, −10 ten per cent slow. */
  readonly clockDriftPct: number;
  readonly renewers: 2 | 3;
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
  readonly label: string;
  readonly unit: 'ms' | '%';
}

/** Each number's URL name, unit and allowed range; anything outside is clamped, with a message. */
export const LAB_FIELDS: Readonly<Record<NumericField, NumericSpec>> = {
  ttlMs: { param: 'ttl', min: 1_000, max: 600_000, label: 'Lease TTL', unit: 'ms' },
  pauseAtMs: { param: 'pauseAt', min: 0, max: 600_000, label: 'Pause starts at', unit: 'ms' },
  pauseMs: { param: 'pause', min: 0, max: 600_000, label: 'Pause length', unit: 'ms' },
  writeDelayMs: { param: 'writeDelay', min: 0, max: 600_000, label: "Network delay on A's write", unit: 'ms' },
  clockJumpMs: { param: 'jump', min: 0, max: 600_000, label: 'Clock jump on node R3', unit: 'ms' },
  clockDriftPct: { param: 'drift', min: -50, max: 50, label: 'Clock drift on node R3', unit: '%' },
  lockDelayMs: { param: 'lockDelay', min: 0, max: MAX_LOCK_DELAY_MS, label: 'Lock-delay', unit: 'ms' },
  failoverAtMs: { param: 'failover', min: 0, max: 600_000, label: 'Redis failover at', unit: 'ms' },
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

export function mapFieldsFor(service: LockServiceKind): readonly MapField[] {
  return MAP_FIELDS.filter((field) => {
    if (field === 'clockJumpMs' || field === 'clockDriftPct') return service === 'redlock';
    return field !== 'lockDelayMs' || service === 'chubby';
  });
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
  const storage = allowed.includes(config.storage) ? config.storage : allowed[0]!;
  const axes = mapFieldsFor(config.service);
  const axesApply =
    axes.includes(config.mapAcross) && axes.includes(config.mapUp) && config.mapAcross !== config.mapUp;
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

/**
 * Why a setting could not be used as given. The page words each kind from content/lab/fields.json, so the
 * parse itself holds no sentences.
 */
export type FieldProblem =
  | { readonly field: 'service'; readonly kind: 'unknownService'; readonly value: string }
  | { readonly field: 'resource'; readonly kind: 'unknownResource'; readonly value: string }
  | { readonly field: 'storage'; readonly kind: 'tokenless' }
  | {
      readonly field: 'storage';
      readonly kind: 'unknownStorage';
      readonly value: string;
      readonly resource: LabResource;
      readonly options: readonly LabStorage[];
    }
  | { readonly field: 'pauseWhen'; readonly kind: 'unknownPauseWhen'; readonly value: string }
  | { readonly field: 'renewers'; readonly kind: 'unknownRenewers'; readonly value: string }
  | { readonly field: NumericField; readonly kind: 'notANumber'; readonly value: string }
  | { readonly field: NumericField; readonly kind: 'outOfRange' | 'rounded'; readonly used: number }
  | {
      readonly field: 'mapAcross' | 'mapUp';
      readonly kind: 'unknownMapAxis';
      readonly value: string;
      readonly options: readonly string[];
    }
  | { readonly field: 'mapUp'; readonly kind: 'sameMapAxes'; readonly value: string };

/** The placeholders each kind of problem offers its sentence in content/lab/fields.json. */
export const FIELD_PROBLEM_PLACEHOLDERS = {
  unknownService: ['value'],
  unknownResource: ['value'],
  tokenless: [],
  unknownStorage: ['value', 'resource', 'options'],
  unknownPauseWhen: ['value'],
  unknownRenewers: ['value'],
  notANumber: ['label', 'value', 'units'],
  outOfRange: ['label', 'min', 'max', 'unit', 'used'],
  rounded: ['label', 'units', 'used'],
  unknownMapAxis: ['value', 'options'],
  sameMapAxes: ['value'],
} as const satisfies Record<FieldProblem['kind'], readonly string[]>;

/** Reads lab settings from a query string, clamping or refusing what makes no sense, field by field. */
export function parseLabConfig(search: string): { config: LabConfig; problems: FieldProblem[] } {
  const params = new URLSearchParams(search);
  const problems: FieldProblem[] = [];
  const config: { -readonly [K in keyof LabConfig]: LabConfig[K] } = { ...DEFAULT_LAB_CONFIG };

  // Links made before the lesson's own service was called 'lesson' said 'fencing'; they still open it.
  const service = params.get('service') === 'fencing' ? 'lesson' : params.get('service');
  if (service !== null) {
    if ((LAB_SERVICES as readonly string[]).includes(service)) config.service = service as LockServiceKind;
    else problems.push({ field: 'service', kind: 'unknownService', value: service });
  }
  const resource = params.get('resource');
  if (resource !== null) {
    if (resource === 'certificate' || resource === 'email') config.resource = resource;
    else problems.push({ field: 'resource', kind: 'unknownResource', value: resource });
  }
  // A storage not given, or not usable here, becomes the first that applies (withApplicableSettings, below).
  const storage = params.get('storage');
  if (storage !== null) {
    const offered = (STORAGE_FOR[config.resource] as readonly string[]).includes(storage);
    if (offered && !storageApplies(storage as LabStorage, config.service))
      problems.push({ field: 'storage', kind: 'tokenless' });
    else if (offered) config.storage = storage as LabStorage;
    else
      problems.push({
        field: 'storage',
        kind: 'unknownStorage',
        value: storage,
        resource: config.resource,
        options: storageOptions(config.resource, config.service),
      });
  }
  const pauseWhen = params.get('pauseWhen');
  if (pauseWhen !== null) {
    if (pauseWhen === 'afterAcquiring' || pauseWhen === 'whileAcquiring') config.pauseWhen = pauseWhen;
    else problems.push({ field: 'pauseWhen', kind: 'unknownPauseWhen', value: pauseWhen });
  }
  const renewers = params.get('renewers');
  if (renewers !== null) {
    if (renewers === '2' || renewers === '3') config.renewers = Number(renewers) as 2 | 3;
    else problems.push({ field: 'renewers', kind: 'unknownRenewers', value: renewers });
  }
  for (const [field, spec] of Object.entries(LAB_FIELDS) as [NumericField, (typeof LAB_FIELDS)[NumericField]][]) {
    const raw = params.get(spec.param);
    if (raw === null) continue;
    const result = clampField(field, raw);
    config[field] = result.value;
    if (result.problem) problems.push(result.problem);
  }
  // The map's axes, by parameter name; one the service lacks, or the same one twice, leaves the default.
  const offered = mapFieldsFor(config.service);
  for (const [field, param] of Object.entries(MAP_AXIS_PARAMS) as [keyof typeof MAP_AXIS_PARAMS, string][]) {
    const raw = params.get(param);
    if (raw === null) continue;
    const axis = offered.find((candidate) => LAB_FIELDS[candidate].param === raw);
    if (axis) config[field] = axis;
    else
      problems.push({
        field,
        kind: 'unknownMapAxis',
        value: raw,
        options: offered.map((candidate) => LAB_FIELDS[candidate].param),
      });
  }
  if (config.mapAcross === config.mapUp) {
    problems.push({ field: 'mapUp', kind: 'sameMapAxes', value: LAB_FIELDS[config.mapUp].param });
    config.mapAcross = DEFAULT_LAB_CONFIG.mapAcross;
    config.mapUp = DEFAULT_LAB_CONFIG.mapUp;
  }
  return { config: withApplicableSettings(config), problems };
}

/** One number as typed, pasted or linked: whole units within the field's range, or the default. */
export function clampField(field: NumericField, raw: string): { value: number; problem: FieldProblem | null } {
  const spec = LAB_FIELDS[field];
  const given = /^\s*-?\d+(\.\d+)?\s*$/.test(raw) ? Number(raw) : Number.NaN;
  if (Number.isNaN(given))
    return { value: DEFAULT_LAB_CONFIG[field], problem: { field, kind: 'notANumber', value: raw } };
  const value = Math.min(Math.max(Math.round(given), spec.min), spec.max);
  // The range is judged on the number as given: -50.5 is outside -50 to 50, even though it rounds to -50.
  if (given < spec.min || given > spec.max) return { value, problem: { field, kind: 'outOfRange', used: value } };
  return { value, problem: value === given ? null : { field, kind: 'rounded', used: value } };
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
  for (const [field, param] of Object.entries(MAP_AXIS_PARAMS) as [keyof typeof MAP_AXIS_PARAMS, string][])
    params.set(param, LAB_FIELDS[config[field]].param);
  return `?${params.toString()}`;
}
