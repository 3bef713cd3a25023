import { describe, expect, it } from 'vitest';
import { CERTIFICATES_TABLE, LOCK_SERVICE } from '@/sim/happenings';
import { runScenario, type Timeline } from '@/sim/run';
import { buildScenario } from '@/testing/builders';
import { labTimeline } from '@/testing/lab-run';
import { beliefOverlaps } from './strip-spans';
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

const rowsOf = (layout: ReturnType<typeof layoutTimeStrip>) => layout.rows.map((row) => [row.id, row.name]);
const barsOf = (layout: ReturnType<typeof layoutTimeStrip>, kind: string) =>
  layout.bars.filter((bar) => bar.kind === kind).map((bar) => [bar.row, bar.label, bar.from, bar.to, bar.description]);

describe('layoutTimeStrip: rows, axis and size', () => {
  it('names its rows in full on a wide strip and briefly from 559 px down, one row every 26 px', () => {
    const wide = layoutTimeStrip(fenced, 560);
    expect(rowsOf(wide)).toEqual([
      [LOCK_SERVICE, 'Lock service'],
      ['A', 'Renewer A'],
      [CERTIFICATES_TABLE, 'Table writes'],
    ]);
    expect(wide.gutter).toBe(120);
    const narrow = layoutTimeStrip(fenced, 559);
    expect(rowsOf(narrow)).toEqual([
      [LOCK_SERVICE, 'Leases'],
      ['A', 'A paused'],
      [CERTIFICATES_TABLE, 'Writes'],
    ]);
    expect(narrow.gutter).toBe(74);
    expect(narrow.rows.map((row) => row.y)).toEqual([13, 39, 65]);
    expect([narrow.rowHeight, narrow.axisY, narrow.height]).toEqual([26, 82, 104]);
  });

  it('runs its axis from the gutter to 14 px short of the edge, to a round end past the last moment', () => {
    // The evening ends at 42 s: 7 ticks round it up to 45 s, 4 to 50 s.
    const wide = layoutTimeStrip(fenced, 800);
    expect(wide.ticks.map((tick) => tick.label)).toEqual(
      ['0', '5', '10', '15', '20', '25', '30', '35', '40', '45'].map((seconds) => `${seconds} s`),
    );
    expect([wide.xOf(0), wide.xOf(45_000)]).toEqual([120, 786]);
    expect(wide.ticks.at(-1)!.x).toBe(786);
    const narrow = layoutTimeStrip(fenced, 360);
    expect(narrow.ticks.map((tick) => tick.label)).toEqual(['0 s', '10 s', '20 s', '30 s', '40 s', '50 s']);
    expect([narrow.xOf(0), narrow.xOf(50_000)]).toEqual([74, 346]);
  });

  it('reaches past the last step when a lease runs on after it', () => {
    // Cut at B's grant (31 s): B's lease runs to 61 s, so the axis does too.
    const cut = fenced.frames.findIndex((frame) => frame.happening.kind === 'leaseGranted' && frame.at > 0);
    const layout = layoutTimeStrip({ ...fenced, frames: fenced.frames.slice(0, cut + 1) }, 800);
    expect(layout.bars.filter((bar) => bar.kind === 'lease').map((bar) => bar.to)).toEqual([30_000, 61_000]);
    expect(layout.ticks.at(-1)!.label).toBe('70 s');
  });

  it('a pause still going when the run stops ends there, not at its planned end', () => {
    const cut = fenced.frames.findIndex((frame) => frame.at >= 31_000);
    const layout = layoutTimeStrip({ ...fenced, frames: fenced.frames.slice(0, cut + 1) }, 800);
    expect(barsOf(layout, 'pause')).toEqual([['A', '29 s', 2_000, 31_000, 'Renewer A paused from 2 s to 31 s']]);
  });

  it("ends B's lease at its release, not at its term", () => {
    expect(barsOf(layoutTimeStrip(fenced, 800), 'lease')).toEqual([
      [LOCK_SERVICE, 'A · 33', 0, 30_000, "Renewer A's lease (token 33) from 0 s to 30 s"],
      [LOCK_SERVICE, 'B · 34', 31_000, 36_000, "Renewer B's lease (token 34) from 31 s to 36 s"],
    ]);
  });
});

describe("layoutTimeStrip: other services' parts", () => {
  it('Redlock: a majority row, a validity row per client, a row per node, each drawn as the run held them', () => {
    const layout = layoutTimeStrip(labTimeline('?service=redlock'), 800);
    expect(rowsOf(layout)).toEqual([
      [LOCK_SERVICE, 'Majority'],
      ['validity-A', "A's validity"],
      ['validity-B', "B's validity"],
      ...['R1', 'R2', 'R3', 'R4', 'R5'].map((node) => [node, node]),
      ['A', 'Renewer A'],
      [CERTIFICATES_TABLE, 'Table writes'],
    ]);
    expect(rowsOf(layoutTimeStrip(labTimeline('?service=redlock'), 360)).slice(0, 3)).toEqual([
      [LOCK_SERVICE, 'Majority'],
      ['validity-A', 'A valid'],
      ['validity-B', 'B valid'],
    ]);
    // The lock is held while a majority of nodes keep the key: A's until its third key runs out, at 30.015 s.
    expect(barsOf(layout, 'lease')).toEqual([
      [LOCK_SERVICE, 'A', 0, 30_015, "Renewer A's lease from 0 s to 30 s"],
      [LOCK_SERVICE, 'B', 31_000, 36_000, "Renewer B's lease from 31 s to 36 s"],
    ]);
    expect(barsOf(layout, 'validity')).toEqual([
      ['validity-A', 'A', 0, 29_698, "Renewer A's validity from 0 s to 29.7 s"],
      ['validity-B', 'B', 31_000, 36_000, "Renewer B's validity from 31 s to 36 s"],
    ]);
    const keys = barsOf(layout, 'key');
    expect(keys).toHaveLength(10);
    expect(keys[0]).toEqual(['R1', 'A', 0, 30_005, "Renewer A's key on R1 from 0 s to 30 s"]);
    expect(keys[9]).toEqual(['R5', 'B', 31_000, 36_000, "Renewer B's key on R5 from 31 s to 36 s"]);
    expect(layout.marks.map((mark) => [mark.kind, mark.row, mark.at, mark.description])).toEqual([
      ['expired', LOCK_SERVICE, 30_015, 'at 30 s the lease expires'],
      ['accepted', CERTIFICATES_TABLE, 36_000, "at 36 s Renewer B's write lands"],
      ['stale', CERTIFICATES_TABLE, 42_000, "at 42 s Renewer A's stale write lands"],
    ]);
  });

  it("Redlock with R3's clock jumping: the jump on R3's own row, and A's majority gone with R3's key", () => {
    const layout = layoutTimeStrip(labTimeline('?service=redlock&jump=20000'), 800);
    const jump = layout.marks.find((mark) => mark.kind === 'jump')!;
    expect([jump.row, jump.at, jump.description]).toEqual(['R3', 1_000, "at 1 s node R3's clock jumps 20 s"]);
    expect(barsOf(layout, 'lease')[0]).toEqual([LOCK_SERVICE, 'A', 0, 10_015, "Renewer A's lease from 0 s to 10 s"]);
  });

  it("Redis: leases without tokens, A's lost with its key at the failover, which is marked on the lock service", () => {
    const layout = layoutTimeStrip(labTimeline('?service=redis&storage=unchecked&failover=10000'), 800);
    expect(rowsOf(layout)).toEqual([
      [LOCK_SERVICE, 'Lock service'],
      ['A', 'Renewer A'],
      [CERTIFICATES_TABLE, 'Table writes'],
    ]);
    expect(barsOf(layout, 'lease')).toEqual([
      // The promoted replica never had A's key: A's lease ends there, not at its 30 s term.
      [LOCK_SERVICE, 'A', 0, 10_000, "Renewer A's lease from 0 s to 10 s"],
      [LOCK_SERVICE, 'B', 15_000, 20_000, "Renewer B's lease from 15 s to 20 s"],
    ]);
    const failover = layout.marks.find((mark) => mark.kind === 'failover')!;
    expect([failover.row, failover.at, failover.x, failover.description]).toEqual([
      LOCK_SERVICE,
      10_000,
      layout.xOf(10_000),
      'at 10 s the primary fails over to its replica',
    ]);
  });

  it("marks the stretch when A and B both believe they hold: from B's grant at 31 s to B's release at 36 s", () => {
    for (const timeline of [fenced, unfenced]) {
      const [overlap, ...more] = layoutTimeStrip(timeline, 800).bars.filter((bar) => bar.kind === 'bothHold');
      expect(more).toEqual([]);
      expect([overlap!.row, overlap!.from, overlap!.to, overlap!.description]).toEqual([
        LOCK_SERVICE,
        31_000,
        36_000,
        'Renewer A and Renewer B believe they hold the lock at once, from 31 s to 36 s',
      ]);
      // It starts at B's grant: the step before, only A believes it.
      expect(timeline.frames[overlap!.fromIndex]!.happening).toMatchObject({ kind: 'leaseGranted' });
    }
  });

  it('Redis failover: from the promoted replica granting B at 15 s until B lets go at 20 s, A and B both hold', () => {
    const failover = labTimeline('?service=redis&storage=unchecked&pause=0&writeDelay=20000&failover=1000');
    const overlaps = beliefOverlaps(failover.frames, failover.frames.at(-1)!.at);
    expect(overlaps.map(({ holders, from, to }) => [holders, from, to])).toEqual([[['A', 'B'], 15_000, 20_000]]);
  });

  it('a stretch ends where its set of believers changes, and one still open runs to the end of the story', () => {
    const at = (believers: string[][]) =>
      believers.map((ids, index) => ({
        index,
        at: index * 1_000,
        world: {
          renewers: ['A', 'B', 'C'].map((id) => ({ id, belief: { kind: ids.includes(id) ? 'holds' : 'none' } })),
          lock: { truth: () => null },
          queue: [],
          now: index * 1_000,
        },
      })) as unknown as Timeline['frames'];
    const spans = (believers: string[][]) =>
      beliefOverlaps(at(believers), (believers.length - 1) * 1_000).map(({ holders, from, to }) => [
        holders.join(''),
        from,
        to,
      ]);
    expect(spans([[], ['A'], ['A', 'B'], ['A', 'B', 'C'], ['B', 'C'], ['C']])).toEqual([
      ['AB', 2_000, 3_000],
      ['ABC', 3_000, 4_000],
      ['BC', 4_000, 5_000],
    ]);
    expect(spans([['A'], ['A', 'B'], ['A', 'B']])).toEqual([['AB', 1_000, 2_000]]);
    expect(spans([['A'], ['B'], []])).toEqual([]);
  });

  it('none where the lock keeps its promise (no pause, no failover)', () => {
    expect(layoutTimeStrip(labTimeline('?pause=0'), 800).bars.filter((bar) => bar.kind === 'bothHold')).toEqual([]);
  });
});
