import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ALL_MODELS } from '@/sim/all-models';
import { runScenario, type Timeline } from '@/sim/run';
import { fencingToken, virtualMs } from '@/sim/types';
import { buildScenario } from '@/testing/builders';
import { labTimeline } from '@/testing/lab-run';
import { CertificatesPanelView } from './certificates-panel-view';

// The lesson's evening: A's write goes out with token 33 at 42 s, after B's with 34.
const lesson = (fencing: boolean) => runScenario(buildScenario(), { fencing });
const redis = () => runScenario(buildScenario({ lockService: { kind: 'redis' } }), { fencing: false }, ALL_MODELS);

/** The step at which `who`'s write goes out, and the last step. */
const writeOf = (timeline: Timeline, who: string) =>
  timeline.frames.findIndex(
    ({ happening }) => happening.kind === 'writeRequested' && 'renewer' in happening && happening.renewer === who,
  );
const last = (timeline: Timeline) => timeline.frames.length - 1;

function panelAt(timeline: Timeline, cursor: number) {
  const { container } = render(<CertificatesPanelView timeline={timeline} cursor={cursor} />);
  const text = (selector: string) => container.querySelector(selector)?.textContent ?? null;
  return { container, text };
}

describe('the certificates table beside a step', () => {
  it('before any write: the row as the story starts, its fence alone, and no last write', () => {
    const { text } = panelAt(lesson(true), 0);
    const cells = within(screen.getByRole('table'))
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells).toEqual(['go.shop.example', 'serial 1000', '32']);
    expect(text('.fence-track')).toBe("The row's fence so far: 32");
    expect(text('.write-result')).toBeNull();
    expect(text('.stale-warning')).toBeNull();
  });

  it('marks the cells the step changed, for the eye and in words, and only at that step', () => {
    const timeline = lesson(true);
    const written = writeOf(timeline, 'B');
    const { container } = panelAt(timeline, written);
    const changed = [...container.querySelectorAll('td.changed')].map((cell) => cell.textContent);
    expect(changed).toEqual(['serial 1002, issued at 36 s (changed in this step)', '34 (changed in this step)']);
    expect(container.querySelector('td.changed .visually-hidden')).toHaveTextContent('(changed in this step)');
    // The domain stays; the next step changes nothing.
    const { container: next } = panelAt(timeline, written + 1);
    expect(next.querySelectorAll('td.changed')).toHaveLength(0);
  });

  it("with fencing on: A's late write is refused, said in full, and the fence keeps 34", () => {
    const timeline = lesson(true);
    const refused = writeOf(timeline, 'A');
    const { text } = panelAt(timeline, refused);
    expect(text('.write-result')).toBe(
      'Last write: token 33, serial 1001, issued at 5 s → UPDATE 0 (rejected: a higher token has written)',
    );
    expect(text('p.write-result.fresh')).not.toBeNull();
    expect(text('.fence-track')).toBe("The row's fence so far: 32 → 34");
    expect(text('.statement-label')).toBe('Every write is fenced:');
    expect(text('pre.sql')).toBe('UPDATE certificates SET cert = $2, fence = $3\nWHERE domain = $1 AND fence <= $3;');
    expect(text('.aside')).toMatch(/<=/);
    expect(text('.stale-warning')).toBeNull();
    // A step later the same write is still the last, no longer fresh.
    const after = panelAt(timeline, refused + 1);
    expect(after.text('p.write-result.fresh')).toBeNull();
    expect(after.text('p.write-result')).toMatch(/UPDATE 0/);
  });

  it("with fencing off: A's stale write lands, the fence goes back to 33, and the panel names both tokens", () => {
    const timeline = lesson(false);
    const landed = panelAt(timeline, writeOf(timeline, 'A'));
    expect(landed.text('.write-result')).toBe('Last write: token 33, serial 1001, issued at 5 s → UPDATE 1');
    expect(landed.text('.aside')).toBeNull();
    expect(landed.text('.statement-label')).toBe('Writes are not fenced:');
    expect(landed.text('pre.sql')).toBe('UPDATE certificates SET cert = $2, fence = $3\nWHERE domain = $1;');
    const end = panelAt(timeline, last(timeline));
    expect(end.text('.fence-track')).toBe("The row's fence so far: 32 → 34 → 33");
    expect(end.text('.stale-warning')).toBe(
      'Stale certificate. The table now holds serial 1001, issued at 5 s (token 33), which replaced a newer ' +
        'certificate written with token 34.',
    );
  });

  it('under a service with no tokens: no fence to follow, writes with no token, and a stale write said without one', () => {
    const timeline = redis();
    const landed = panelAt(timeline, writeOf(timeline, 'A'));
    expect(landed.text('.fence-track')).toBeNull();
    expect(landed.text('.statement-label')).toBe('Writes carry no token:');
    expect(landed.text('pre.sql')).toBe('UPDATE certificates SET cert = $2\nWHERE domain = $1;');
    expect(landed.text('.write-result')).toBe('Last write: no token, serial 1001, issued at 5 s → UPDATE 1');
    expect(landed.text('.aside')).toBeNull();
    const end = panelAt(timeline, last(timeline));
    expect(end.text('.stale-warning')).toBe(
      'Stale certificate. The table now holds serial 1001, issued at 5 s, written with no token, which replaced a ' +
        'newer certificate written under a later grant of the lock.',
    );
  });

  it.each([
    ['redis', 'serial 1002, issued at 38 s, written with no token under an earlier grant of the lock than'],
    ['lesson', 'serial 1002, issued at 38 s (token 33), written under an earlier grant of the lock than'],
    ['etcd', 'serial 1002, issued at 38 s (token'],
  ])(
    'A frozen while acquiring (%s): its write is stale, but its certificate is the newer one, and the panel says so',
    (service, holds) => {
      // A wakes at 33 s, after B's grant (31 s) and before B's write (36 s): its check finds the renewal still due.
      const timeline = labTimeline(`?service=${service}&storage=unchecked&pauseWhen=whileAcquiring&pause=33000`);
      const warning = panelAt(timeline, last(timeline)).text('.stale-warning')!;
      expect(warning).toMatch(/^Stale write\. The table now holds /);
      expect(warning).toContain(holds);
      expect(warning).toContain('That one happens to be older this time');
      expect(warning).not.toMatch(/newer/);
      // The certificate it replaced, serial 1001, was issued at 36 s: before A's, at 38 s.
      const [replaced, stored] = timeline.frames.at(-1)!.world.writes.filter((write) => write.rowsChanged > 0);
      expect([replaced!.cert.issuedAt, stored!.cert.issuedAt]).toEqual([36_000, 38_000]);
    },
  );

  it('is named by its heading, or by the label given where several share a page', () => {
    const { unmount } = render(<CertificatesPanelView timeline={lesson(true)} cursor={0} />);
    expect(screen.getByRole('region', { name: 'Certificates table' })).toBeInTheDocument();
    unmount();
    render(<CertificatesPanelView timeline={lesson(false)} cursor={0} regionLabel="Table, fencing tokens off" />);
    expect(screen.getByRole('region', { name: 'Table, fencing tokens off' })).toBeInTheDocument();
  });

  it('reads a cursor past the end as the first step, not as nothing', () => {
    const timeline = lesson(true);
    const { text } = panelAt(timeline, timeline.frames.length);
    expect(text('.fence-track')).toBe("The row's fence so far: 32");
  });
});

describe('the certificates table in states the evening never reaches', () => {
  it('reads a negative cursor as the first step too', () => {
    const { text } = panelAt(lesson(true), -1);
    expect(text('.fence-track')).toBe("The row's fence so far: 32");
  });

  it('leaves steps without the row out of the fence track', () => {
    // The row is absent for the first three steps, as if it were inserted later.
    const timeline = lesson(true);
    const frames = timeline.frames.map((frame) =>
      frame.index < 3 ? { ...frame, world: { ...frame.world, table: { ...frame.world.table, rows: [] } } } : frame,
    );
    const { text } = panelAt({ ...timeline, frames }, writeOf(timeline, 'B'));
    expect(text('.fence-track')).toBe("The row's fence so far: 32 → 34");
  });

  it('marks changed cells only in the row the step changed, not in another domain’s row', () => {
    const timeline = lesson(true);
    const written = writeOf(timeline, 'B');
    const other = {
      domain: 'api.shop.example',
      cert: { serial: 7, issuedAt: null, notAfter: virtualMs(7_776_000_000) },
      fence: fencingToken(9),
    };
    const frames = timeline.frames.map((frame) => ({
      ...frame,
      world: { ...frame.world, table: { ...frame.world.table, rows: [...frame.world.table.rows, other] } },
    }));
    const { container } = panelAt({ ...timeline, frames }, written);
    const rows = [...container.querySelectorAll('tbody tr')];
    expect(rows.map((row) => row.querySelectorAll('td.changed').length)).toEqual([2, 0]);
  });

  it('a stale write said without tokens when either of the two writes had none', () => {
    const timeline = lesson(false);
    const end = timeline.frames.at(-1)!;
    const tokenless = (who: string) => ({
      ...end,
      world: {
        ...end.world,
        writes: end.world.writes.map((write) => (write.renewer === who ? { ...write, fencingToken: null } : write)),
      },
    });
    for (const who of ['A', 'B']) {
      const { text } = panelAt(
        { ...timeline, frames: [...timeline.frames.slice(0, -1), tokenless(who)] },
        last(timeline),
      );
      expect(text('.stale-warning'), who).toMatch(/written with no token, which replaced a newer certificate/);
    }
  });
});
