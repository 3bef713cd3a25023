import { fillTemplate } from '@/content/fill-template';
import content from 'virtual:lockstep/content';
import styles from './diagram.module.css';
import { useEffect, useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { scrollIntoOwnView } from '@/components/scroll-into-own-view';
import { BIG_SCREEN } from '@/components/prerendered-screen';
import { readerHasActed } from '@/components/reader-acted';
import { useHydrated } from '@/components/use-hydrated';
import type { Timeline } from '@/sim/run';
import { layoutDiagram } from './diagram-layout';
import { type NarrationExtension } from './narrate';
import { narrationsFor } from './timeline-narrations';
import { useElementHeight, useElementWidth } from './use-element-size';
import { useMediaQuery } from './use-media-query';
import { LaneHeader, TimeAxis, LaneTitle, Row } from './sequence-diagram-parts';

/**
 * A timeline as a sequence diagram: lifelines across, steps down. Steps before `cursor` are muted, the
 * current one is highlighted, later ones are not drawn yet. d3 computes the geometry; React draws it.
 */
export function SequenceDiagramView({
  timeline,
  cursor,
  followCurrent = false,
  stickyHeader = false,
  title,
  scale,
  windowRows,
  scrollWithin = false,
  className,
  narration = null,
}: {
  timeline: Timeline;
  cursor: number;
  /** Scroll the current step into view when it changes. */
  followCurrent?: boolean;
  /** Keep the lifeline names in view below the walkthrough bar. */
  stickyHeader?: boolean;
  /** Words to put before the generated label, e.g. "Fencing off". */
  title?: string;
  /** Magnification of the drawing; by default larger only on big screens. */
  scale?: number;
  /** Show only this many rows, ending near the current step, so they can be drawn large (presenter mode). */
  windowRows?: number;
  /**
   * The diagram is a scrolling box of its own (the compact player): the current row is kept in view by setting
   * the box's scrollTop, which never scrolls the page or the frame's host around it.
   */
  scrollWithin?: boolean;
  /** A class of the page that places the diagram, for its size there. */
  className?: string | undefined;
  /** The lab's words for its runs' steps (each service's own labels); the lesson's when absent. */
  narration?: NarrationExtension | null;
}) {
  const containerRef = useRef<HTMLDivElement>(null);
  const currentRowRef = useRef<SVGGElement>(null);
  // Several diagrams can share a page (compare, print), so their marker and pattern ids must differ.
  const ids = useId().replaceAll(':', '');
  const arrowHeadId = (state: 'current' | 'past') => `${ids}-arrow-head-${state}`;
  const hatchId = `${ids}-pause-hatch`;
  const width = useElementWidth(containerRef, 720);
  const hydrated = useHydrated();
  // Big screens and projectors get the same drawing, scaled up with the page's type.
  const bigScreen = useMediaQuery(BIG_SCREEN);
  const zoom = scale ?? (bigScreen ? 1.25 : 1);
  const stepCount = timeline.frames.length;
  const narrations = narrationsFor(timeline, narration);
  const layout = useMemo(
    () =>
      layoutDiagram(
        timeline,
        narrations.map((narration) => narration.label),
        width / zoom,
      ),
    [timeline, narrations, width, zoom],
  );
  useEffect(() => {
    // Bring the current step into view when the learner moves: not on first load, nor when a linked or saved step
    // applies as the page starts. A box that scrolls itself (a phone's walkthrough, by the stylesheet) shows the
    // step within it at once, which never moves the page.
    if (!followCurrent) return;
    const acted = readerHasActed();
    const box = containerRef.current;
    const row = currentRowRef.current;
    if (!box || !row || typeof IntersectionObserver === 'undefined') return;
    // Asked of an observer, which answers once the browser has laid the new step out for its next frame. Reading the
    // layout here, in the click's own task, made the browser lay out the page before the step could be shown.
    const observer = new IntersectionObserver(([entry]) => {
      observer.disconnect();
      const scrollsItself = showRowInOwnBox(box, row);
      // Only while the reader is at the diagram: a step changed from elsewhere (Back after a step link, a host
      // page's command) must not pull them away from what they are reading.
      if (acted && entry?.isIntersecting) scrollIntoOwnView(scrollsItself ? box : row, 'nearest');
    });
    observer.observe(box);
    return () => observer.disconnect();
  }, [cursor, followCurrent]);

  // The box shrinks as the parts above it arrive: keep the current row in view through that too. Not before the box
  // has been measured: a hydrating box is measured once the browser has laid it out, and read then, not in the
  // hydration's own task.
  const boxHeight = useElementHeight(containerRef, 0);
  useLayoutEffect(() => {
    const box = containerRef.current;
    const row = currentRowRef.current;
    if (scrollWithin && box && row && boxHeight > 0) showRowAtFoot(box, row);
  }, [cursor, scrollWithin, layout, zoom, boxHeight]);
  // A box the stylesheet makes scroll itself changes height with the moment above it: only then is it read here
  // (a step's change is followed by the observer above, after the browser has laid it out).
  // Read in an observer's answer too, once the browser has laid the page out: read in the effect, just after the
  // hydrating page changed, it made the browser lay out the whole page in the same task.
  const [scrollsItself, setScrollsItself] = useState(false);
  useEffect(() => {
    const box = containerRef.current;
    const row = currentRowRef.current;
    // (A browser without IntersectionObserver keeps the page's own scrolling; every browser Lockstep supports has it.)
    if (!followCurrent || !box || !row || boxHeight <= 0 || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(() => {
      observer.disconnect();
      setScrollsItself(showRowInOwnBox(box, row));
    });
    observer.observe(box);
    return () => observer.disconnect();
  }, [followCurrent, boxHeight]);

  const rowsShown = windowRows ? Math.min(windowRows, stepCount) : stepCount;
  const firstRow = Math.max(0, Math.min(cursor - rowsShown + 2, stepCount - rowsShown));
  const viewTop = rowsShown < stepCount ? layout.rowTop(firstRow) - layout.headerHeight : 0;
  const viewHeight = rowsShown < stepCount ? layout.headerHeight + rowsShown * layout.rowHeight + 6 : layout.height;

  const currentRow = layout.rows[cursor];
  // A write's outcome is said in the mark's words too, not only drawn.
  const outcome = currentRow?.shape === 'message' && currentRow.mark ? ` ${currentRow.label}.` : '';
  const label =
    (title ? fillTemplate(content.controls.diagram.titled, { title }) : '') +
    fillTemplate(content.controls.diagram.label, {
      step: String(cursor + 1),
      count: String(stepCount),
      lifelines: layout.lanes.map((lane) => lane.name).join(', '),
    }) +
    // The caption itself is announced by the walkthrough; the picture says only what it adds.
    outcome;

  return (
    <div
      className={['diagram', scrollWithin && 'diagram-scroll-box', className].filter(Boolean).join(' ')}
      ref={containerRef}
      // A box that scrolls must be reachable by keyboard to be scrolled by keyboard. The walkthrough's scrolls on a
      // phone (by the stylesheet, so in the same markup on every screen), as found once the page has measured it.
      {...(scrollWithin || scrollsItself
        ? { tabIndex: 0, role: 'group', 'aria-label': content.controls.diagram.scrolls }
        : {})}
    >
      {/* Placed by style, so only once hydrated, and once the box is measured: drawn at the prerender's width first,
          its names moved as the measured width arrived (a layout shift). Until then the SVG's own titles name the
          lifelines. */}
      {stickyHeader && hydrated && boxHeight > 0 && <LaneHeader layout={layout} zoom={zoom} />}
      <svg
        role="img"
        aria-label={label}
        width={layout.width * zoom}
        height={viewHeight * zoom}
        viewBox={`0 ${viewTop} ${layout.width} ${viewHeight}`}
        className={layout.compact ? `${styles.sequenceDiagram} ${styles.compact}` : styles.sequenceDiagram}
      >
        <defs>
          {(['current', 'past'] as const).map((state) => (
            <marker
              key={state}
              id={arrowHeadId(state)}
              viewBox="0 0 10 10"
              refX="9"
              refY="5"
              markerWidth="9"
              markerHeight="9"
              markerUnits="userSpaceOnUse"
              orient="auto-start-reverse"
            >
              <path d="M 0 0 L 10 5 L 0 10 z" className={`${styles.arrowHead} ${styles[state]}`} />
            </marker>
          ))}
          <pattern id={hatchId} width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
            <rect width="6" height="6" className={styles.pauseHatchBg} />
            <line x1="0" y1="0" x2="0" y2="6" className={styles.pauseHatchLine} />
          </pattern>
        </defs>
        <TimeAxis layout={layout} cursor={cursor} from={firstRow - 1} />
        {layout.lanes.map((lane) => (
          <g key={lane.id}>
            <line x1={lane.x} x2={lane.x} y1={layout.headerHeight - 6} y2={layout.height} className={styles.lifeline} />
          </g>
        ))}
        {layout.bars
          .filter((bar) => bar.fromIndex <= cursor)
          .map((bar) => {
            const top = layout.rowTop(bar.fromIndex) + layout.rowHeight / 2;
            const bottom = layout.rowTop(Math.min(bar.toIndex, cursor)) + layout.rowHeight;
            const barWidth = bar.kind === 'pause' ? 14 : 6;
            return (
              <rect
                key={bar.id}
                className={bar.kind === 'pause' ? styles.barPause : styles.barLease}
                x={bar.x - barWidth / 2}
                y={top}
                width={barWidth}
                height={Math.max(bottom - top, 2)}
                fill={bar.kind === 'pause' ? `url(#${hatchId})` : undefined}
              />
            );
          })}
        {layout.rows
          // A windowed diagram draws only the rows its view shows (and the one above, half under the header).
          .filter((row) => row.index <= cursor && row.index >= firstRow - 1)
          .map((row) => (
            <Row
              key={row.index}
              row={row}
              layout={layout}
              state={row.index === cursor ? 'current' : 'past'}
              markerId={arrowHeadId(row.index === cursor ? 'current' : 'past')}
              ref={row.index === cursor ? currentRowRef : undefined}
            />
          ))}
        {/* Drawn last, over any row scrolled up beneath it when only a window of rows is shown. */}
        <g transform={`translate(0 ${viewTop})`}>
          {viewTop > 0 && <rect className={styles.headerBg} width={layout.width} height={layout.headerHeight} />}
          <text x={4} y={layout.headerHeight - 14} className={styles.axisTitle}>
            {content.controls.diagram.time}
          </text>
          {layout.lanes.map((lane) => (
            <LaneTitle key={lane.id} name={lane.name} x={lane.x} compact={layout.compact} />
          ))}
        </g>
      </svg>
    </div>
  );
}

/**
 * Later rows are not drawn yet: the space below the current row is empty, so the row sits at the box's foot, with
 * as many earlier rows above it as fit (under the sticky lifeline names).
 */
function showRowAtFoot(box: HTMLElement, row: SVGGElement) {
  const rowBottom = row.getBoundingClientRect().bottom - box.getBoundingClientRect().top + box.scrollTop;
  box.scrollTop = Math.max(0, rowBottom - box.clientHeight + 8);
}

/** If the stylesheet makes the box scroll itself, shows the current row at its foot; says whether it did. */
function showRowInOwnBox(box: HTMLElement, row: SVGGElement): boolean {
  const overflow = getComputedStyle(box).overflowY;
  if ((overflow !== 'auto' && overflow !== 'scroll') || box.scrollHeight <= box.clientHeight) return false;
  showRowAtFoot(box, row);
  return true;
}
