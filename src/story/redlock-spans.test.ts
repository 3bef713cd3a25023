import { describe, expect, it } from 'vitest';
import { createLabStore, selectLabTimeline } from '@/lab/lab-store';
import { parseLabConfig } from '@/settings/lab-address';
import { keySpans, redlockNodesOf, validitySpans, VALIDITY } from './redlock-spans';

const timelineOf = (search: string) => {
  const { config, problems } = parseLabConfig(search);
  return selectLabTimeline(createLabStore(config, problems).getState());
};
const NODES = ['R1', 'R2', 'R3', 'R4', 'R5'];

/*
 * The Redlock evening: A's keys are set on all five nodes at 0 s and run out at 30.005-30.025 s (each node is 5 ms
 * further down the round of requests); B's keys are set at 31 s and deleted by B's release at 36 s, long before
 * their 61 s expiry. A's client counted the lock as held until 29.698 s; B's until it released at 36 s.
 */
describe("Redlock's parts of the run to scale", () => {
  const timeline = timelineOf('?service=redlock');
  const lastAt = timeline.frames.at(-1)!.at;

  it('finds the five nodes under Redlock, and none under another service', () => {
    expect(redlockNodesOf(timeline.frames)?.map((node) => node.id)).toEqual(NODES);
    expect(redlockNodesOf(timelineOf('?service=redis').frames)).toBeNull();
    expect(redlockNodesOf([])).toBeNull();
  });

  it("each node's key: A's until it runs out on that node, B's until B deletes it", () => {
    const spans = keySpans(timeline.frames, lastAt).map(({ row, holder, from, to }) => ({ row, holder, from, to }));
    expect(spans).toEqual([
      ...NODES.map((row, at) => ({ row, holder: 'A', from: 0, to: 30_005 + 5 * at })),
      ...NODES.map((row) => ({ row, holder: 'B', from: 31_000, to: 36_000 })),
    ]);
    // Each span is named by its node and the step it began, so no two share an id.
    const ids = keySpans(timeline.frames, lastAt).map((span) => span.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids[0]).toBe('key-R1-1');
  });

  it('a key still live when the run ends is drawn to the end, not beyond it', () => {
    const cut = timeline.frames.findIndex((frame) => frame.at >= 15_000);
    const spans = keySpans(timeline.frames.slice(0, cut + 1), 20_000);
    expect(spans.map((span) => span.to)).toEqual([20_000, 20_000, 20_000, 20_000, 20_000]);
  });

  it("a node whose clock runs 10 % fast lets A's key go early in true time", () => {
    const drifting = timelineOf('?service=redlock&drift=10');
    const r3 = keySpans(drifting.frames, drifting.frames.at(-1)!.at).find(
      (span) => span.row === 'R3' && span.holder === 'A',
    )!;
    expect(r3.from).toBe(0);
    // Set at 15 ms true time, 16.5 ms on R3's clock: its 30 s PX runs out at 30,016.5 ms there, 27,288 ms true.
    expect(r3.to).toBeCloseTo((15 * 1.1 + 30_000) / 1.1, 0);
    expect(r3.to).toBeLessThan(28_000);
  });

  it("each client's validity: from its grant to the end it computed, or to its release if that came first", () => {
    const spans = validitySpans(timeline.frames, lastAt).map(({ row, holder, from, to }) => ({
      row,
      holder,
      from,
      to,
    }));
    expect(spans).toEqual([
      { row: `${VALIDITY}A`, holder: 'A', from: 0, to: 29_698 },
      { row: `${VALIDITY}B`, holder: 'B', from: 31_000, to: 36_000 },
    ]);
  });

  it('a validity still running when the run ends stops at the end', () => {
    const cut = timeline.frames.findIndex((frame) => frame.at >= 15_000);
    expect(validitySpans(timeline.frames.slice(0, cut + 1), 15_000).map((span) => span.to)).toEqual([15_000]);
  });

  it('another service has no node keys', () => {
    const lesson = timelineOf('?service=lesson');
    expect(keySpans(lesson.frames, lesson.frames.at(-1)!.at)).toEqual([]);
  });
});
