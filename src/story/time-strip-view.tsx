import content from 'virtual:lockstep/content';
import styles from './time-strip.module.css';
import { fillTemplate } from '@/content/fill-template';
import { useMemo, useRef, type PointerEvent } from 'react';
import type { Timeline } from '@/sim/run';
import { TableRowNowView } from './table-row-now-view';
import { formatTick } from './format';
import { layoutTimeStrip, type StripBar, type StripMark } from './time-strip-layout';
import { useElementWidth } from './use-element-size';

/**
 * The run to scale, kept in step with the current step: what happened so far is drawn, a line marks now.
 * A lease is drawn for its whole term once granted (its end is known from the start), a pause only as far
 * as it has lasted.
 */
export function TimeStripView({
  timeline,
  cursor,
  compact = false,
  rowNow = true,
  legend = true,
  drawing = true,
  onScrub,
  className,
  scale = 1,
  nodeRows = true,
}: {
  timeline: Timeline;
  cursor: number;
  /** The compact player's strip: no space below it, and no key on a narrow screen. */
  compact?: boolean;
  /**
   * Say the table's row under the strip: always, never (where the page shows it elsewhere, as the walkthrough's
   * sticky bar does), or `wide`, on screens 720 px and wider only (by the stylesheet, so the markup is the same).
   */
  rowNow?: boolean | 'wide';
  /** The key to the strip's colours and marks under it; off where the page shows one elsewhere. */
  legend?: boolean;
  /** False: the key alone, for a page that draws this run elsewhere (the walkthrough's bar). */
  drawing?: boolean;
  /** Makes the strip a scrubber for a pointer: pressed or dragged at a time, it is called with that time. */
  onScrub?: (at: number) => void;
  /** A class of the page that places the strip, for its place and size there. */
  className?: string | undefined;
  /** Drawn this many times larger, text and all, in the same width (laid out for the width divided by it). */
  scale?: number;
  /** False: Redlock's strip without a row per node and per client's validity (see layoutTimeStrip). */
  nodeRows?: boolean;
}) {
  const containerRef = useRef<HTMLDivElement>(null);
  const width = useElementWidth(containerRef, 720);
  const words = content.panels.strip;
  const layout = useMemo(
    () => layoutTimeStrip(timeline, width / scale, { nodeRows }),
    [timeline, width, scale, nodeRows],
  );
  const now = timeline.frames[cursor]?.at ?? 0;
  const nowX = layout.xOf(now);
  // The rest of the evening's leases and pauses, drawn faintly, so the strip is a picture of the whole run from its
  // first step. Its writes' marks are not, nor when two renewers believe they hold: where writes land or are
  // refused, and who is mistaken, is what the reader is asked to predict.
  const laterBars = layout.bars.filter((bar) => bar.fromIndex > cursor && bar.kind !== 'bothHold');
  /** A pause, or two holders at once, is drawn only as far as it has lasted: its end is not known yet. */
  const growing = (bar: StripBar) => bar.kind === 'pause' || bar.kind === 'bothHold';
  const marks = layout.marks.filter((mark) => mark.index <= cursor);
  const rowY = (id: string) => layout.rows.find((row) => row.id === id)?.y ?? 0;
  /** A bar as this step knows it: a pause or an overlap so far; a lease to the end its grant named until it ends. */
  const shown = (bar: StripBar): StripBar => {
    if (growing(bar) && bar.to > now)
      return { ...bar, description: bar.description.replace(/ to [\d.]+ s$/, ' so far') };
    const running = bar.untilEnded;
    if (!running || cursor >= running.endIndex) return bar;
    // Kept alive past its named end: drawn as far as now.
    const x2 = Math.max(running.x2, Math.min(nowX, bar.x2));
    return { ...bar, ...running, x2 };
  };
  const bars = layout.bars.filter((bar) => bar.fromIndex <= cursor).map((bar) => shown(bar));
  const drawn = [...bars.map((bar) => bar.description), ...marks.map((mark) => mark.description)];
  // Before the first grant nothing is drawn yet: the sentence is the time alone.
  /** The time under a pointer on the drawing, in the layout's own units (the drawing may be scaled to fit). */
  const scrubTo = (event: PointerEvent<SVGSVGElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    if (!onScrub || box.width === 0) return;
    onScrub(layout.timeOf(((event.clientX - box.left) / box.width) * layout.width));
  };
  const summary = [
    fillTemplate(words.summary, { time: formatTick(now) }),
    ...(drawn.length > 0 ? [`${drawn.join('; ')}.`] : []),
  ].join(' ');

  return (
    <div
      className={[styles.timeStrip, compact && styles.compact, className].filter(Boolean).join(' ')}
      ref={containerRef}
    >
      {drawing && (
        <svg
          role="img"
          aria-label={summary}
          width={layout.width * scale}
          height={layout.height * scale}
          // Scales to fit before the page has measured its width (a prerendered page on a phone), and exactly after.
          viewBox={`0 0 ${layout.width} ${layout.height}`}
          className={[styles.svg, onScrub && styles.scrubbable].filter(Boolean).join(' ')}
          {...(onScrub && {
            onPointerDown: (event: PointerEvent<SVGSVGElement>) => {
              event.currentTarget.setPointerCapture?.(event.pointerId);
              scrubTo(event);
            },
            onPointerMove: (event: PointerEvent<SVGSVGElement>) => {
              if (event.currentTarget.hasPointerCapture?.(event.pointerId)) scrubTo(event);
            },
          })}
        >
          {layout.rows.map((row) => (
            <g key={row.id}>
              <text x={4} y={row.y} dy="0.35em" className={styles.rowName}>
                {row.name}
              </text>
              <line x1={layout.gutter} x2={layout.width - 8} y1={row.y} y2={row.y} className={styles.rowLine} />
            </g>
          ))}
          {layout.ticks.map((tick) => (
            <g key={tick.label} className={styles.tick}>
              <line x1={tick.x} x2={tick.x} y1={0} y2={layout.axisY} />
              <text x={tick.x} y={layout.axisY + 14} textAnchor="middle">
                {tick.label}
              </text>
            </g>
          ))}
          {bars.map((bar) => {
            const y = rowY(bar.row);
            const x2 = growing(bar) ? Math.min(bar.x2, Math.max(nowX, bar.x1 + 2)) : bar.x2;
            if (bar.kind === 'bothHold') {
              // The whole row's height, behind the leases drawn after it.
              const half = layout.rowHeight / 2;
              return (
                <rect
                  key={bar.id}
                  className={styles.bothHold}
                  x={bar.x1}
                  y={y - half}
                  width={Math.max(x2 - bar.x1, 2)}
                  height={half * 2}
                />
              );
            }
            // A pause is labelled with how long it has lasted so far: its end is not known yet.
            const label = bar.kind === 'pause' ? formatTick(Math.min(bar.to, now) - bar.from) : bar.label;
            return (
              <g key={bar.id} className={BAR_CLASS[bar.kind]}>
                <rect x={bar.x1} y={y - 8} width={Math.max(x2 - bar.x1, 2)} height={16} rx={3} />
                {x2 - bar.x1 > label.length * 7 + 8 && (
                  <text x={bar.x1 + 6} y={y} dy="0.35em">
                    {label}
                  </text>
                )}
              </g>
            );
          })}
          {marks.map((mark) => (
            <StripMarkGlyph key={mark.id} kind={mark.kind} x={mark.x} y={rowY(mark.row)} />
          ))}
          <g className={styles.later} aria-hidden="true" data-testid="strip-later">
            {laterBars.map((bar) => (
              <g key={bar.id} className={BAR_CLASS[bar.kind]}>
                <rect x={bar.x1} y={rowY(bar.row) - 8} width={Math.max(bar.x2 - bar.x1, 2)} height={16} rx={3} />
              </g>
            ))}
          </g>
          <g className={styles.now}>
            <line x1={nowX} x2={nowX} y1={0} y2={layout.axisY} />
          </g>
        </svg>
      )}
      {rowNow && (
        <TableRowNowView
          timeline={timeline}
          cursor={cursor}
          {...(rowNow === 'wide' ? { className: 'wide-only' } : {})}
        />
      )}
      {legend && (
        <ul className={styles.legend} aria-label={words.legend}>
          <li>
            <span className={`${styles.swatch} ${styles.swatchLease}`} aria-hidden="true" /> {words.lease}
          </li>
          <li>
            <span className={`${styles.swatch} ${styles.swatchPause}`} aria-hidden="true" /> {words.pause}
          </li>
          <li>
            <span aria-hidden="true">✓</span> {words.landed}
          </li>
          {/* Only a table that checks tokens can refuse a write: no such entry under Redis, Redlock or fencing off. */}
          {timeline.settings.fencing && (
            <li>
              <span className={styles.legendRejected} aria-hidden="true">
                ✕
              </span>{' '}
              {words.refused}
            </li>
          )}
          <li>
            <span className={styles.legendStale} aria-hidden="true">
              ⚠
            </span>{' '}
            {words.stale}
          </li>
          {/* Redlock's and Redis's own parts, where the run has them. */}
          {layout.bars.some((bar) => bar.kind === 'key') && (
            <li>
              <span className={`${styles.swatch} ${styles.swatchKey}`} aria-hidden="true" /> {words.key}
            </li>
          )}
          {layout.bars.some((bar) => bar.kind === 'validity') && (
            <li>
              <span className={`${styles.swatch} ${styles.swatchValidity}`} aria-hidden="true" /> {words.validity}
            </li>
          )}
          {layout.bars.some((bar) => bar.kind === 'bothHold') && (
            <li>
              <span className={`${styles.swatch} ${styles.swatchBothHold}`} aria-hidden="true" /> {words.bothHold}
            </li>
          )}
          {layout.marks.some((mark) => mark.kind === 'jump') && (
            <li>
              <LegendGlyph kind="jump" /> {words.jump}
            </li>
          )}
          {layout.marks.some((mark) => mark.kind === 'failover') && (
            <li>
              <LegendGlyph kind="failover" /> {words.failover}
            </li>
          )}
        </ul>
      )}
    </div>
  );
}

function StripMarkGlyph({ kind, x, y }: { kind: StripMark['kind']; x: number; y: number }) {
  switch (kind) {
    case 'failover':
      // Two arrows crossing: the replica takes the primary's place.
      return (
        <path
          className={`${styles.mark} ${styles.markEvent}`}
          d={`M ${x - 6} ${y - 6} L ${x + 6} ${y + 6} M ${x + 6} ${y - 6} L ${x - 6} ${y + 6} M ${x - 8} ${y} L ${x + 8} ${y}`}
        />
      );
    case 'jump':
      // A step in the clock.
      return (
        <path
          className={`${styles.mark} ${styles.markEvent}`}
          d={`M ${x - 7} ${y + 6} L ${x} ${y + 6} L ${x} ${y - 6} L ${x + 7} ${y - 6}`}
        />
      );
    case 'expired':
      return <line className={`${styles.mark} ${styles.markExpired}`} x1={x} x2={x} y1={y - 10} y2={y + 10} />;
    case 'accepted':
      return (
        <path
          className={`${styles.mark} ${styles.markAccepted}`}
          d={`M ${x - 5} ${y} L ${x - 1} ${y + 4} L ${x + 6} ${y - 5}`}
        />
      );
    case 'rejected':
      return (
        <path
          className={`${styles.mark} ${styles.markRejected}`}
          d={`M ${x - 5} ${y - 5} L ${x + 5} ${y + 5} M ${x + 5} ${y - 5} L ${x - 5} ${y + 5}`}
        />
      );
    case 'stale':
      return (
        <path
          className={`${styles.mark} ${styles.markStale}`}
          d={`M ${x} ${y - 8} L ${x + 8} ${y + 6} L ${x - 8} ${y + 6} Z`}
        />
      );
  }
}

/** A mark as the strip draws it, small, for the key. */
function LegendGlyph({ kind }: { kind: StripMark['kind'] }) {
  return (
    <svg width={18} height={16} aria-hidden="true" className={styles.legendGlyph}>
      <StripMarkGlyph kind={kind} x={9} y={8} />
    </svg>
  );
}

const BAR_CLASS: Record<StripBar['kind'], string | undefined> = {
  lease: styles.lease,
  pause: styles.pause,
  key: styles.key,
  validity: styles.validity,
  bothHold: styles.bothHold,
};
