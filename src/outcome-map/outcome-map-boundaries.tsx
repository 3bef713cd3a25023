import lab from 'virtual:lockstep/lab';
import { fillTemplate } from '@/content/fill-template';
import type { LabConfig } from '@/settings/lab-config';
import type { MilestoneKind } from '@/sim/milestones';
import { VERDICT_CODES, type Boundary, type BoundaryEdge } from './outcome-map';
import styles from './outcome-map.module.css';
import { known } from '@/sim/known';

/** A map's title: what the guarded resource checks under it. */
export function modeTitle(config: LabConfig): string {
  const titles: Readonly<Record<string, string>> = lab.map.modes[config.resource];
  return titles[config.storage] ?? '';
}

/** A moment (`kind` or `kind:who`) in words: "A's pause ends". */
export function momentText(moment: string): string {
  const [kind, who = ''] = moment.split(':') as [MilestoneKind, string?];
  return fillTemplate(lab.map.moments[kind], { who });
}

/** A boundary in a sentence: "From duplicate work to a stale write where A's pause ends after …". */
export function boundaryText(boundary: Boundary): string {
  const flip = boundary.earlier
    ? fillTemplate(lab.map.flip, { later: momentText(boundary.later), earlier: momentText(boundary.earlier) })
    : momentText(boundary.later);
  return fillTemplate(lab.map.boundary, {
    better: lab.map.short[VERDICT_CODES[boundary.better]],
    worse: lab.map.short[VERDICT_CODES[boundary.worse]],
    flip,
  });
}

/** Where an edge runs, in the grid's drawing: the shared side of its two cells. */
export interface GridGeometry {
  readonly left: number;
  readonly top: number;
  readonly cell: number;
  readonly rows: number;
}

function edgeLine(edge: BoundaryEdge, { left, top, cell, rows }: GridGeometry) {
  const x = left + edge.column * cell;
  const y = top + (rows - 1 - edge.row) * cell;
  return edge.toward === 'right'
    ? { x1: x + cell, y1: y, x2: x + cell, y2: y + cell }
    : { x1: x, y1: y, x2: x + cell, y2: y };
}

/**
 * The lines between verdicts, drawn over the cells, and one numbered mark per named boundary, on the middle of its
 * edges; the list under the map says what each number means.
 */
export function BoundaryLines({
  edges,
  boundaries,
  geometry,
}: {
  edges: readonly BoundaryEdge[];
  boundaries: readonly Boundary[];
  geometry: GridGeometry;
}) {
  let d = '';
  for (const edge of edges) {
    const { x1, y1, x2, y2 } = edgeLine(edge, geometry);
    d += `M${x1} ${y1}L${x2} ${y2}`;
  }
  // Each mark on its boundary's middle edge, or the nearest edge to it where no other mark is in the way.
  const marks: { x: number; y: number }[] = [];
  boundaries.forEach((_, index) => {
    const own = edges.filter((edge) => edge.boundary === index);
    const middle = Math.floor(own.length / 2);
    const byDistance = own.map((edge, at) => ({ edge, away: Math.abs(at - middle) })).sort((a, b) => a.away - b.away);
    const places = byDistance.map(({ edge }) => {
      const line = edgeLine(edge, geometry);
      return { x: (line.x1 + line.x2) / 2, y: (line.y1 + line.y2) / 2 };
    });
    const clear = places.find((place) => marks.every((mark) => Math.hypot(mark.x - place.x, mark.y - place.y) >= 16));
    marks.push(clear ?? known(places[0]));
  });
  return (
    <g>
      <path d={d} className={styles.boundaryHalo} />
      <path d={d} className={styles.boundary} />
      {marks.map((mark, index) => (
        <g key={index} transform={`translate(${mark.x} ${mark.y})`}>
          <circle r={7} className={styles.markDisc} />
          <text dy="0.35em" textAnchor="middle" className={styles.markNumber}>
            {index + 1}
          </text>
        </g>
      ))}
    </g>
  );
}

/** The boundaries in words, numbered as their marks on the map. */
export function BoundaryList({ boundaries, unnamed }: { boundaries: readonly Boundary[]; unnamed: boolean }) {
  if (boundaries.length === 0 && !unnamed) return null;
  return (
    <div className={styles.boundaries}>
      <p className={styles.boundariesHeading}>{lab.map.boundariesHeading}</p>
      <ol>
        {boundaries.map((boundary, index) => (
          <li key={index}>{boundaryText(boundary)}</li>
        ))}
      </ol>
      {unnamed && <p>{lab.map.unnamed}</p>}
    </div>
  );
}
