import { describe, expect, it } from 'vitest';
import { CERTIFICATES_TABLE, LOCK_SERVICE } from '@/sim/happenings';
import { runScenario } from '@/sim/run';
import { buildScenario } from '@/testing/builders';
import { layoutTimeStrip } from './time-strip-layout';

const fenced = runScenario(buildScenario(), { fencing: true });
const unfenced = runScenario(buildScenario(), { fencing: false });

describe('layoutTimeStrip: the run to scale', () => {
  it('places its tick labels linearly in time, starting at 0 s', () => {
    const layout = layoutTimeStrip(fenced, 800);
    const seconds = layout.ticks.map((tick) => Number.parseFloat(tick.label));
    expect(seconds[0]).toBe(0);
    const step = seconds[1]! - seconds[0]!;
    seconds.forEach((value, index) => expect(value).toBeCloseTo(index * step));
    const gaps = layout.ticks.slice(1).map((tick, index) => tick.x - layout.ticks[index]!.x);
    gaps.forEach((gap) => expect(gap).toBeCloseTo(gaps[0]!));
  });

  it("draws A's lease from its grant at 0 s to its expiry at 30 s, and B's from its grant at 31 s", () => {
    const layout = layoutTimeStrip(fenced, 800);
    const leases = layout.bars.filter((bar) => bar.kind === 'lease');
    expect(leases.map((lease) => [lease.row, lease.label, lease.from, lease.to])).toEqual([
      [LOCK_SERVICE, 'A · 33', 0, 30_000],
      [LOCK_SERVICE, 'B · 34', 31_000, expect.any(Number)],
    ]);
    expect(leases[0]!.x1).toBeCloseTo(layout.xOf(0));
    expect(leases[0]!.x2).toBeCloseTo(layout.xOf(30_000));
  });

  it("draws A's 40 s pause from 2 s to 42 s, visibly longer than its 30 s lease", () => {
    const layout = layoutTimeStrip(fenced, 800);
    const pause = layout.bars.find((bar) => bar.kind === 'pause')!;
    const lease = layout.bars.find((bar) => bar.kind === 'lease')!;
    expect([pause.row, pause.from, pause.to]).toEqual(['A', 2_000, 42_000]);
    expect((pause.x2 - pause.x1) / (lease.x2 - lease.x1)).toBeCloseTo(40 / 30);
  });

  it('marks each write at its true moment on the table: refused with fencing, stale without', () => {
    const outcomes = (timeline: typeof fenced) =>
      layoutTimeStrip(timeline, 800)
        .marks.filter((mark) => mark.row === CERTIFICATES_TABLE)
        .map((mark) => [mark.kind, mark.at]);
    expect(outcomes(fenced)).toEqual([
      ['accepted', 36_000],
      ['rejected', 42_000],
    ]);
    expect(outcomes(unfenced)).toEqual([
      ['accepted', 36_000],
      ['stale', 42_000],
    ]);
  });

  it('marks the lease expiring on the lock service, and says it all in words', () => {
    const layout = layoutTimeStrip(fenced, 800);
    expect(layout.marks.filter((mark) => mark.kind === 'expired').map((mark) => [mark.row, mark.at])).toEqual([
      [LOCK_SERVICE, 30_000],
    ]);
    expect(layout.bars.map((bar) => bar.description)).toContain("Renewer A's lease (token 33) from 0 s to 30 s");
    expect(layout.bars.map((bar) => bar.description)).toContain('Renewer A paused from 2 s to 42 s');
  });

  it('fits a phone: everything inside the width, with fewer ticks', () => {
    const layout = layoutTimeStrip(fenced, 360);
    for (const bar of layout.bars) expect(bar.x2).toBeLessThanOrEqual(360);
    expect(layout.ticks.length).toBeLessThanOrEqual(layoutTimeStrip(fenced, 800).ticks.length);
  });
});
