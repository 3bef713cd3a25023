import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DEFAULT_LAB_CONFIG } from '@/settings/lab-config';
import type { Boundary, BoundaryEdge } from './outcome-map';
import { BoundaryLines, BoundaryList, boundaryText, modeTitle, momentText } from './outcome-map-boundaries';

describe('the words of the map', () => {
  it.each([
    ['certificate', 'unchecked', 'The table checks nothing'],
    ['certificate', 'fenced', 'The table checks tokens'],
    ['email', 'unchecked', 'The sender sends every time'],
    ['email', 'idempotencyKey', 'The sender claims (owner, week) first'],
  ] as const)('titles a map of the %s under %s storage “%s”', (resource, storage, title) => {
    expect(modeTitle({ ...DEFAULT_LAB_CONFIG, resource, storage })).toBe(title);
  });

  it('gives no title to storage the resource does not offer', () => {
    expect(modeTitle({ ...DEFAULT_LAB_CONFIG, resource: 'certificate', storage: 'idempotencyKey' })).toBe('');
  });

  it('names a moment with its process, or alone where it has none', () => {
    expect(momentText('processResumed:A')).toBe("A's pause ends");
    expect(momentText('writeAnswered:B')).toBe("the table answers B's write");
    expect(momentText('failover')).toBe('Redis fails over');
  });

  it('names a boundary by its two verdicts and the order that flips, from the better side to the worse', () => {
    const flipped: Boundary = { better: 1, worse: 2, later: 'processResumed:A', earlier: 'writeAnswered:B' };
    expect(boundaryText(flipped)).toBe(
      "From duplicate work to a stale write where A's pause ends after the table answers B's write.",
    );
    // A boundary named by a moment one side lacks: no "after".
    expect(boundaryText({ better: 0, worse: 1, later: 'processResumed:A', earlier: '' })).toBe(
      "From safe to duplicate work where A's pause ends.",
    );
    expect(boundaryText({ better: 0, worse: 3, later: 'failover', earlier: '' })).toBe(
      'From safe to a run cut off where Redis fails over.',
    );
  });
});

// Cells 8 px square, the grid's left edge at 10 and its top at 20, three rows: row 0 is the bottom one.
const GEOMETRY = { left: 10, top: 20, cell: 8, rows: 3 };
const edge = (row: number, column: number, toward: BoundaryEdge['toward'], boundary = 0): BoundaryEdge => ({
  row,
  column,
  toward,
  boundary,
});
const BOUNDARY: Boundary = { better: 0, worse: 2, later: 'processResumed:A', earlier: 'writeAnswered:B' };

function drawLines(edges: readonly BoundaryEdge[], boundaries: readonly Boundary[]) {
  const { container } = render(
    <svg>
      <BoundaryLines edges={edges} boundaries={boundaries} geometry={GEOMETRY} />
    </svg>,
  );
  const paths = [...container.querySelectorAll('path')].map((path) => path.getAttribute('d'));
  const marks = [...container.querySelectorAll('g[transform]')].map((mark) => ({
    at: mark.getAttribute('transform'),
    number: mark.textContent,
  }));
  return { paths, marks };
}

describe('the lines between verdicts', () => {
  it('draws each edge on the shared side of its two cells, rows counted from the bottom', () => {
    const { paths } = drawLines(
      [
        // Bottom row, second column, toward the right: the vertical side at x = 10 + 2 × 8.
        edge(0, 1, 'right'),
        // Middle row, first column, upward: the horizontal side along the top of that cell.
        edge(1, 0, 'up'),
        // Top row, third column, toward the right.
        edge(2, 2, 'right'),
      ],
      [BOUNDARY],
    );
    const d = 'M26 36L26 44' + 'M10 28L18 28' + 'M34 20L34 28';
    // A halo under the line, both along the same edges.
    expect(paths).toEqual([d, d]);
  });

  it('marks a boundary on its middle edge, numbered from 1', () => {
    const edges = [edge(1, 0, 'up'), edge(1, 1, 'up'), edge(1, 2, 'up')];
    const { marks } = drawLines(edges, [BOUNDARY]);
    expect(marks).toEqual([{ at: 'translate(22 28)', number: '1' }]);
  });

  it('moves a second mark to the nearest edge at least 16 px from the first, and numbers it 2', () => {
    // The first boundary's mark sits on its middle edge, (14, 28). The second boundary's middle edge has its mark
    // 8 px away and its left edge 0 px away; its right edge is exactly 16 px away, so the mark goes there.
    const edges = [edge(1, 0, 'up', 0), edge(1, 0, 'up', 1), edge(1, 1, 'up', 1), edge(1, 2, 'up', 1)];
    const { marks } = drawLines(edges, [BOUNDARY, { ...BOUNDARY, worse: 1 }]);
    expect(marks).toEqual([
      { at: 'translate(14 28)', number: '1' },
      { at: 'translate(30 28)', number: '2' },
    ]);
  });

  it('keeps a mark on its middle edge when no edge of its boundary is clear of the others', () => {
    const edges = [edge(1, 1, 'up', 0), edge(1, 0, 'up', 1), edge(1, 1, 'up', 1)];
    const { marks } = drawLines(edges, [BOUNDARY, { ...BOUNDARY, worse: 1 }]);
    // Boundary 1's edges are 8 and 0 px from the first mark: it stays on its middle one (the second of two).
    expect(marks).toEqual([
      { at: 'translate(22 28)', number: '1' },
      { at: 'translate(22 28)', number: '2' },
    ]);
  });

  it('draws the lines of unnamed edges with no mark for them', () => {
    const { paths, marks } = drawLines([edge(0, 0, 'right', -1)], []);
    expect(paths).toEqual(['M18 36L18 44', 'M18 36L18 44']);
    expect(marks).toEqual([]);
  });
});

describe('the boundaries in words', () => {
  it('lists them in the order of their marks, under a heading', () => {
    render(<BoundaryList boundaries={[BOUNDARY, { ...BOUNDARY, better: 1 }]} unnamed={false} />);
    expect(screen.getByText('Where the verdict changes')).toBeInTheDocument();
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      "From safe to a stale write where A's pause ends after the table answers B's write.",
      "From duplicate work to a stale write where A's pause ends after the table answers B's write.",
    ]);
    expect(screen.queryByText(/same moments in the same order/)).toBeNull();
  });

  it('says when some lines are between runs that differ in no moment it can name', () => {
    render(<BoundaryList boundaries={[]} unnamed />);
    expect(screen.getByText('Where the verdict changes')).toBeInTheDocument();
    expect(screen.queryAllByRole('listitem')).toEqual([]);
    expect(screen.getByText('The runs on either side meet the same moments in the same order.')).toBeInTheDocument();
  });

  it('shows nothing on a map with no boundary', () => {
    const { container } = render(<BoundaryList boundaries={[]} unnamed={false} />);
    expect(container).toBeEmptyDOMElement();
  });
});
