import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { runScenario } from '@/sim/run';
import { buildScenario } from '@/testing/builders';
import { layoutDiagram, type DiagramLayout, type DiagramRow } from './diagram-layout';
import styles from './diagram.module.css';
import { LaneHeader, LaneTitle, Row, TimeAxis } from './sequence-diagram-parts';
import { narrationsFor } from './timeline-narrations';

const fenced = runScenario(buildScenario(), { fencing: true });
const unfenced = runScenario(buildScenario(), { fencing: false });
const layoutOf = (timeline = fenced, width = 720) =>
  layoutDiagram(
    timeline,
    narrationsFor(timeline).map((narration) => narration.label),
    width,
  );
const inSvg = (part: React.ReactNode) => render(<svg>{part}</svg>).container;

describe('the lane header above the diagram', () => {
  it('names each lane again, centred on its lifeline and a lane wide, scaled with the drawing', () => {
    const layout = layoutOf();
    const { container } = render(<LaneHeader layout={layout} zoom={1.25} />);
    const header = container.firstElementChild as HTMLElement;
    expect(header).toHaveAttribute('aria-hidden', 'true');
    expect(header.style.height).toBe(`${layout.headerHeight * 1.25}px`);
    expect(header.style.marginBottom).toBe(`${-layout.headerHeight * 1.25}px`);
    expect(header.style.fontSize).toBe('16.25px');
    expect(header.querySelector('.lane-header-time')).toHaveTextContent('time');
    const laneWidth = (layout.lanes[1]!.x - layout.lanes[0]!.x) * 1.25;
    const names = [...header.querySelectorAll<HTMLElement>('.lane-header-name')];
    expect(names.map((name) => name.textContent)).toEqual(layout.lanes.map((lane) => lane.name));
    names.forEach((name, index) => {
      expect(Number.parseFloat(name.style.left)).toBeCloseTo(layout.lanes[index]!.x * 1.25 - laneWidth / 2);
      expect(Number.parseFloat(name.style.width)).toBeCloseTo(laneWidth);
    });
  });

  it('uses the small type on a compact diagram', () => {
    const layout = layoutOf(fenced, 360);
    expect(layout.compact).toBe(true);
    const { container } = render(<LaneHeader layout={layout} zoom={1} />);
    expect((container.firstElementChild as HTMLElement).style.fontSize).toBe('11px');
  });

  it('with a single lane, is the drawing wide', () => {
    const one: DiagramLayout = { ...layoutOf(), lanes: [{ id: 'A', name: 'Renewer A', x: 100 }] };
    const { container } = render(<LaneHeader layout={one} zoom={1} />);
    const name = container.querySelector<HTMLElement>('.lane-header-name')!;
    expect(Number.parseFloat(name.style.width)).toBe(one.width - 100);
  });
});

describe('the time axis', () => {
  const layout = layoutOf();
  const labels = (container: Element) => [...container.querySelectorAll('text')].map((text) => text.textContent);

  it('shows the times up to the current step, the current one marked', () => {
    const container = inSvg(<TimeAxis layout={layout} cursor={4} />);
    const shown = layout.ticks.filter((tick) => tick.index <= 4);
    expect(labels(container)).toEqual(shown.map((tick) => tick.label));
    expect(labels(container)).toEqual(['0 s', '2 s']);
    const current = container.querySelector(`.${styles.current}`)!;
    expect(current).toHaveTextContent('2 s');
    expect(container.querySelectorAll(`.${styles.current}`)).toHaveLength(1);
    // The axis runs down the gutter, from under the header to near the foot.
    const axis = container.querySelector(`.${styles.axisLine}`)!;
    expect(axis).toHaveAttribute('x1', String(layout.gutter - 8));
    expect(axis).toHaveAttribute('y1', String(layout.headerHeight));
    expect(axis).toHaveAttribute('y2', String(layout.height - 6));
    const tick = container.querySelector(`.${styles.tick} line`)!;
    expect([tick.getAttribute('x1'), tick.getAttribute('x2')]).toEqual([
      String(layout.gutter - 12),
      String(layout.gutter - 8),
    ]);
  });

  it('in a window from a later step, leaves out the earlier times; between ticks, marks none current', () => {
    const container = inSvg(<TimeAxis layout={layout} cursor={5} from={4} />);
    expect(labels(container)).toEqual(['2 s', '15 s']);
    const exactlyFrom = inSvg(<TimeAxis layout={layout} cursor={3} from={0} />);
    expect(labels(exactlyFrom)).toEqual(['0 s']);
    expect(exactlyFrom.querySelectorAll(`.${styles.current}`)).toHaveLength(0);
  });
});

describe('a lane title', () => {
  it('breaks a two-word name onto two lines on a compact diagram', () => {
    const container = inSvg(<LaneTitle name="Lock service" x={200} compact />);
    const spans = [...container.querySelectorAll('tspan')];
    expect(spans.map((span) => [span.textContent, span.getAttribute('dy'), span.getAttribute('x')])).toEqual([
      ['Lock', '0', '200'],
      ['service', '1.15em', '200'],
    ]);
    expect(container.querySelector('text')).toHaveAttribute('y', '14');
  });

  it('keeps it on one line otherwise, lower down', () => {
    const container = inSvg(<LaneTitle name="Lock service" x={200} compact={false} />);
    expect([...container.querySelectorAll('tspan')].map((span) => span.textContent)).toEqual(['Lock service']);
    expect(container.querySelector('text')).toHaveAttribute('y', '24');
  });
});

describe('a row of the diagram', () => {
  const rowWhere = (layout: DiagramLayout, test: (row: DiagramRow) => boolean) => layout.rows.find(test)!;
  const drawRow = (layout: DiagramLayout, row: DiagramRow, state: 'current' | 'past') =>
    inSvg(<Row row={row} layout={layout} state={state} markerId="head-current" />).querySelector('g')!;

  it('a message: an arrow between its lifelines with its head, labelled above its middle; highlighted while current', () => {
    const layout = layoutOf();
    const grant = rowWhere(layout, (row) => row.shape === 'message' && row.label === 'granted, token 33');
    if (grant.shape !== 'message') throw new Error('a message row');
    const row = drawRow(layout, grant, 'current');
    expect(row).toHaveClass(styles.row!, styles.current!);
    expect(row).toHaveAttribute('data-row', 'current');
    const arrow = row.querySelector('line')!;
    expect(['x1', 'x2', 'y1', 'y2', 'marker-end'].map((attribute) => arrow.getAttribute(attribute))).toEqual([
      String(grant.x1),
      String(grant.x2),
      String(grant.y + 6),
      String(grant.y + 6),
      'url(#head-current)',
    ]);
    const label = row.querySelector('text')!;
    expect(label).toHaveTextContent('granted, token 33');
    expect(label).toHaveAttribute('x', String((grant.x1 + grant.x2) / 2));
    expect(label).toHaveAttribute('y', String(grant.y + 1));
    const highlight = row.querySelector(`.${styles.rowHighlight}`)!;
    expect(['x', 'y', 'width', 'height'].map((attribute) => Number(highlight.getAttribute(attribute)))).toEqual([
      layout.gutter - 4,
      grant.y - layout.rowHeight / 2 + 1,
      layout.width - layout.gutter,
      layout.rowHeight - 2,
    ]);
    // Once past, the same row without the highlight.
    const past = drawRow(layout, grant, 'past');
    expect(past).toHaveClass(styles.past!);
    expect(past).not.toHaveClass(styles.current!);
    expect(past.querySelector(`.${styles.rowHighlight}`)).toBeNull();
  });

  it('a note: a box across its lifelines with its words in the middle', () => {
    const layout = layoutOf();
    const note = rowWhere(layout, (row) => row.shape === 'note');
    if (note.shape !== 'note') throw new Error('a note row');
    const row = drawRow(layout, note, 'past');
    const box = row.querySelector(`.${styles.note}`)!;
    expect(['x', 'y', 'width', 'height'].map((attribute) => Number(box.getAttribute(attribute)))).toEqual([
      note.x,
      note.y - layout.rowHeight / 2 + 4,
      note.width,
      layout.rowHeight - 8,
    ]);
    const words = row.querySelector(`.${styles.noteLabel}`)!;
    expect(words).toHaveTextContent(note.label);
    expect(words).toHaveAttribute('x', String(note.x + note.width / 2));
    expect(row.querySelector('line')).toBeNull();
  });

  it('a write the fence refused: a crossed circle where the table answered, and the row marked refused', () => {
    const layout = layoutOf(fenced);
    const refused = rowWhere(layout, (row) => row.shape === 'message' && row.mark === 'rejected');
    if (refused.shape !== 'message') throw new Error('a message row');
    const row = drawRow(layout, refused, 'current');
    expect(row).toHaveClass(styles.rowRejected!);
    const mark = row.querySelector('[data-mark="rejected"]')!;
    expect(mark).toHaveClass(styles.writeMark!, styles.writeMarkRejected!);
    expect(mark.querySelector('circle')).toHaveAttribute('cx', String(refused.x1));
    expect(mark.querySelector('circle')).toHaveAttribute('cy', String(refused.y + 6));
    expect(row.querySelector('[data-mark="stale"]')).toBeNull();
  });

  it('a stale write that landed: a warning triangle there, and the row marked stale', () => {
    const layout = layoutOf(unfenced);
    const stale = rowWhere(layout, (row) => row.shape === 'message' && row.mark === 'stale');
    if (stale.shape !== 'message') throw new Error('a message row');
    const row = drawRow(layout, stale, 'current');
    expect(row).toHaveClass(styles.rowStale!);
    const mark = row.querySelector('[data-mark="stale"]')!;
    expect(mark).toHaveClass(styles.writeMark!, styles.writeMarkStale!);
    expect(mark).toHaveTextContent('!');
    const x = stale.x1;
    const y = stale.y + 6;
    expect(mark.querySelector('path')).toHaveAttribute(
      'd',
      `M ${x} ${y - 9} L ${x + 9} ${y + 7} L ${x - 9} ${y + 7} Z`,
    );
  });
});
