import { describe, expect, it } from 'vitest';
import type { Frame } from '@/sim/run';
import { steadyClock } from '@/sim/services/quorum';
import { labTimeline } from '@/testing/lab-run';
import { keySpans, quorumNodesOf, validitySpans, VALIDITY } from './quorum-spans';

const NODES = ['R1', 'R2', 'R3', 'R4', 'R5'];

/*
 * The Redlock evening: A's keys are set on all five nodes at 0 s and run out at 30.005-30.025 s (each node is 5 ms
 * further down the round of requests); B's keys are set at 31 s and deleted by B's release at 36 s, long before
 * their 61 s expiry. A's client counted the lock as held until 29.698 s; B's until it released at 36 s.
 */
describe("Redlock's parts of the run to scale", () => {
  const timeline = labTimeline('?service=redlock');
  const lastAt = timeline.frames.at(-1)!.at;

  it('finds the five nodes under Redlock, and none under another service', () => {
    expect(quorumNodesOf(timeline.frames)?.map((node) => node.id)).toEqual(NODES);
    expect(quorumNodesOf(labTimeline('?service=redis').frames)).toBeNull();
    expect(quorumNodesOf([])).toBeNull();
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
    const drifting = labTimeline('?service=redlock&drift=10');
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
    const lesson = labTimeline('?service=lesson');
    expect(keySpans(lesson.frames, lesson.frames.at(-1)!.at)).toEqual([]);
  });
});

/*
 * Runs the evening never has, written out frame by frame: only what the spans read of each frame (its place, its
 * happening, the nodes' keys and the renewers' lease values).
 */
type Key = { value: string; expiresAtNodeMs: number };
function frameOf(index: number, at: number, keys: Record<string, Key | undefined>, happening?: object): Frame {
  const nodes = Object.entries(keys).map(([id, key]) => ({
    id,
    clock: steadyClock,
    keys: key ? { 'lock:cert': key } : {},
  }));
  return {
    index,
    at,
    happening: happening ?? { kind: 'processPaused', renewer: 'A' },
    world: {
      lock: { view: () => ({ kind: 'quorum', nodes }) },
      renewers: [
        { id: 'A', leaseValue: 'a1' },
        { id: 'B', leaseValue: 'b1' },
      ],
    },
  } as unknown as Frame;
}
const spansOf = (frames: Frame[], lastAt = 100_000) =>
  keySpans(frames, lastAt).map(({ row, holder, from, to }) => ({ row, holder, from, to }));

describe('node keys in runs the evening never has', () => {
  it('a key replaced by another value ends where the new one starts, without being deleted in between', () => {
    const frames = [
      frameOf(0, 0, { R1: { value: 'a1', expiresAtNodeMs: 30_000 } }),
      frameOf(1, 10_000, { R1: { value: 'b1', expiresAtNodeMs: 40_000 } }),
    ];
    expect(spansOf(frames)).toEqual([
      { row: 'R1', holder: 'A', from: 0, to: 10_000 },
      { row: 'R1', holder: 'B', from: 10_000, to: 40_000 },
    ]);
  });

  it('a key given a new expiry ends there, and a span to its new end begins', () => {
    const frames = [
      frameOf(0, 0, { R1: { value: 'a1', expiresAtNodeMs: 30_000 } }),
      frameOf(1, 20_000, { R1: { value: 'a1', expiresAtNodeMs: 50_000 } }),
      frameOf(2, 25_000, { R1: { value: 'a1', expiresAtNodeMs: 50_000 } }),
    ];
    expect(spansOf(frames)).toEqual([
      { row: 'R1', holder: 'A', from: 0, to: 20_000 },
      { row: 'R1', holder: 'A', from: 20_000, to: 50_000 },
    ]);
  });

  it('a key past its expiry but not yet removed from the node opens no span, not even one ending as it starts', () => {
    const frames = [
      frameOf(0, 0, { R1: { value: 'a1', expiresAtNodeMs: 30_000 } }),
      frameOf(1, 30_000, { R1: { value: 'a1', expiresAtNodeMs: 30_000 } }),
      frameOf(2, 35_000, { R1: { value: 'a1', expiresAtNodeMs: 30_000 } }),
    ];
    expect(spansOf(frames)).toEqual([{ row: 'R1', holder: 'A', from: 0, to: 30_000 }]);
    // Seen first only once it has expired: nothing at all.
    expect(spansOf(frames.slice(1))).toEqual([]);
  });

  it('a key whose value no renewer holds is drawn under "?"', () => {
    expect(spansOf([frameOf(0, 0, { R2: { value: 'zz', expiresAtNodeMs: 5_000 } })])).toEqual([
      { row: 'R2', holder: '?', from: 0, to: 5_000 },
    ]);
  });

  it('a key deleted ends at the step it is gone, and each node keeps its own spans', () => {
    const frames = [
      frameOf(0, 0, { R1: { value: 'a1', expiresAtNodeMs: 30_000 }, R2: { value: 'a1', expiresAtNodeMs: 30_000 } }),
      frameOf(1, 12_000, { R1: undefined, R2: { value: 'a1', expiresAtNodeMs: 30_000 } }),
    ];
    expect(spansOf(frames)).toEqual([
      { row: 'R1', holder: 'A', from: 0, to: 12_000 },
      { row: 'R2', holder: 'A', from: 0, to: 30_000 },
    ]);
  });
});

describe('validity in runs the evening never has', () => {
  const granted = (index: number, at: number, renewer: string, expiresAt: number | null) =>
    frameOf(index, at, {}, { kind: 'leaseGranted', renewer, lease: { expiresAt } });
  const released = (index: number, at: number, renewer: string) =>
    frameOf(index, at, {}, { kind: 'releaseRequested', renewer });

  it("a second grant's validity ends at its own release, not at the release of the first", () => {
    const frames = [
      granted(0, 0, 'A', 30_000),
      released(1, 5_000, 'A'),
      granted(2, 10_000, 'A', 40_000),
      released(3, 20_000, 'A'),
    ];
    expect(validitySpans(frames, 50_000).map(({ from, to }) => [from, to])).toEqual([
      [0, 5_000],
      [10_000, 20_000],
    ]);
  });

  it("another client's release does not end this one's validity", () => {
    const frames = [granted(0, 0, 'A', 30_000), released(1, 5_000, 'B')];
    expect(validitySpans(frames, 50_000).map(({ holder, to }) => [holder, to])).toEqual([['A', 30_000]]);
  });

  it('a grant with no end it computed draws no validity', () => {
    expect(validitySpans([granted(0, 0, 'A', null)], 50_000)).toEqual([]);
  });

  it('names each validity by the step it began', () => {
    const frames = [granted(0, 0, 'A', 30_000), granted(4, 31_000, 'B', 60_000)];
    expect(validitySpans(frames, 50_000).map((span) => [span.id, span.row, span.fromIndex])).toEqual([
      ['validity-0', `${VALIDITY}A`, 0],
      ['validity-4', `${VALIDITY}B`, 4],
    ]);
  });
});
