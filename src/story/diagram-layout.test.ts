import { describe, expect, it } from 'vitest';
import { CERTIFICATES_TABLE, LOCK_SERVICE } from '@/sim/happenings';
import { runScenario } from '@/sim/run';
import { virtualMs } from '@/sim/types';
import { buildScenario } from '@/testing/builders';
import { layoutDiagram } from './diagram-layout';

const timeline = runScenario(buildScenario(), { fencing: true });
const labels = timeline.frames.map((frame) => `label ${frame.index}`);

describe('layoutDiagram', () => {
  it('places four lifelines left to right in the order A, B, lock service, table', () => {
    const layout = layoutDiagram(timeline, labels, 800);
    expect(layout.lanes.map((lane) => lane.name)).toEqual([
      'Renewer A',
      'Renewer B',
      'Lock service',
      'Certificates table',
    ]);
    const xs = layout.lanes.map((lane) => lane.x);
    expect(xs).toEqual([...xs].sort((a, b) => a - b));
  });

  it('gives each step its own row, top to bottom', () => {
    const layout = layoutDiagram(timeline, labels, 800);
    expect(layout.rows).toHaveLength(timeline.frames.length);
    layout.rows.slice(1).forEach((row, index) => expect(row.y).toBeGreaterThan(layout.rows[index]!.y));
    expect(layout.height).toBeGreaterThan(layout.rows.at(-1)!.y);
  });

  it('draws a write as an arrow from the renewer to the table, and its answer back', () => {
    const layout = layoutDiagram(timeline, labels, 800);
    const lane = (id: string) => layout.lanes.find((candidate) => candidate.id === id)!.x;
    const write = timeline.frames.findIndex(({ happening }) => happening.kind === 'writeRequested');
    expect(layout.rows[write]).toMatchObject({ shape: 'message', x1: lane('B'), x2: lane(CERTIFICATES_TABLE) });
    expect(layout.rows[write + 1]).toMatchObject({ shape: 'message', x1: lane(CERTIFICATES_TABLE), x2: lane('B') });
  });

  it('puts the expiry note on the lock service, not over the holder, who may be paused and cannot know', () => {
    const layout = layoutDiagram(timeline, labels, 800);
    const lane = (id: string) => layout.lanes.find((candidate) => candidate.id === id)!.x;
    const expiry = layout.rows[timeline.frames.findIndex(({ happening }) => happening.kind === 'leaseExpired')]!;
    if (expiry.shape !== 'note') throw new Error('expected a note');
    expect(expiry.x).toBeGreaterThan(lane('A'));
    expect(expiry.x + expiry.width / 2).toBeCloseTo(lane(LOCK_SERVICE), 0);
  });

  it('marks the answer to a write the fence refused, and to a stale write that landed, and no other row', () => {
    const marks = (fencing: boolean) =>
      layoutDiagram(runScenario(buildScenario(), { fencing }), labels, 800).rows.flatMap((row) =>
        row.shape === 'message' && row.mark ? [[row.index, row.mark]] : [],
      );
    const answerToA = (fencing: boolean) =>
      runScenario(buildScenario(), { fencing }).frames.findIndex(
        ({ happening }) => happening.kind === 'writeAnswered' && happening.renewer === 'A',
      );
    expect(marks(true)).toEqual([[answerToA(true), 'rejected']]);
    expect(marks(false)).toEqual([[answerToA(false), 'stale']]);
  });

  it('marks the time only where it changes', () => {
    const layout = layoutDiagram(timeline, labels, 800);
    expect(layout.ticks.map((tick) => tick.label)).toEqual(['0 s', '2 s', '15 s', '30 s', '31 s', '36 s', '42 s']);
  });

  it('keeps every note inside a phone-width drawing', () => {
    const layout = layoutDiagram(timeline, labels, 370);
    expect(layout.compact).toBe(true);
    const notes = layout.rows.filter((row) => row.shape === 'note');
    expect(notes.length).toBeGreaterThan(3);
    for (const note of notes) {
      expect(note.x).toBeGreaterThanOrEqual(layout.gutter);
      expect(note.x + note.width).toBeLessThanOrEqual(370);
    }
  });

  it('never draws a negative size, even in a box that measures a few pixels wide while it is laid out', () => {
    for (const available of [0, 2, 279]) {
      const layout = layoutDiagram(timeline, labels, available);
      expect(layout.width).toBe(280);
      const notes = layout.rows.filter((row) => row.shape === 'note');
      expect(notes.length).toBeGreaterThan(3);
      for (const note of notes) {
        expect(note.width).toBeGreaterThan(0);
        expect(note.x + note.width).toBeLessThanOrEqual(layout.width);
      }
    }
    expect(layoutDiagram(timeline, labels, 281).width).toBe(281);
  });

  it("draws A's pause across the expiry, and each lease on its holder's lifeline", () => {
    const layout = layoutDiagram(timeline, labels, 800);
    const expiry = timeline.frames.findIndex(({ happening }) => happening.kind === 'leaseExpired');
    const pause = layout.bars.find((bar) => bar.kind === 'pause')!;
    expect(pause.fromIndex).toBeLessThan(expiry);
    expect(pause.toIndex).toBeGreaterThan(expiry);
    expect(layout.bars.filter((bar) => bar.kind === 'lease').map((bar) => bar.id)).toEqual(['lease-33', 'lease-34']);
  });

  it("widens the time gutter for a long time label (Redlock's validity ends at 29.7 s), and only then", () => {
    // The lesson's times (0 s to 42 s) fit the usual gutters.
    expect(layoutDiagram(timeline, labels, 400).gutter).toBe(40);
    expect(layoutDiagram(timeline, labels, 800).gutter).toBe(64);
    // The same steps, every one at a given moment.
    const at = (ms: number) => ({
      ...timeline,
      frames: timeline.frames.map((frame) => ({ ...frame, at: virtualMs(ms) })),
    });
    // "29.7 s" in the compact drawing's 11 px type needs about 37 px, and the labels end 14 px in from the edge.
    expect(layoutDiagram(at(29_700), labels, 400).gutter).toBe(51);
    expect(layoutDiagram(at(30_000), labels, 400).gutter).toBe(40);
    expect(layoutDiagram(at(29_700), labels, 800).gutter).toBe(64);
    expect(layoutDiagram(at(129_700), labels, 800).gutter).toBe(66);
  });
});
