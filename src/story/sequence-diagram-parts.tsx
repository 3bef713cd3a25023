import content from 'virtual:lockstep/content';
import styles from './diagram.module.css';
import { memo } from 'react';
import { type DiagramLayout, type DiagramRow } from './diagram-layout';

/** The sequence diagram's parts: the sticky lane header, the time axis, lane titles and one row per step. */

/**
 * The lifeline names again, in HTML that sticks below the walkthrough bar, so a learner deep in the
 * diagram still sees which line is which. It covers the SVG's own titles exactly when not scrolled.
 */
export function LaneHeader({ layout, zoom }: { layout: DiagramLayout; zoom: number }) {
  const laneWidth = ((layout.lanes[1]?.x ?? layout.width) - (layout.lanes[0]?.x ?? 0)) * zoom;
  return (
    <div
      className="lane-header"
      aria-hidden="true"
      style={{
        height: layout.headerHeight * zoom,
        marginBottom: -layout.headerHeight * zoom,
        fontSize: `${(layout.compact ? 11 : 13) * zoom}px`,
      }}
    >
      <span className="lane-header-time">{content.controls.diagram.time}</span>
      {layout.lanes.map((lane) => (
        <span
          key={lane.id}
          className="lane-header-name"
          style={{ left: lane.x * zoom - laneWidth / 2, width: laneWidth }}
        >
          {lane.name}
        </span>
      ))}
    </div>
  );
}

/** The axis's ticks up to the current step, from step `from` on (a windowed diagram shows no earlier ones). */
export function TimeAxis({ layout, cursor, from = 0 }: { layout: DiagramLayout; cursor: number; from?: number }) {
  const axisX = layout.gutter - 8;
  return (
    <g>
      <line x1={axisX} x2={axisX} y1={layout.headerHeight} y2={layout.height - 6} className={styles.axisLine} />
      {layout.ticks
        .filter((tick) => tick.index <= cursor && tick.index >= from)
        .map((tick) => (
          <g key={tick.index} className={tick.index === cursor ? `${styles.tick} ${styles.current}` : styles.tick}>
            <line x1={axisX - 4} x2={axisX} y1={tick.y} y2={tick.y} />
            <text x={axisX - 6} y={tick.y} dy="0.35em" textAnchor="end">
              {tick.label}
            </text>
          </g>
        ))}
    </g>
  );
}

export function LaneTitle({ name, x, compact }: { name: string; x: number; compact: boolean }) {
  // Two-word names break onto two lines on narrow screens, so four lifelines fit a phone.
  const lines = compact ? name.split(' ') : [name];
  return (
    <text x={x} y={compact ? 14 : 24} textAnchor="middle" className={styles.laneTitle}>
      {lines.map((line, index) => (
        <tspan key={line} x={x} dy={index === 0 ? 0 : '1.15em'}>
          {line}
        </tspan>
      ))}
    </text>
  );
}

/**
 * Where the table answered, how the write turned out: a cross for a write the fence refused, a warning
 * triangle for a stale write that landed. The label beside it says the same in words.
 */
function WriteOutcomeMark({ mark, x, y }: { mark: 'rejected' | 'stale'; x: number; y: number }) {
  if (mark === 'rejected') {
    return (
      <g className={`${styles.writeMark} ${styles.writeMarkRejected}`} data-mark={mark}>
        <circle cx={x} cy={y} r={8} />
        <path d={`M ${x - 4} ${y - 4} L ${x + 4} ${y + 4} M ${x + 4} ${y - 4} L ${x - 4} ${y + 4}`} />
      </g>
    );
  }
  return (
    <g className={`${styles.writeMark} ${styles.writeMarkStale}`} data-mark={mark}>
      <path d={`M ${x} ${y - 9} L ${x + 9} ${y + 7} L ${x - 9} ${y + 7} Z`} />
      <text x={x} y={y + 5} textAnchor="middle">
        !
      </text>
    </g>
  );
}

/** A row whose write the table refused, or whose stale write landed, says so in its arrow and label. */
const MARK_ROW = { rejected: styles.rowRejected, stale: styles.rowStale };

// Memoised: a step changes two rows (the one it leaves and the one it reaches); the earlier ones stay as drawn.
export const Row = memo(function Row({
  row,
  layout,
  state,
  markerId,
  ref,
}: {
  row: DiagramRow;
  layout: DiagramLayout;
  state: 'current' | 'past';
  markerId: string;
  ref?: React.Ref<SVGGElement> | undefined;
}) {
  const top = row.y - layout.rowHeight / 2;
  const mark = row.shape === 'message' ? row.mark : undefined;
  return (
    <g
      className={[styles.row, styles[state], mark && MARK_ROW[mark]].filter(Boolean).join(' ')}
      data-row={state}
      ref={ref}
    >
      {state === 'current' && (
        <rect
          className={styles.rowHighlight}
          x={layout.gutter - 4}
          y={top + 1}
          width={layout.width - layout.gutter}
          height={layout.rowHeight - 2}
          rx={4}
        />
      )}
      {row.shape === 'message' ? (
        <>
          <line
            x1={row.x1}
            x2={row.x2}
            y1={row.y + 6}
            y2={row.y + 6}
            className={styles.arrow}
            markerEnd={`url(#${markerId})`}
          />
          {mark && <WriteOutcomeMark mark={mark} x={row.x1} y={row.y + 6} />}
          <text x={(row.x1 + row.x2) / 2} y={row.y + 1} textAnchor="middle" className={styles.arrowLabel}>
            {row.label}
          </text>
        </>
      ) : (
        <>
          <rect x={row.x} y={top + 4} width={row.width} height={layout.rowHeight - 8} rx={3} className={styles.note} />
          <text x={row.x + row.width / 2} y={row.y} dy="0.35em" textAnchor="middle" className={styles.noteLabel}>
            {row.label}
          </text>
        </>
      )}
    </g>
  );
});
