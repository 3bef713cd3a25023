import { storageOptions, type LabConfig, type LabStorage, type MapField } from '@/settings/lab-config';
import { axisRange, axisValues, type MapAxis } from './outcome-map';

/** Cells along each axis: 40 × 40 runs per map. */
const SIZE = 40;
/** A's certificate is ready this long after its grant (the lesson's certificate authority). */
const CA_MS = 5_000;

/** The axis of a map laid out around `config`: `field`'s values, the current one among them. */
export const axisOf = (field: MapField, config: LabConfig): MapAxis => ({
  field,
  values: axisValues(field, axisRange(field, config, CA_MS), SIZE, config[field]),
});

/**
 * Whether `config` is one of the runs of the maps laid out around `anchor`: the same axes and the same other
 * settings, with its two axis settings on the grid, so that the ringed cell is exactly it. Its storage may differ,
 * as the maps show each storage side by side. Opening a cell gives such a run: the map stays, and only the ring
 * moves. Anything else is a new map.
 */
export function isOnMap(anchor: LabConfig, config: LabConfig): boolean {
  const axes = [config.mapAcross, config.mapUp] as const;
  // The axes themselves (mapAcross, mapUp) are settings like the others: changed, they make a new map.
  return (
    (Object.keys(config) as (keyof LabConfig)[]).every(
      (field) => (axes as readonly string[]).includes(field) || field === 'storage' || anchor[field] === config[field],
    ) && axes.every((field) => axisOf(field, anchor).values.includes(config[field]))
  );
}

/** The storages mapped side by side: the table checking nothing first, then what the resource can check. */
export const mapStorages = (config: LabConfig): readonly LabStorage[] =>
  [...storageOptions(config.resource, config.service)].sort(
    (a, b) => Number(b === 'unchecked') - Number(a === 'unchecked'),
  );
