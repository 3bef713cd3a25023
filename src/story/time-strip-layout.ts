import { fillTemplate } from '@/content/fill-template';
import content from 'virtual:lockstep/content';
import { nice, ticks } from 'd3-array';
import { CERTIFICATES_TABLE, LOCK_SERVICE, writeOutcomeOf, type Happening } from '@/sim/happenings';
import type { Timeline } from '@/sim/run';
import { keySpans, quorumNodesOf, validitySpans, VALIDITY } from './quorum-spans';
import { beliefOverlaps, leaseSpans, pauseSpans } from './strip-spans';
import { formatTick } from './format';

const STRIP = content.controls.strip;

/** A row of the strip: the lock service's leases, a renewer's pauses, or the table's writes. */
export interface StripRow {
  readonly id: string;
  readonly name: string;
  readonly y: number;
}

/**
 * A span of virtual time: a lease from its grant to its end, a pause from its start to its end, under Redlock a key
 * on one node (to its expiry by that node's clock) or a client's validity (to the end it computed), and a time when
 * two or more renewers believe they hold the lock at once (`bothHold`, behind the lock service's leases).
 */
export interface StripBar {
  readonly id: string;
  readonly kind: 'lease' | 'pause' | 'key' | 'validity' | 'bothHold';
  readonly row: string;
  /** The step at which it begins; it is drawn from then on. */
  readonly fromIndex: number;
  readonly from: number;
  readonly to: number;
  readonly x1: number;
  readonly x2: number;
  readonly label: string;
  /** Described in words for the accessible summary. */
  readonly description: string;
  /**
   * A lease that ended before its term (given back, lost in a failover) or after it (kept alive), as drawn before
   * the step where it ended: to the end its grant named, since no more is known by then.
   */
  readonly untilEnded?: {
    readonly endIndex: number;
    readonly to: number;
    readonly x2: number;
    readonly description: string;
  };
}

/**
 * An instant: a write landing, refused or stale at the table, a lease expiring on the lock service, Redis failing
 * over to its replica, or a Redlock node's clock jumping.
 */
export interface StripMark {
  readonly id: string;
  readonly kind: 'accepted' | 'rejected' | 'stale' | 'expired' | 'failover' | 'jump';
  readonly row: string;
  readonly index: number;
  readonly at: number;
  readonly x: number;
  readonly description: string;
}

export interface TimeStripLayout {
  readonly width: number;
  readonly height: number;
  readonly gutter: number;
  readonly rowHeight: number;
  readonly axisY: number;
  readonly rows: readonly StripRow[];
  readonly ticks: readonly { readonly x: number; readonly label: string }[];
  readonly bars: readonly StripBar[];
  readonly marks: readonly StripMark[];
  readonly xOf: (at: number) => number;
  /** The virtual time at `x`, within the run (0 to its last step's time): where a pointer on the strip points. */
  readonly timeOf: (x: number) => number;
}

const ROW_HEIGHT = 26;
const AXIS_HEIGHT = 22;

/**
 * The run drawn to scale: one linear time axis, leases as bars on the lock service from grant to end, each
 * pause as a bar on its renewer, and each write's outcome at its true moment. What the sequence diagram
 * spaces evenly, this shows in proportion: a 40 s pause beside a 30 s lease. `nodeRows` false leaves out Redlock's
 * rows for each node and each client's validity (the majority's lease stays), where a panel beside it shows the nodes.
 */
export function layoutTimeStrip(timeline: Timeline, width: number, { nodeRows = true } = {}): TimeStripLayout {
  const compact = width < 560;
  const gutter = compact ? 74 : 120;
  const margin = 14;
  const frames = timeline.frames;
  const lastAt = frames.at(-1)?.at ?? 0;
  const nameOf = (id: string) => timeline.scenario.renewers.find((renewer) => renewer.id === id)?.name ?? id;

  const leases = leaseSpans(frames, lastAt);
  const pauses = pauseSpans(frames, lastAt);
  // d3-array rounds the axis and places its ticks; the mapping itself is one line. (d3-scale's linear scale would
  // bring d3-interpolate, d3-format and d3-color into the first view, where the diagram uses d3-scale already.)
  const tickCount = compact ? 4 : 7;
  const [, end = 1_000] = nice(0, Math.max(lastAt, ...leases.map((lease) => lease.to), 1_000), tickCount);
  const xOf = (at: number) => gutter + (at / end) * (width - margin - gutter);

  const pausedRenewers = timeline.scenario.renewers.filter((renewer) =>
    pauses.some((pause) => pause.row === renewer.id),
  );
  // On a quorum (Redlock) the lock is its keys, node by node, and each client's validity is a second clock of its own.
  const nodes = quorumNodesOf(frames);
  const keys = nodes && nodeRows ? keySpans(frames, lastAt) : [];
  const validities = nodes && nodeRows ? validitySpans(frames, lastAt) : [];
  const rowIds = [
    LOCK_SERVICE,
    ...[...new Set(validities.map((validity) => validity.row))],
    ...(nodeRows ? (nodes ?? []) : []).map((node) => node.id),
    ...pausedRenewers.map((renewer) => renewer.id),
    CERTIFICATES_TABLE,
  ];
  const rowName = (id: string) => {
    if (id === LOCK_SERVICE) return nodes ? STRIP.majority : compact ? STRIP.leases : STRIP.lockService;
    if (id.startsWith(VALIDITY))
      return fillTemplate(compact ? STRIP.validityShort : STRIP.validity, { holder: id.slice(VALIDITY.length) });
    if (id === CERTIFICATES_TABLE) return compact ? STRIP.writes : STRIP.tableWrites;
    if (nodes?.some((node) => node.id === id)) return id;
    return compact ? fillTemplate(STRIP.pausedShort, { holder: id }) : nameOf(id);
  };
  const rows = rowIds.map((id, index) => ({ id, name: rowName(id), y: index * ROW_HEIGHT + ROW_HEIGHT / 2 }));

  const bars: StripBar[] = [
    ...beliefOverlaps(frames, lastAt).map((overlap) => ({
      ...overlap,
      kind: 'bothHold' as const,
      row: LOCK_SERVICE,
      x1: xOf(overlap.from),
      x2: xOf(overlap.to),
      label: '',
      description: fillTemplate(STRIP.bothHoldBar, {
        holders: overlap.holders.map(nameOf).join(content.controls.renewers.and),
        from: formatTick(overlap.from),
        to: formatTick(overlap.to),
      }),
    })),
    ...leases.map(({ endIndex, term, ...lease }) => {
      const described = (to: number) =>
        fillTemplate(lease.token === null ? STRIP.leaseBar : STRIP.leaseBarToken, {
          holder: nameOf(lease.holder),
          token: String(lease.token),
          from: formatTick(lease.from),
          to: formatTick(to),
        });
      return {
        ...lease,
        kind: 'lease' as const,
        row: LOCK_SERVICE,
        x1: xOf(lease.from),
        x2: xOf(lease.to),
        label: lease.token === null ? lease.holder : `${lease.holder} · ${lease.token}`,
        description: described(lease.to),
        ...(endIndex !== null &&
          term !== lease.to && {
            // Past the axis's end it is drawn to the edge: it runs on beyond what the run shows.
            untilEnded: { endIndex, to: term, x2: xOf(Math.min(term, end)), description: described(term) },
          }),
      };
    }),
    ...validities.map((validity) => ({
      ...validity,
      kind: 'validity' as const,
      x1: xOf(validity.from),
      x2: xOf(validity.to),
      label: validity.holder,
      description: fillTemplate(STRIP.validityBar, {
        holder: nameOf(validity.holder),
        from: formatTick(validity.from),
        to: formatTick(validity.to),
      }),
    })),
    ...keys.map((key) => ({
      ...key,
      kind: 'key' as const,
      x1: xOf(key.from),
      x2: xOf(key.to),
      label: key.holder,
      description: fillTemplate(STRIP.keyBar, {
        holder: nameOf(key.holder),
        node: key.row,
        from: formatTick(key.from),
        to: formatTick(key.to),
      }),
    })),
    ...pauses.map((pause) => ({
      ...pause,
      kind: 'pause' as const,
      x1: xOf(pause.from),
      x2: xOf(pause.to),
      label: formatTick(pause.to - pause.from),
      description: fillTemplate(STRIP.pauseBar, {
        holder: nameOf(pause.row),
        from: formatTick(pause.from),
        to: formatTick(pause.to),
      }),
    })),
  ];
  const marks: StripMark[] = frames.flatMap((frame) => {
    const mark = markOf(frame.happening);
    if (!mark) return [];
    const { happening } = frame;
    const who = 'renewer' in happening ? nameOf(happening.renewer) : '';
    const jumped = happening.kind === 'clockJumped' ? happening : null;
    const words = fillTemplate(STRIP[mark], {
      holder: who,
      node: jumped?.node ?? '',
      by: formatTick(jumped?.byMs ?? 0),
    });
    const row =
      mark === 'jump' && jumped && rowIds.includes(jumped.node)
        ? jumped.node
        : mark === 'expired' || mark === 'failover' || mark === 'jump'
          ? LOCK_SERVICE
          : CERTIFICATES_TABLE;
    return [
      {
        id: `mark-${frame.index}`,
        kind: mark,
        row,
        index: frame.index,
        at: frame.at,
        x: xOf(frame.at),
        description: `at ${formatTick(frame.at)} ${words}`,
      },
    ];
  });
  const axisY = rows.length * ROW_HEIGHT + 4;
  return {
    width,
    height: axisY + AXIS_HEIGHT,
    gutter,
    rowHeight: ROW_HEIGHT,
    axisY,
    rows,
    ticks: ticks(0, end, tickCount).map((at) => ({ x: xOf(at), label: formatTick(at) })),
    bars,
    marks,
    xOf,
    timeOf: (x) => Math.min(Math.max(((x - gutter) / (width - margin - gutter)) * end, 0), lastAt),
  };
}

function markOf(happening: Happening): StripMark['kind'] | null {
  if (happening.kind === 'leaseExpired') return 'expired';
  if (happening.kind === 'failover') return 'failover';
  if (happening.kind === 'clockJumped') return 'jump';
  return happening.kind === 'writeAnswered' ? writeOutcomeOf(happening) : null;
}
