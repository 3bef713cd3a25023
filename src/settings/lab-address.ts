import { oneOf } from '../sim/known.ts';
import {
  DEFAULT_LAB_CONFIG,
  LAB_FIELDS,
  LAB_RESOURCES,
  LAB_SERVICES,
  MAP_AXIS_PARAMS,
  mapFieldsFor,
  PAUSE_MOMENTS,
  RENEWER_COUNTS,
  serviceReads,
  STORAGE_FOR,
  storageApplies,
  storageOptions,
  withApplicableSettings,
  type LabConfig,
  type LabResource,
  type LabStorage,
  type NumericField,
} from './lab-config.ts';

/** The lab's settings in an address: read field by field, with a problem for each one that could not be used. */

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
  | { readonly field: 'partition'; readonly kind: 'unknownPartition'; readonly value: string }
  /** A link from before the partition was a setting of its own: its clock jump or drift came with the partition. */
  | { readonly field: 'partition'; readonly kind: 'partitionFromOldLink' }
  /** `inSeconds`: typed into the lab's form, which shows times in seconds (links keep milliseconds). */
  | { readonly field: NumericField; readonly kind: 'notANumber'; readonly value: string; readonly inSeconds?: true }
  | {
      readonly field: NumericField;
      readonly kind: 'outOfRange' | 'rounded';
      readonly used: number;
      readonly inSeconds?: true;
    }
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
  unknownPartition: ['value'],
  partitionFromOldLink: [],
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
    const named = oneOf(LAB_SERVICES, service);
    if (named) config.service = named;
    else problems.push({ field: 'service', kind: 'unknownService', value: service });
  }
  const resource = params.get('resource');
  if (resource !== null) {
    const named = oneOf(LAB_RESOURCES, resource);
    if (named) config.resource = named;
    else problems.push({ field: 'resource', kind: 'unknownResource', value: resource });
  }
  // A storage not given, or not usable here, becomes the first that applies (withApplicableSettings, below).
  const storage = params.get('storage');
  if (storage !== null) {
    const offered = oneOf(STORAGE_FOR[config.resource], storage);
    if (offered && !storageApplies(offered, config.service)) problems.push({ field: 'storage', kind: 'tokenless' });
    else if (offered) config.storage = offered;
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
    const named = oneOf(PAUSE_MOMENTS, pauseWhen);
    if (named) config.pauseWhen = named;
    else problems.push({ field: 'pauseWhen', kind: 'unknownPauseWhen', value: pauseWhen });
  }
  const renewers = params.get('renewers');
  if (renewers !== null) {
    const count = oneOf(RENEWER_COUNTS, renewers);
    if (count) config.renewers = count;
    else problems.push({ field: 'renewers', kind: 'unknownRenewers', value: renewers });
  }
  for (const [field, spec] of Object.entries(LAB_FIELDS) as [NumericField, (typeof LAB_FIELDS)[NumericField]][]) {
    const raw = params.get(spec.param);
    if (raw === null) continue;
    const result = clampField(field, raw);
    config[field] = result.value;
    if (result.problem) problems.push(result.problem);
  }
  // The partition was switched on by any clock jump or drift on R3 (under the one service that reads it, Redlock)
  // until it became a setting of its own: a link that sets either and says nothing of the partition still gets it,
  // and is told so.
  const partition = params.get('partition');
  if (partition === 'on' || partition === 'off') config.partition = partition === 'on';
  else if (partition !== null) problems.push({ field: 'partition', kind: 'unknownPartition', value: partition });
  else if (serviceReads('partition', config.service) && (config.clockJumpMs > 0 || config.clockDriftPct !== 0)) {
    config.partition = true;
    problems.push({ field: 'partition', kind: 'partitionFromOldLink' });
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
export function clampField(
  field: NumericField,
  raw: string,
  typed: 'asStored' | 'inSeconds' = 'asStored',
): { value: number; problem: FieldProblem | null } {
  const spec = LAB_FIELDS[field];
  // The form shows times in seconds, where a decimal comma is as natural as a point, and "2.", ".5" or "30 s" are
  // what a person types.
  const seconds = typed === 'inSeconds' && spec.unit === 'ms';
  const text = seconds ? raw.replace(',', '.').replace(/\s*s\s*$/i, '') : raw;
  const pattern = seconds ? /^\s*-?(\d+(\.\d*)?|\.\d+)\s*$/ : /^\s*-?\d+(\.\d+)?\s*$/;
  const number = pattern.test(text) ? Number(text) : Number.NaN;
  const marker = seconds ? { inSeconds: true as const } : {};
  if (Number.isNaN(number))
    return { value: DEFAULT_LAB_CONFIG[field], problem: { field, kind: 'notANumber', value: raw, ...marker } };
  const given = seconds ? number * 1000 : number;
  const value = Math.min(Math.max(Math.round(given), spec.min), spec.max);
  // The range is judged on the number as given: -50.5 is outside -50 to 50, even though it rounds to -50.
  if (given < spec.min || given > spec.max)
    return { value, problem: { field, kind: 'outOfRange', used: value, ...marker } };
  // Seconds times 1000 may miss a whole number by a float's last bit (1.005 × 1000): that is no rounding.
  const whole = Math.abs(value - given) < 1e-6;
  return { value, problem: whole ? null : { field, kind: 'rounded', used: value, ...marker } };
}

export function serializeLabConfig(config: LabConfig): string {
  const params = new URLSearchParams({
    service: config.service,
    resource: config.resource,
    storage: config.storage,
    renewers: String(config.renewers),
    pauseWhen: config.pauseWhen,
    partition: config.partition ? 'on' : 'off',
  });
  for (const [field, spec] of Object.entries(LAB_FIELDS) as [NumericField, (typeof LAB_FIELDS)[NumericField]][]) {
    params.set(spec.param, String(config[field]));
  }
  for (const [field, param] of Object.entries(MAP_AXIS_PARAMS) as [keyof typeof MAP_AXIS_PARAMS, string][])
    params.set(param, LAB_FIELDS[config[field]].param);
  return `?${params.toString()}`;
}
