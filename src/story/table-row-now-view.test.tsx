import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { runScenario } from '@/sim/run';
import { buildScenario } from '@/testing/builders';
import { labTimeline } from '@/testing/lab-run';
import { TableRowNowView } from './table-row-now-view';

describe('the table row now, in one line', () => {
  // The lesson's evening with fencing: serial 1000 under fence 32, B's serial 1002 under 34 at 36 s; A's is refused.
  const timeline = runScenario(buildScenario(), { fencing: true });
  const lineAt = (cursor: number) => {
    const { container, unmount } = render(<TableRowNowView timeline={timeline} cursor={cursor} />);
    const text = container.textContent;
    unmount();
    return text;
  };
  const landedB = timeline.frames.findIndex((frame) => frame.world.writes.some((write) => write.rowsChanged > 0));

  it('before any write, the row the story starts with', () => {
    expect(lineAt(0)).toBe('Table row now: serial 1000, fence 32');
  });

  it("from the step B's write lands, B's certificate and token, and not a step earlier", () => {
    expect(lineAt(landedB - 1)).toBe('Table row now: serial 1000, fence 32');
    expect(lineAt(landedB)).toBe('Table row now: serial 1002, issued at 36 s, fence 34');
    expect(lineAt(timeline.frames.length - 1)).toBe('Table row now: serial 1002, issued at 36 s, fence 34');
  });

  it('a step past the end shows nothing', () => {
    expect(lineAt(timeline.frames.length)).toBe('');
  });

  it('the weekly email has no certificates table, so nothing', () => {
    const email = labTimeline('?resource=email&storage=unchecked');
    render(<TableRowNowView timeline={email} cursor={3} />);
    expect(screen.queryByTestId('strip-row-now')).toBeNull();
  });
});
