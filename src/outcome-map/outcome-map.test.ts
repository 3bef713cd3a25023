import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadContent } from '@/content/build/load-content';
import { DEFAULT_LAB_CONFIG, mapFieldsFor, type LabConfig } from '@/settings/lab-config';
import { DEFAULT_MAX_ATTEMPTS } from '@/sim/world';
import {
  axisRange,
  axisValues,
  cellVerdict,
  computeOutcomeMap,
  searchCounterexample,
  VERDICT_CODES,
} from './outcome-map';

const { content } = loadContent(resolve(import.meta.dirname, '../../content'));
const seed = content.scenarios.find((scenario) => scenario.id === 'stale-certificate')!;
const [modelA, modelB] = seed.renewers;
const CA_MS = modelA!.certificateAuthorityMs;

/**
 * The lesson's service with the table checking nothing, derived by hand from the scenario: A is granted at 0 s and
 * its certificate is ready 5 s later; its pause starts at 2 s. It writes when the certificate is ready or when it
 * wakes, whichever is later, and lets the lock go at once if its lease still runs; otherwise the lease ends at its
 * TTL. B asks at 15 s and every 16 s after, up to its attempt limit, is granted at the first attempt after the
 * lock is free, and reads the row: if A's certificate has landed, the renewal is done and B lets go; otherwise it
 * writes 5 s later. A's write is stale when it lands after B's.
 * Returns null on an edge, where two of those moments coincide and the order is the simulation's event order.
 */
function byHand(ttlMs: number, pauseMs: number): (typeof VERDICT_CODES)[number] | null {
  const pauseAt = DEFAULT_LAB_CONFIG.pauseAtMs;
  const ready = CA_MS;
  const wake = pauseAt + pauseMs;
  if (pauseMs > 0 && wake === ready) return null;
  const writeA = pauseMs > 0 && wake > ready ? wake : ready;
  if (writeA === ttlMs) return null;
  const free = writeA < ttlMs ? writeA : ttlMs;
  const attempts = Array.from(
    { length: DEFAULT_MAX_ATTEMPTS },
    (_, index) => modelB!.startsAtMs + index * modelB!.retryEveryMs,
  );
  if (attempts.includes(free)) return null;
  const grantB = attempts.find((at) => at > free);
  if (grantB === undefined || writeA < grantB) return 'safe';
  if (writeA === grantB) return null;
  const writeB = grantB + CA_MS;
  if (writeA === writeB) return null;
  return writeA > writeB ? 'staleWriteLanded' : 'duplicateWork';
}

const unfenced: LabConfig = { ...DEFAULT_LAB_CONFIG, storage: 'unchecked' };
const ttl = { field: 'ttlMs' as const, values: axisValues('ttlMs', axisRange('ttlMs', unfenced, CA_MS), 40) };
const pause = { field: 'pauseMs' as const, values: axisValues('pauseMs', axisRange('pauseMs', unfenced, CA_MS), 40) };

describe('the outcome map', () => {
  it('covers TTL from a tenth to three times the current one, and pauses from 0 to three TTLs, 40 × 40', () => {
    // Each in steps of 2.5 s from a round start, so a little past three TTLs.
    expect([ttl.values[0], ttl.values.at(-1), ttl.values.length]).toEqual([2_500, 100_000, 40]);
    expect([pause.values[0], pause.values.at(-1), pause.values.length]).toEqual([0, 97_500, 40]);
    expect(axisRange('pauseAtMs', unfenced, CA_MS)).toEqual([0, 10_000]);
  });

  it('never reaches past what the lab accepts, and always takes in the current value', () => {
    expect(axisRange('ttlMs', { ...unfenced, ttlMs: 600_000 }, CA_MS)).toEqual([60_000, 600_000]);
    expect(axisRange('ttlMs', { ...unfenced, ttlMs: 1_000 }, CA_MS)).toEqual([1_000, 3_000]);
    expect(axisRange('pauseMs', { ...unfenced, pauseMs: 200_000 }, CA_MS)).toEqual([0, 200_000]);
    expect(axisRange('pauseMs', { ...unfenced, ttlMs: 300_000 }, CA_MS)).toEqual([0, 600_000]);
    expect(axisRange('pauseAtMs', { ...unfenced, pauseAtMs: 60_000 }, CA_MS)).toEqual([0, 60_000]);
  });

  it('lays cells on the smallest round step that reaches the whole range, from a round start', () => {
    for (const [field, range, step] of [
      ['pauseMs', [0, 90_000], 2_500],
      ['ttlMs', [3_000, 90_000], 2_500],
      ['writeDelayMs', [0, 60_000], 2_000],
      ['pauseAtMs', [0, 10_000], 500],
    ] as const) {
      const values = axisValues(field, range, 40);
      expect(values, field).toHaveLength(40);
      expect(
        values.every((value, index) => index === 0 || value - values[index - 1]! === step),
        field,
      ).toBe(true);
      expect(
        values.every((value) => value % step === 0),
        field,
      ).toBe(true);
      expect(values[0]!, field).toBeLessThanOrEqual(range[0]);
      expect(range[0] - values[0]!, field).toBeLessThan(step);
      expect(values.at(-1)!, field).toBeGreaterThanOrEqual(range[1]);
    }
  });

  it("keeps within the lab's limits, in whole per cents for drift, where a round step would pass them", () => {
    const jump = axisValues('clockJumpMs', [0, 600_000], 40, 0);
    expect(jump[0]).toBe(0);
    expect(jump.at(-1)).toBeLessThanOrEqual(600_000);
    expect(jump[1]).toBe(15_000);
    // No round step of 40 cells reaches these ranges within the limits: the grid is centred on the current value.
    const lockDelay = axisValues('lockDelayMs', [0, 60_000], 40, 0);
    expect([lockDelay[0], lockDelay[1], lockDelay.at(-1)]).toEqual([0, 1_500, 58_500]);
    expect(axisValues('lockDelayMs', [0, 60_000], 40, 60_000).at(-1)).toBe(60_000);
    const drift = axisValues('clockDriftPct', [-50, 50], 40, 0);
    expect(drift.every(Number.isInteger)).toBe(true);
    expect([drift[0], drift[1], drift.at(-1)]).toEqual([-38, -36, 40]);
    expect(axisValues('clockDriftPct', [-50, 50], 40, 50)).toEqual(expect.arrayContaining([-28, 50]));
    expect(axisValues('clockDriftPct', [-50, 50], 40, -50)[0]).toBe(-50);
    // Evenly spaced throughout: the current value, where the grid is centred on it, falls on a cell of its own.
    expect(drift.every((value, index) => index === 0 || value - drift[index - 1]! === 2)).toBe(true);
    const longTtl = axisValues('ttlMs', [60_000, 600_000], 40, 600_000);
    expect(longTtl.at(-1)).toBe(600_000);
    expect(longTtl[0]).toBeGreaterThanOrEqual(1_000);
  });

  it('puts the current value exactly on a cell: a round one where it falls, any other in place of the nearest', () => {
    const round = axisValues('pauseMs', [0, 90_000], 40, 40_000);
    expect(round).toEqual(axisValues('pauseMs', [0, 90_000], 40));
    expect(round).toContain(40_000);
    const odd = axisValues('pauseMs', [0, 90_000], 40, 41_234);
    expect(odd).toContain(41_234);
    expect(odd).not.toContain(40_000);
    expect(odd.filter((value) => !round.includes(value))).toEqual([41_234]);
    // Still in order, so the map's rows still climb.
    expect([...odd].sort((a, b) => a - b)).toEqual(odd);
    // At the very edges too.
    expect(axisValues('pauseMs', [0, 90_000], 40, 0)[0]).toBe(0);
    expect(axisValues('ttlMs', [1_000, 3_000], 40, 1_000)[0]).toBe(1_000);
  });

  it("agrees, cell by cell, with the rule derived by hand for the lesson's service without fencing", () => {
    const { cells } = computeOutcomeMap(seed, unfenced, ttl, pause);
    let checked = 0;
    let stale = 0;
    pause.values.forEach((pauseMs, row) =>
      ttl.values.forEach((ttlMs, column) => {
        const expected = byHand(ttlMs, pauseMs);
        if (expected === null) return;
        const actual = VERDICT_CODES[cells[row * ttl.values.length + column]!];
        expect(actual, `TTL ${ttlMs} ms, pause ${pauseMs} ms`).toBe(expected);
        checked += 1;
        if (actual === 'staleWriteLanded') stale += 1;
      }),
    );
    // Nearly every cell is off the edges, and both sides of the boundary are well represented.
    expect(checked).toBeGreaterThan(1_500);
    expect(stale).toBeGreaterThan(200);
    expect(checked - stale).toBeGreaterThan(200);
    // Where the lock held, nobody renewed twice: safe cells without fencing (the models issue, item 2).
    expect(Array.from(cells).filter((code) => VERDICT_CODES[code] === 'safe').length).toBeGreaterThan(500);
  });

  it('at the edges: no pause, and a pause that ends exactly when the certificate is ready, are not stale', () => {
    const noPause = computeOutcomeMap(seed, unfenced, ttl, { field: 'pauseMs', values: [0, 3_000] }).cells;
    expect([...noPause].map((code) => VERDICT_CODES[code])).not.toContain('staleWriteLanded');
  });

  it('with the table checking tokens, no cell is stale', () => {
    const { cells } = computeOutcomeMap(seed, { ...unfenced, storage: 'fenced' }, ttl, pause);
    expect([...cells].map((code) => VERDICT_CODES[code])).not.toContain('staleWriteLanded');
    expect([...cells].map((code) => VERDICT_CODES[code])).not.toContain('cutOff');
  });

  it('offers clock faults only for Redlock and lock-delay only for Chubby', () => {
    expect(mapFieldsFor('lesson')).toEqual(['ttlMs', 'pauseMs', 'pauseAtMs', 'writeDelayMs']);
    expect(mapFieldsFor('redlock')).toContain('clockDriftPct');
    expect(mapFieldsFor('chubby')).toContain('lockDelayMs');
    expect(mapFieldsFor('etcd')).not.toContain('clockJumpMs');
  });
});

describe("the map's boundaries", () => {
  const columns = ttl.values.length;
  const neighbour = (edge: { row: number; column: number; toward: 'right' | 'up' }) =>
    edge.toward === 'right' ? edge.row * columns + edge.column + 1 : (edge.row + 1) * columns + edge.column;

  it('draws an edge exactly where neighbouring verdicts differ, and nowhere else', () => {
    const { cells, edges } = computeOutcomeMap(seed, unfenced, ttl, pause);
    const expected: string[] = [];
    for (let row = 0; row < pause.values.length; row++)
      for (let column = 0; column < columns; column++) {
        const here = cells[row * columns + column];
        if (column + 1 < columns && cells[row * columns + column + 1] !== here) expected.push(`${row},${column},right`);
        if (row + 1 < pause.values.length && cells[(row + 1) * columns + column] !== here)
          expected.push(`${row},${column},up`);
      }
    expect(edges.map((edge) => `${edge.row},${edge.column},${edge.toward}`)).toEqual(expected);
    expect(edges.length).toBeGreaterThan(20);
  });

  it("names the lesson's unfenced boundaries by A's pause ending after B's grant, and after the table answers B", () => {
    const { cells, edges, boundaries } = computeOutcomeMap(seed, unfenced, ttl, pause);
    // A waking before B's grant writes first, and B's check finds the renewal done: safe. Waking after B's grant,
    // both renew; after B's write has landed, A's lands over it, stale.
    expect(boundaries).toEqual([
      { later: 'processResumed:A', earlier: 'leaseGranted:B', better: 0, worse: 1 },
      { later: 'processResumed:A', earlier: 'writeAnswered:B', better: 1, worse: 2 },
      { later: 'processResumed:A', earlier: 'leaseGranted:B', better: 0, worse: 2 },
    ]);
    // Every edge is named by the boundary between its two verdicts.
    for (const edge of edges) {
      const pair = [cells[edge.row * columns + edge.column]!, cells[neighbour(edge)]!].sort();
      const boundary = boundaries[edge.boundary]!;
      expect([boundary.better, boundary.worse]).toEqual(pair);
    }
    expect(new Set(edges.map((edge) => edge.boundary))).toEqual(new Set([0, 1, 2]));
  });

  it("with the table checking tokens, names it by B's write going out after the table answers A's", () => {
    const { boundaries } = computeOutcomeMap(seed, { ...unfenced, storage: 'fenced' }, ttl, pause);
    const named = boundaries.map((boundary) => `${boundary.later} after ${boundary.earlier}`);
    expect(named).toContain('writeRequested:B after writeAnswered:A');
    // Duplicate work (both land, in order) is the worse side; the better side is safe: A's older write refused.
    expect(boundaries.every((boundary) => boundary.worse === 1 && boundary.better === 0)).toBe(true);
  });
});

describe('the counterexample search over random schedules', () => {
  const fencedFor = (service: LabConfig['service']): LabConfig => ({
    ...DEFAULT_LAB_CONFIG,
    service,
    storage: 'fenced',
  });

  it('finds a break under Redlock and Redis, which hand out no token, each a run whose stale write landed', () => {
    for (const service of ['redlock', 'redis'] as const) {
      const config: LabConfig = { ...DEFAULT_LAB_CONFIG, service, storage: 'unchecked' };
      const result = searchCounterexample(seed, config, 300, 7);
      expect(result.broken, service).not.toBeNull();
      expect(result.checked).toBe(result.broken!.run);
      expect(VERDICT_CODES[cellVerdict(seed, result.broken!.config)]).toBe('staleWriteLanded');
      // The same seed finds the same break.
      expect(searchCounterexample(seed, config, 300, 7)).toEqual(result);
    }
  });

  it('finds none for the lesson service, etcd, ZooKeeper or Chubby with the table checking tokens', () => {
    for (const service of ['lesson', 'etcd', 'zookeeper', 'chubby'] as const) {
      expect(searchCounterexample(seed, fencedFor(service), 300, 11), service).toEqual({ checked: 300, broken: null });
    }
  });

  it('finds one for the lesson service when the table checks nothing', () => {
    expect(searchCounterexample(seed, { ...fencedFor('lesson'), storage: 'unchecked' }, 300, 11).broken).not.toBeNull();
  });
});
