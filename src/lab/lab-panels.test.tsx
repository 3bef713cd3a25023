import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatTime } from '@/story/format';
import { labTimeline } from '@/testing/lab-run';
import { KeyRevisions, MailSenderPanel, QuorumNodes } from './lab-panels';

/** Each body row's cells, as text. */
const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );

describe("Redlock's nodes at a step", () => {
  const timeline = labTimeline('?service=redlock');
  const nodesAt = (step: number) => {
    const { unmount } = render(<QuorumNodes frame={timeline.frames[step]!} />);
    const rows = rowsOf(screen.getByRole('table'));
    unmount();
    return rows;
  };
  const at = (step: number) => formatTime(timeline.frames[step]!.at);

  it('before anyone asks, five free nodes, each showing its own clock', () => {
    expect(nodesAt(0)).toEqual([1, 2, 3, 4, 5].map(() => [expect.any(String), at(0), 'free']));
  });

  it("while A's key lives, each node names A and the moment the key runs out on that node's clock", () => {
    const rows = nodesAt(7);
    expect(rows).toHaveLength(5);
    rows.forEach(([, clock, held], node) => {
      expect(clock).toBe(at(7));
      expect(held).toBe(`Renewer A until ${formatTime(30_005 + 5 * node)}`);
    });
  });

  it('at 30.015 s the key has run out on the node whose expiry is exactly then, and lives on the two after it', () => {
    expect(timeline.frames[8]!.at).toBe(30_015);
    expect(nodesAt(8).map(([, , held]) => held)).toEqual([
      'free',
      'free',
      'free',
      `Renewer A until ${formatTime(30_020)}`,
      `Renewer A until ${formatTime(30_025)}`,
    ]);
  });

  it("once B holds it, B's name; after B's release, free again", () => {
    expect(nodesAt(10).map(([, , held]) => held)).toEqual(
      [61_005, 61_010, 61_015, 61_020, 61_025].map((expiry) => `Renewer B until ${formatTime(expiry)}`),
    );
    expect(nodesAt(16).map(([, , held]) => held)).toEqual(['free', 'free', 'free', 'free', 'free']);
  });

  it("a node whose clock runs fast shows its own time, not the world's", () => {
    const drifting = labTimeline('?service=redlock&drift=10');
    const step = drifting.frames.findIndex((frame) => frame.at >= 10_000);
    render(<QuorumNodes frame={drifting.frames[step]!} />);
    const clocks = rowsOf(screen.getByRole('table')).map(([node, clock]) => `${node} ${clock}`);
    const now = drifting.frames[step]!.at;
    expect(clocks).toEqual([
      `R1 ${formatTime(now)}`,
      `R2 ${formatTime(now)}`,
      `R3 ${formatTime(now * 1.1)}`,
      `R4 ${formatTime(now)}`,
      `R5 ${formatTime(now)}`,
    ]);
  });

  it('under another service, no panel', () => {
    const { container } = render(<QuorumNodes frame={labTimeline('?service=etcd').frames[3]!} />);
    expect(container).toBeEmptyDOMElement();
  });
});

describe("etcd's keys so far", () => {
  const timeline = labTimeline('?service=etcd');

  it('every key held up to the step, with its create revision, the later key the higher revision', () => {
    render(<KeyRevisions frames={timeline.frames} />);
    const region = screen.getByRole('region', { name: 'etcd lock keys so far' });
    const rows = rowsOf(within(region).getByRole('table'));
    expect(rows).toHaveLength(2);
    const [first, second] = rows.map(([key, revision]) => ({ key: key!, revision: Number(revision) }));
    expect(first!.key).toMatch(/^lock\/[0-9a-f]+$/);
    expect(second!.key).not.toBe(first!.key);
    expect(second!.revision).toBeGreaterThan(first!.revision);
  });

  it("says of each key whether etcd still has it: A's key is deleted from the step its lease ends", () => {
    const keysAt = (index: number) => {
      const view = timeline.frames[index]!.world.lock.view();
      return view.kind === 'revisions' ? Object.keys(view.keys) : [];
    };
    const created = timeline.frames.findIndex((_, index) => keysAt(index).length > 0);
    const [first] = keysAt(created);
    const gone = timeline.frames.findIndex((_, index) => index > created && !keysAt(index).includes(first!));
    expect(created).toBeGreaterThan(0);
    expect(gone).toBeGreaterThan(created);
    const nowOf = (index: number) => {
      const { unmount } = render(<KeyRevisions frames={timeline.frames.slice(0, index + 1)} />);
      const rows = rowsOf(within(screen.getByRole('region', { name: 'etcd lock keys so far' })).getByRole('table'));
      unmount();
      return rows.find(([key]) => key === first)?.[2];
    };
    expect(nowOf(gone - 1)).toBe('in etcd');
    expect(nowOf(gone)).toBe('deleted');
    expect(screen.queryByRole('region')).toBeNull();
  });

  it('before the first key, the panel is there with no rows', () => {
    render(<KeyRevisions frames={timeline.frames.slice(0, 1)} />);
    expect(rowsOf(screen.getByRole('table'))).toEqual([]);
  });

  it('under another service, no panel', () => {
    const { container } = render(<KeyRevisions frames={labTimeline('?service=redis').frames} />);
    expect(container).toBeEmptyDOMElement();
  });
});

describe('the mail sender', () => {
  it('without a claims table: nothing sent, then B, then B and A (the double send)', () => {
    const timeline = labTimeline('?resource=email&storage=unchecked');
    const said = (step: number) => {
      const { container, unmount } = render(<MailSenderPanel frame={timeline.frames[step]!} idempotencyKey={false} />);
      const text = container.querySelector('p')!.textContent;
      expect(container.querySelector('table')).toBeNull();
      unmount();
      return text;
    };
    expect(said(11)).toBe('Weekly reports sent: 0');
    expect(said(12)).toBe('Weekly reports sent: 1 (by Worker B)');
    expect(said(17)).toBe('Weekly reports sent: 2 (by Worker B, then Worker A)');
  });

  it("with the idempotency key: the claims table, empty before B's claim and one row after it", () => {
    const timeline = labTimeline('?resource=email&storage=idempotencyKey');
    const claims = (step: number) => {
      const { unmount } = render(<MailSenderPanel frame={timeline.frames[step]!} idempotencyKey />);
      const table = screen.getByRole('table', { name: 'sent_reports, unique (owner_id, week)' });
      const rows = rowsOf(table);
      unmount();
      return rows;
    };
    expect(claims(11)).toEqual([['no rows']]);
    expect(claims(12)).toEqual([['owner-4711', '2026-W48']]);
    expect(claims(20)).toEqual([['owner-4711', '2026-W48']]);
  });
});
