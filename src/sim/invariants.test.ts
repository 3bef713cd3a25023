import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildRenewer, buildScenario } from '@/testing/builders';
import { findRow } from './certificates-table';
import { runScenario } from './run';
import type { ScenarioDefinition } from './scenario';

/** Random TTLs, pause starts and pause lengths for renewer A; B keeps retrying every 16 s. */
const scenarios = fc
  .record({
    leaseTtlMs: fc.integer({ min: 1_000, max: 90_000 }),
    pauseAtMs: fc.integer({ min: 0, max: 20_000 }),
    pauseMs: fc.integer({ min: 1, max: 120_000 }),
    bStartsAtMs: fc.integer({ min: 0, max: 60_000 }),
    networkDelayMs: fc.integer({ min: 0, max: 2_000 }),
  })
  .map(({ leaseTtlMs, pauseAtMs, pauseMs, bStartsAtMs, networkDelayMs }): ScenarioDefinition =>
    buildScenario({
      leaseTtlMs,
      networkDelayMs,
      renewers: [
        buildRenewer({ id: 'A', pauses: [{ atMs: pauseAtMs, durationMs: pauseMs }] }),
        buildRenewer({ id: 'B', startsAtMs: bStartsAtMs }),
      ],
    }),
  );

function writesOf(scenario: ScenarioDefinition, fencing: boolean) {
  const timeline = runScenario(scenario, { fencing });
  return { timeline, writes: timeline.frames.at(-1)!.world.writes };
}

describe('invariants over random timings', () => {
  it('with fencing on, the row ends with the certificate of the highest token that wrote', () => {
    fc.assert(
      fc.property(scenarios, (scenario) => {
        const { timeline, writes } = writesOf(scenario, true);
        const highest = writes.reduce((best, write) =>
          (write.fencingToken ?? 0) > (best.fencingToken ?? 0) ? write : best,
        );
        const row = findRow(timeline.frames.at(-1)!.world.table, scenario.domain);
        expect(row?.cert).toEqual(highest.cert);
        expect(row?.fence).toBe(highest.fencingToken);
        expect(timeline.outcome.kind).toBe('newestKept');
      }),
    );
  });

  it('with fencing on, the fence never decreases from one step to the next', () => {
    fc.assert(
      fc.property(scenarios, (scenario) => {
        const fences = runScenario(scenario, { fencing: true }).frames.map(
          (frame) => findRow(frame.world.table, scenario.domain)?.fence ?? 0,
        );
        fences.slice(1).forEach((fence, index) => expect(fence).toBeGreaterThanOrEqual(fences[index]!));
      }),
    );
  });

  it('tokens handed out by the lock service strictly increase in every run', () => {
    fc.assert(
      fc.property(scenarios, fc.boolean(), (scenario, fencing) => {
        // Grants are read off the lock service itself: replies can reach a paused renewer late and out of order.
        const grants = runScenario(scenario, { fencing }).frames.flatMap((frame) =>
          frame.happening.kind === 'acquireRequested' &&
          frame.world.lock.truth(frame.at)?.holder === frame.happening.renewer
            ? [frame.world.lock.truth(frame.at)!.token!]
            : [],
        );
        expect(grants.length).toBeGreaterThanOrEqual(2);
        grants.slice(1).forEach((token, index) => expect(token).toBeGreaterThan(grants[index]!));
      }),
    );
  });

  it("with fencing off, there are timings where a lower token's write lands last", () => {
    const lowerNeverLandsLast = fc.property(scenarios, (scenario) => {
      const accepted = writesOf(scenario, false).writes.filter((write) => write.rowsChanged > 0);
      const last = accepted.at(-1);
      return !last || accepted.every((write) => (write.fencingToken ?? 0) <= (last.fencingToken ?? 0));
    });
    const result = fc.check(lowerNeverLandsLast, { seed: 42, numRuns: 500 });
    expect(result.failed).toBe(true);
  });
});
