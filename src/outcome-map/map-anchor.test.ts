import { describe, expect, it } from 'vitest';
import { DEFAULT_LAB_CONFIG, type LabConfig } from '@/settings/lab-config';
import { axisOf, isOnMap, mapStorages } from './map-anchor';

const anchor: LabConfig = { ...DEFAULT_LAB_CONFIG, storage: 'unchecked' };
// TTL across, pause length up: the lab's default axes.
const across = axisOf('ttlMs', anchor).values;
const up = axisOf('pauseMs', anchor).values;

describe('axisOf', () => {
  it('lays 40 round values over the range around the current run, the current value exactly on one', () => {
    expect(across).toHaveLength(40);
    expect(across[0]).toBe(2_500);
    expect(across.every((value) => value % 2_500 === 0)).toBe(true);
    expect(across).toContain(30_000);
    expect(up[0]).toBe(0);
    expect(up).toContain(40_000);
  });
});

describe('isOnMap: a run the map already holds keeps the map, anything else is a new one', () => {
  it('the run the map was laid out around', () => {
    expect(isOnMap(anchor, { ...anchor })).toBe(true);
  });

  it('a cell opened, in either map: its two settings from the grid, the storage perhaps changed', () => {
    expect(isOnMap(anchor, { ...anchor, ttlMs: across[5]!, pauseMs: up[7]! })).toBe(true);
    expect(isOnMap(anchor, { ...anchor, ttlMs: across[0]!, pauseMs: up.at(-1)!, storage: 'fenced' })).toBe(true);
  });

  it('a setting typed between two cells, or past the last: the ring would not be the run, so a new map', () => {
    const between = (across[5]! + across[6]!) / 2;
    expect(isOnMap(anchor, { ...anchor, ttlMs: Math.round(between) })).toBe(false);
    expect(isOnMap(anchor, { ...anchor, pauseMs: up.at(-1)! + 1 })).toBe(false);
    expect(isOnMap(anchor, { ...anchor, ttlMs: across[0]! - 1 })).toBe(false);
  });

  it('any other setting changed', () => {
    expect(isOnMap(anchor, { ...anchor, renewers: 3 })).toBe(false);
    expect(isOnMap(anchor, { ...anchor, writeDelayMs: 1 })).toBe(false);
    expect(isOnMap(anchor, { ...anchor, service: 'etcd' })).toBe(false);
  });

  it('either axis changed, or the two swapped', () => {
    expect(isOnMap(anchor, { ...anchor, mapAcross: 'writeDelayMs' })).toBe(false);
    expect(isOnMap(anchor, { ...anchor, mapUp: 'pauseAtMs' })).toBe(false);
    expect(isOnMap(anchor, { ...anchor, mapAcross: 'pauseMs', mapUp: 'ttlMs' })).toBe(false);
  });

  it('an axis setting of the anchor changed while it is no axis: TTL on a map of write delay by pause', () => {
    const other: LabConfig = { ...anchor, mapAcross: 'writeDelayMs' };
    expect(isOnMap(other, { ...other, ttlMs: 31_000 })).toBe(false);
    expect(isOnMap(other, { ...other, writeDelayMs: axisOf('writeDelayMs', other).values[3]! })).toBe(true);
  });
});

describe('mapStorages', () => {
  it('puts the table that checks nothing first, then what the resource can check', () => {
    expect(mapStorages(anchor)).toEqual(['unchecked', 'fenced']);
    expect(mapStorages({ ...anchor, resource: 'email' })).toEqual(['unchecked', 'idempotencyKey']);
  });

  it('has only the unchecked table where the service hands out no token', () => {
    expect(mapStorages({ ...anchor, service: 'redis' })).toEqual(['unchecked']);
  });
});
