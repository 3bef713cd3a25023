import { useId } from 'react';
import type { CellOutcome } from './fence-result';
import styles from './fence-exercise.module.css';

const CELL = 6;
const OUTCOMES = ['kept', 'noStale', 'staleLanded', 'freshRefused', 'none'] as const satisfies readonly CellOutcome[];

/** A stale write hatched, a refused fresh write striped: each reads without colour too. */
export function OutcomePatterns({ prefix }: { prefix: string }) {
  return (
    <defs>
      <pattern id={`${prefix}-staleLanded`} width={6} height={6} patternUnits="userSpaceOnUse">
        <rect width={6} height={6} className={styles.staleLanded} />
        <path d="M-1 7 L7 -1 M-1 -1 L7 7" className={styles.hatch} />
      </pattern>
      <pattern id={`${prefix}-freshRefused`} width={6} height={6} patternUnits="userSpaceOnUse">
        <rect width={6} height={6} className={styles.freshRefused} />
        <path d="M-1 7 L7 -1" className={styles.stripe} />
      </pattern>
    </defs>
  );
}

export const outcomePaint = (prefix: string, outcome: CellOutcome) =>
  outcome === 'staleLanded' || outcome === 'freshRefused'
    ? { fill: `url(#${prefix}-${outcome})` }
    : { className: styles[outcome] };

/**
 * The lesson's map coloured by what one statement did in each evening: TTL across, A's pause up, as the outcome
 * map draws it. The picture is described by its caption; the counts and an example are said in words beside it.
 */
export function StatementMap({
  title,
  axes,
  outcomes,
  columns,
  ring,
}: {
  title: string;
  /** What the axes cover, in words. */
  axes: string;
  /** Each cell's outcome, row by row from the bottom (y outer, x inner). */
  outcomes: readonly CellOutcome[];
  columns: number;
  /** The cell of the map's own run, ringed. */
  ring: number;
}) {
  const prefix = useId().replace(/:/g, '');
  const rows = Math.ceil(outcomes.length / columns);
  const at = (cell: number) => ({ x: (cell % columns) * CELL, y: (rows - 1 - Math.floor(cell / columns)) * CELL });
  // One path per outcome: 1,600 cells draw as four shapes.
  const paths = OUTCOMES.map((outcome) =>
    outcomes
      .flatMap((each, cell) => {
        if (each !== outcome) return [];
        const { x, y } = at(cell);
        return [`M${x} ${y}h${CELL}v${CELL}h-${CELL}z`];
      })
      .join(''),
  );
  const ringAt = at(ring);
  return (
    <figure>
      <figcaption>{title}</figcaption>
      <svg
        viewBox={`-2 -2 ${columns * CELL + 4} ${rows * CELL + 4}`}
        role="img"
        aria-label={`${title}. ${axes}`}
        shapeRendering="crispEdges"
      >
        <OutcomePatterns prefix={prefix} />
        {OUTCOMES.map((outcome, index) =>
          paths[index] ? <path key={outcome} d={paths[index]} {...outcomePaint(prefix, outcome)} /> : null,
        )}
        <rect x={-0.5} y={-0.5} width={columns * CELL + 1} height={rows * CELL + 1} className={styles.frame} />
        <rect x={ringAt.x} y={ringAt.y} width={CELL} height={CELL} className={styles.ring} />
      </svg>
    </figure>
  );
}
