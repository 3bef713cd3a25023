import content from 'virtual:lockstep/content';
import { scaleBand, scalePoint } from 'd3-scale';
import {
  CERTIFICATES_TABLE,
  LOCK_SERVICE,
  shapeOf,
  writeOutcomeOf,
  type Happening,
  type LifelineId,
} from '@/sim/happenings';
import type { Timeline } from '@/sim/run';
import { formatTick } from './format';

export interface Lane {
  readonly id: LifelineId;
  readonly name: string;
  readonly x: number;
}

interface RowBase {
  readonly index: number;
  /** Vertical centre of the row. */
  readonly y: number;
  readonly label: string;
}

/** How a write turned out, drawn at the table's end of its answer: refused by the fence, or stale and landed. */
export type WriteMark = 'rejected' | 'stale';

export type DiagramRow =
  | (RowBase & {
      readonly shape: 'message';
      readonly x1: number;
      readonly x2: number;
      readonly mark?: WriteMark | undefined;
    })
  | (RowBase & { readonly shape: 'note'; readonly x: number; readonly width: number });

/** A span of steps drawn along one lifeline: a lease the renewer truly holds, or a pause it sleeps through. */
export interface LifelineBar {
  readonly id: string;
  readonly kind: 'lease' | 'pause';
  readonly x: number;
  readonly fromIndex: number;
  readonly toIndex: number;
}

export interface TimeTick {
  readonly index: number;
  readonly y: number;
  readonly label: string;
}

export interface DiagramLayout {
  readonly width: number;
  readonly height: number;
  readonly compact: boolean;
  readonly headerHeight: number;
  readonly rowHeight: number;
  readonly gutter: number;
  readonly lanes: readonly Lane[];
  readonly rows: readonly DiagramRow[];
  readonly bars: readonly LifelineBar[];
  readonly ticks: readonly TimeTick[];
  /** Top and bottom of the row at `index`, for bars that span rows. */
  readonly rowTop: (index: number) => number;
}

/** Below this width the diagram uses smaller type and a narrower time gutter. */
const COMPACT_WIDTH = 560;
/** Narrower than this the lanes would overlap: the drawing keeps this width and its box scrolls. */
const MIN_WIDTH = 280;

/**
 * A time label's width in px, its bold (current) type included, estimated from a wide sans-serif's characters
 * (DejaVu Sans: digits 0.636 em, the point and the space 0.318 em, "s" 0.521 em).
 */
function tickWidth(label: string, fontPx: number): number {
  const em = [...label].reduce((sum, char) => sum + (/\d/.test(char) ? 0.636 : char === 's' ? 0.521 : 0.318), 0);
  return em * fontPx * 1.08;
}

/**
 * Places every step of a timeline: lifelines across, one row per step down, with the virtual time of
 * each step in the left gutter. Pure geometry; the component decides what is shown and how.
 */
export function layoutDiagram(timeline: Timeline, labels: readonly string[], available: number): DiagramLayout {
  // A box still being laid out can measure a few pixels wide for a frame; never draw with negative sizes.
  const width = Math.max(available, MIN_WIDTH);
  const compact = width < COMPACT_WIDTH;
  // The time labels end 14 px left of the gutter's edge; a long one ("29.7 s", Redlock's validity) widens it.
  const gutter = Math.max(
    compact ? 40 : 64,
    ...timeline.frames.map((frame) => Math.ceil(tickWidth(formatTick(frame.at), compact ? 11 : 13)) + 14),
  );
  const headerHeight = compact ? 44 : 48;
  const rowHeight = compact ? 32 : 34;
  const charWidth = compact ? 6 : 7;
  const margin = 6;

  const x = scalePoint<LifelineId>()
    .domain(timeline.lifelines)
    .range([gutter, width - margin])
    .padding(0.5);
  const y = scaleBand<number>()
    .domain(timeline.frames.map((frame) => frame.index))
    .range([headerHeight, headerHeight + timeline.frames.length * rowHeight]);
  const xOf = (id: LifelineId) => x(id) ?? gutter;
  const rowTop = (index: number) => y(index) ?? headerHeight;
  const centre = (index: number) => rowTop(index) + rowHeight / 2;

  const lanes: Lane[] = timeline.lifelines.map((id) => ({ id, name: lifelineName(timeline, id), x: xOf(id) }));
  const rows: DiagramRow[] = timeline.frames.map((frame) => {
    const shape = shapeOf(frame.happening, timeline.lifelines);
    const label = labels[frame.index] ?? '';
    if (shape.shape === 'message') {
      return {
        index: frame.index,
        y: centre(frame.index),
        label,
        shape: 'message',
        x1: xOf(shape.from),
        x2: xOf(shape.to),
        mark: writeMarkOf(frame.happening),
      };
    }
    const xs = shape.over.map(xOf);
    const spread = Math.max(...xs) - Math.min(...xs);
    const noteWidth = Math.min(
      width - gutter - margin,
      Math.max(spread + x.step() * 0.8, label.length * charWidth + 16),
    );
    const noteCentre = (Math.min(...xs) + Math.max(...xs)) / 2;
    const left = Math.min(Math.max(noteCentre - noteWidth / 2, gutter), width - margin - noteWidth);
    return { index: frame.index, y: centre(frame.index), label, shape: 'note', x: left, width: noteWidth };
  });

  const ticks: TimeTick[] = timeline.frames.flatMap((frame, index) =>
    index === 0 || timeline.frames[index - 1]?.at !== frame.at
      ? [{ index: frame.index, y: centre(frame.index), label: formatTick(frame.at) }]
      : [],
  );

  return {
    width,
    height: headerHeight + timeline.frames.length * rowHeight + margin,
    compact,
    headerHeight,
    rowHeight,
    gutter,
    lanes,
    rows,
    bars: lifelineBars(timeline, xOf),
    ticks,
    rowTop,
  };
}

function writeMarkOf(happening: Happening): WriteMark | undefined {
  if (happening.kind !== 'writeAnswered') return undefined;
  const outcome = writeOutcomeOf(happening);
  return outcome === 'accepted' ? undefined : outcome;
}

function lifelineName(timeline: Timeline, id: LifelineId): string {
  if (id === LOCK_SERVICE) return content.controls.diagram.lockService;
  if (id === CERTIFICATES_TABLE)
    return timeline.scenario.resource?.kind === 'email'
      ? content.controls.diagram.mailSender
      : content.controls.diagram.certificatesTable;
  return timeline.scenario.renewers.find((renewer) => renewer.id === id)?.name ?? id;
}

/** Leases are read off the lock service at every step, pauses off each renewer: the truth, not the beliefs. */
function lifelineBars(timeline: Timeline, xOf: (id: LifelineId) => number): LifelineBar[] {
  const spans = new Map<string, LifelineBar>();
  const extend = (id: string, kind: LifelineBar['kind'], lane: LifelineId, index: number) => {
    const existing = spans.get(id);
    spans.set(
      id,
      existing ? { ...existing, toIndex: index } : { id, kind, x: xOf(lane), fromIndex: index, toIndex: index },
    );
  };
  for (const frame of timeline.frames) {
    const lease = frame.world.lock.truth(frame.at);
    if (lease) extend(`lease-${lease.token ?? lease.holder}`, 'lease', lease.holder, frame.index);
    for (const renewer of frame.world.renewers) {
      if (renewer.pause) extend(`pause-${renewer.id}-${renewer.pause.since}`, 'pause', renewer.id, frame.index);
    }
  }
  return [...spans.values()];
}
