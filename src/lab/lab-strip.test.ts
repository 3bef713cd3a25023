import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadContent } from '@/content/build/load-content';
import { ALL_MODELS } from '@/sim/all-models';
import { LOCK_SERVICE } from '@/sim/happenings';
import { runScenario } from '@/sim/run';
import { presetConfig, type LabConfig } from '@/settings/lab-config';
import { layoutTimeStrip } from '@/story/time-strip-layout';
import { labRunSettings, labScenario } from '@/settings/lab-scenario';

const { content, lab } = loadContent(resolve(import.meta.dirname, '../../content'));
const seed = content.scenarios.find((scenario) => scenario.id === 'stale-certificate')!;
const timelineOf = (config: LabConfig) => runScenario(labScenario(seed, config), labRunSettings(config), ALL_MODELS);
const preset = (id: string) => presetConfig(lab.presets.find((candidate) => candidate.id === id)!.config);

describe("the lab's time strip draws each service's own parts", () => {
  it('under Redlock: the majority, each client validity and each node key are bars of their own', () => {
    const timeline = timelineOf(preset('clock-jump-on-node-c'));
    const layout = layoutTimeStrip(timeline, 800);
    expect(layout.rows.map((row) => row.name)).toEqual([
      'Majority',
      "A's validity",
      "B's validity",
      'R1',
      'R2',
      'R3',
      'R4',
      'R5',
      'Table writes',
    ]);
    const keysOf = (node: string) =>
      layout.bars.filter((bar) => bar.kind === 'key' && bar.row === node).map((bar) => [bar.label, bar.from, bar.to]);
    const jump = timeline.frames.find((frame) => frame.happening.kind === 'clockJumped')!;
    const end = timeline.frames.at(-1)!.at;
    // R3's clock jumps 60 s at 1 s: by its own clock A's 30 s key is gone at once; R1 keeps A's key to the end.
    expect(keysOf('R3')[0]).toEqual(['A', 0, jump.at]);
    expect(keysOf('R1')).toEqual([['A', 0, end]]);
    // A's validity outlives its majority: the majority is lost when R3 lets go.
    const majorityA = layout.bars.find((bar) => bar.kind === 'lease' && bar.label === 'A')!;
    const validityA = layout.bars.find((bar) => bar.kind === 'validity' && bar.label === 'A')!;
    expect(majorityA.to).toBe(jump.at);
    expect(validityA.to).toBeGreaterThan(majorityA.to + 20_000);
    // B lets its lock go after writing: its validity ends at its release, not at the end of the run.
    const release = timeline.frames.find(
      (frame) => frame.happening.kind === 'releaseRequested' && frame.happening.renewer === 'B',
    )!;
    expect(layout.bars.find((bar) => bar.kind === 'validity' && bar.label === 'B')!.to).toBe(release.at);
    expect(layout.marks.filter((mark) => mark.kind === 'jump').map((mark) => [mark.row, mark.at])).toEqual([
      ['R3', jump.at],
    ]);
  });

  it('under Redis: the failover is marked on the lock service at its moment', () => {
    const timeline = timelineOf(preset('redis-failover'));
    const layout = layoutTimeStrip(timeline, 800);
    expect(layout.marks.filter((mark) => mark.kind === 'failover').map((mark) => [mark.row, mark.at])).toEqual([
      [LOCK_SERVICE, 1_000],
    ]);
    expect(layout.bars.some((bar) => bar.kind === 'key' || bar.kind === 'validity')).toBe(false);
  });

  it("the lesson's own service keeps its three rows: no nodes, no validity", () => {
    const layout = layoutTimeStrip(timelineOf(preset('seed-scenario')), 800);
    expect(layout.rows.map((row) => row.name)).toEqual(['Lock service', 'Renewer A', 'Table writes']);
  });
});

describe('a grant its frozen holder reads late', () => {
  // A asks at 0 s and is frozen until 40 s: the service held A's lease from 0 s until it expired at 30 s, though A
  // read the grant only at 40 s. The lock service's row shows the service's truth, so the bar runs 0–30 s.
  it.each(['redis', 'lesson', 'zookeeper'] as const)('under %s, is drawn from the grant to its expiry', (service) => {
    const config = presetConfig({ service, storage: 'unchecked', pauseWhen: 'whileAcquiring', pauseAtMs: 0 });
    const timeline = timelineOf(config);
    const leaseA = layoutTimeStrip(timeline, 800).bars.find(
      (bar) => bar.kind === 'lease' && bar.label.startsWith('A'),
    )!;
    const expired = timeline.frames.find(
      ({ happening }) => happening.kind === 'leaseExpired' && happening.lease.holder === 'A',
    )!;
    expect([leaseA.from, leaseA.to]).toEqual([0, expired.at]);
    expect(expired.at).toBeGreaterThan(0);
    // It is drawn from A's request on, the step at which the service granted it.
    expect(timeline.frames[leaseA.fromIndex]!.happening).toMatchObject({ kind: 'acquireRequested', renewer: 'A' });
  });
});
