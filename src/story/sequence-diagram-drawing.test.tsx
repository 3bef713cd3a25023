import { render, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { runScenario } from '@/sim/run';
import { buildScenario } from '@/testing/builders';
import { layoutDiagram } from './diagram-layout';
import styles from './diagram.module.css';
import { SequenceDiagramView } from './sequence-diagram-view';
import { narrationsFor } from './timeline-narrations';

/*
 * What the diagram draws at a step: its rows, its lifeline bars, its window and its words. (Following the current
 * step, and drawing only what a step changes, are in sequence-diagram-view.test.tsx.) jsdom measures nothing, so
 * the diagram is laid out at its 720 px fallback.
 */
const fenced = runScenario(buildScenario(), { fencing: true });
const LAYOUT = layoutDiagram(
  fenced,
  narrationsFor(fenced).map((narration) => narration.label),
  720,
);
const LIFELINES = 'Renewer A, Renewer B, Lock service, Certificates table';
const stepOf = (kind: string, who?: string) =>
  fenced.frames.findIndex(
    ({ happening }) =>
      happening.kind === kind && (who === undefined || ('renewer' in happening && happening.renewer === who)),
  );

function draw(props: Partial<Parameters<typeof SequenceDiagramView>[0]> & { cursor: number }) {
  const { container } = render(<SequenceDiagramView timeline={fenced} scale={1} {...props} />);
  const svg = within(container).getByRole('img');
  return { container, svg, rows: [...svg.querySelectorAll('[data-row]')] };
}

describe('the sequence diagram at a step', () => {
  it('draws every step so far and none after, the current one marked, and names itself by step and lifelines', () => {
    const { svg, rows } = draw({ cursor: 5 });
    expect(rows).toHaveLength(6);
    expect(rows.map((row) => row.getAttribute('data-row'))).toEqual([
      'past',
      'past',
      'past',
      'past',
      'past',
      'current',
    ]);
    expect(svg).toHaveAccessibleName(`Sequence diagram, step 6 of 23. Lifelines: ${LIFELINES}.`);
  });

  it('puts its title first, and says how a write turned out at the step the table answers', () => {
    const refused = fenced.frames.findIndex(
      ({ happening }) => happening.kind === 'writeAnswered' && happening.rowsChanged === 0,
    );
    const { svg } = draw({ cursor: refused, title: 'Fencing tokens on' });
    expect(svg).toHaveAccessibleName(
      `Fencing tokens on. Sequence diagram, step ${refused + 1} of 23. Lifelines: ${LIFELINES}. ` +
        '✕ rejected: fence 34 > token 33 (UPDATE 0).',
    );
    // A step with no write outcome adds nothing.
    expect(draw({ cursor: refused - 1 }).svg.getAttribute('aria-label')).toMatch(/Certificates table\.$/);
  });

  it("draws A's lease from its grant, and its pause, hatched and wider, only as far as the current step", () => {
    const paused = stepOf('processPaused', 'A');
    const { svg } = draw({ cursor: paused + 2 });
    const lease = svg.querySelector(`.${styles.barLease}`)!;
    const pause = svg.querySelector(`.${styles.barPause}`)!;
    expect(lease).toHaveAttribute('width', '6');
    expect(pause).toHaveAttribute('width', '14');
    expect(pause.getAttribute('fill')).toMatch(/^url\(#.+-pause-hatch\)$/);
    expect(lease).not.toHaveAttribute('fill');
    // From the middle of the pause's first row to the foot of the current row.
    const top = LAYOUT.rowTop(paused) + LAYOUT.rowHeight / 2;
    expect(Number(pause.getAttribute('y'))).toBeCloseTo(top);
    expect(Number(pause.getAttribute('height'))).toBeCloseTo(LAYOUT.rowTop(paused + 2) + LAYOUT.rowHeight - top);
    // Before the pause, only the lease.
    const before = draw({ cursor: paused - 1 }).svg;
    expect(before.querySelector(`.${styles.barPause}`)).toBeNull();
    expect(before.querySelector(`.${styles.barLease}`)).not.toBeNull();
  });

  it('magnified, lays itself out narrower and draws that larger, to the same width', () => {
    const { svg } = draw({ cursor: 3, scale: 1.5 });
    const narrower = layoutDiagram(
      fenced,
      narrationsFor(fenced).map((narration) => narration.label),
      720 / 1.5,
    );
    expect(svg).toHaveAttribute('width', '720');
    expect(svg).toHaveAttribute('height', String(narrower.height * 1.5));
    expect(svg).toHaveAttribute('viewBox', `0 0 ${narrower.width} ${narrower.height}`);
    // 480 px is a compact layout, with its smaller type.
    expect(svg).toHaveClass(styles.sequenceDiagram!, styles.compact!);
    expect(draw({ cursor: 3 }).svg).not.toHaveClass(styles.compact!);
  });

  it('shown a few rows at a time, ends its view near the current step, with the header drawn over it', () => {
    // Four rows at step 11: rows 8 to 11 in view (and row 7 half under the header).
    const { svg, rows } = draw({ cursor: 10, windowRows: 4 });
    const top = LAYOUT.rowTop(8) - LAYOUT.headerHeight;
    const height = LAYOUT.headerHeight + 4 * LAYOUT.rowHeight + 6;
    expect(svg).toHaveAttribute('viewBox', `0 ${top} ${LAYOUT.width} ${height}`);
    expect(rows).toHaveLength(4);
    expect(svg.querySelector(`.${styles.headerBg}`)).not.toBeNull();
    expect(svg.querySelector(`g[transform="translate(0 ${top})"]`)).not.toBeNull();
    // The axis shows no time above the window.
    const times = [...svg.querySelectorAll(`.${styles.tick} text`)].map((text) => text.textContent);
    expect(times).not.toContain('0 s');
  });

  it('at the start, the window is the top of the diagram, with no header drawn over it', () => {
    const { svg, rows } = draw({ cursor: 1, windowRows: 4 });
    expect(svg).toHaveAttribute('viewBox', `0 0 ${LAYOUT.width} ${LAYOUT.headerHeight + 4 * LAYOUT.rowHeight + 6}`);
    expect(rows).toHaveLength(2);
    expect(svg.querySelector(`.${styles.headerBg}`)).toBeNull();
  });

  it('at the end, the window holds the last rows', () => {
    const last = fenced.frames.length - 1;
    const { svg } = draw({ cursor: last, windowRows: 4 });
    const top = LAYOUT.rowTop(last - 3) - LAYOUT.headerHeight;
    expect(svg.getAttribute('viewBox')).toBe(
      `0 ${top} ${LAYOUT.width} ${LAYOUT.headerHeight + 4 * LAYOUT.rowHeight + 6}`,
    );
  });

  it('a window as tall as the run shows it all', () => {
    const { svg } = draw({ cursor: 5, windowRows: fenced.frames.length });
    expect(svg).toHaveAttribute('viewBox', `0 0 ${LAYOUT.width} ${LAYOUT.height}`);
  });

  it('as a box of its own, can be reached and scrolled by keyboard, and is named for it', () => {
    const { container } = draw({ cursor: 3, scrollWithin: true, className: 'placed' });
    const box = container.firstElementChild!;
    expect(box).toHaveClass('diagram', 'diagram-scroll-box', 'placed');
    expect(box).toHaveAttribute('tabindex', '0');
    expect(within(container).getByRole('group', { name: 'Sequence diagram, scrolls' })).toBe(box);
    const plain = draw({ cursor: 3 }).container.firstElementChild!;
    expect(plain).not.toHaveAttribute('tabindex');
    expect(plain).not.toHaveAttribute('role');
    expect(plain).not.toHaveClass('diagram-scroll-box');
  });

  it('keeps its lifeline names above it when asked, once on the page and measured', () => {
    // Unmeasured (jsdom's 0 × 0), the header would be placed for the fallback width and move when the real one came.
    expect(draw({ cursor: 3, stickyHeader: true }).container.querySelector('.lane-header')).toBeNull();
    const measured = vi
      .spyOn(HTMLElement.prototype, 'getBoundingClientRect')
      .mockReturnValue(DOMRect.fromRect({ width: 720, height: 400 }));
    try {
      expect(draw({ cursor: 3, stickyHeader: true }).container.querySelector('.lane-header')).not.toBeNull();
      expect(draw({ cursor: 3 }).container.querySelector('.lane-header')).toBeNull();
    } finally {
      measured.mockRestore();
    }
  });

  it('gives each diagram on a page its own arrow heads and hatching', () => {
    const { container } = render(
      <>
        <SequenceDiagramView timeline={fenced} cursor={2} />
        <SequenceDiagramView timeline={fenced} cursor={2} />
      </>,
    );
    const ids = [...container.querySelectorAll('marker, pattern')].map((element) => element.id);
    expect(ids).toHaveLength(6);
    expect(new Set(ids).size).toBe(6);
    const first = container.querySelectorAll('svg')[0]!;
    const heads = [...first.querySelectorAll('marker')].map((marker) => marker.id);
    expect(heads.map((id) => id.replace(/^.*-arrow-head-/, ''))).toEqual(['current', 'past']);
    // The current row's arrow (A's grant) points with the current head, a past one (A's request) with the past one.
    expect(first.querySelector('[data-row="current"] line')).toHaveAttribute('marker-end', `url(#${heads[0]})`);
    expect(first.querySelector('[data-row="past"] line')).toHaveAttribute('marker-end', `url(#${heads[1]})`);
  });
});
