import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import content from 'virtual:lockstep/content';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FieldProblem } from '@/settings/lab-address';
import { DEFAULT_LAB_CONFIG, type LabConfig } from '@/settings/lab-config';
import { InlineMapWorker } from '@/testing/inline-map-worker';
import { createLabStore, selectLabTimeline } from '@/lab/lab-store';
import type { OutcomeMap as OutcomeMapView } from './outcome-map-view';
import { searchCounterexample } from './outcome-map';
import { verdictOf } from '@/story/verdict';

/*
 * The outcome map with its worker: jsdom has no Web Workers, so each map's 1,600 runs are answered on the test's
 * thread by the worker's own code (outcome-map-requests.ts). The module that asks whether workers exist reads the
 * global once, so it is loaded again after the stub.
 */
let OutcomeMap: typeof OutcomeMapView;
beforeAll(async () => {
  vi.stubGlobal('Worker', InlineMapWorker);
  vi.resetModules();
  ({ OutcomeMap } = await import('./outcome-map-view'));
});
afterAll(() => vi.unstubAllGlobals());
beforeEach(() => {
  InlineMapWorker.all = [];
});

// A guard against a hung computation, not a speed test: a slow machine takes as long as it needs.
const DRAWN = { timeout: 120_000 };

function renderMap(config: LabConfig = DEFAULT_LAB_CONFIG) {
  const onOpen = vi.fn<(config: LabConfig) => void>();
  const onConfigChange = vi.fn<(config: LabConfig) => void>();
  const onDrawn = vi.fn<(config: LabConfig) => void>();
  const { unmount } = render(
    <OutcomeMap config={config} onOpen={onOpen} onConfigChange={onConfigChange} onDrawn={onDrawn} />,
  );
  return { onOpen, onConfigChange, onDrawn, unmount, user: userEvent.setup() };
}
const summaryOf = (grid: HTMLElement) => grid.parentElement!.querySelector('p')!.textContent;
/** "…lands in 12 of 1,600 runs, duplicate work in 3, safe in 1,585." as numbers. */
const countsOf = (summary: string) => {
  const [stale, total, duplicate, safe] = [...summary.matchAll(/[\d,]+(?= of| runs|,|\.)/g)].map((match) =>
    Number(match[0].replaceAll(',', '')),
  );
  return { stale, total, duplicate, safe };
};

describe('the outcome map, computed', { timeout: 300_000 }, () => {
  it('the lesson: unchecked and fenced side by side; fencing leaves no stale write in any of the 1,600 runs', async () => {
    const { onDrawn } = renderMap();
    const unchecked = await screen.findByRole(
      'grid',
      { name: 'The table checks nothing: Lease TTL across, Pause length up' },
      DRAWN,
    );
    const fenced = await screen.findByRole(
      'grid',
      { name: 'The table checks tokens: Lease TTL across, Pause length up' },
      DRAWN,
    );
    const open = countsOf(summaryOf(unchecked)!);
    const checked = countsOf(summaryOf(fenced)!);
    for (const counts of [open, checked]) {
      expect(counts.total).toBe(1_600);
      expect(counts.stale! + counts.duplicate! + counts.safe!).toBe(1_600);
    }
    expect(open.stale).toBeGreaterThan(0);
    expect(checked.stale).toBe(0);
    // Each map told the page it was drawn, with its own storage.
    expect(onDrawn.mock.calls.map(([config]) => config.storage).sort()).toEqual(['fenced', 'unchecked']);
    expect(screen.queryByText(/hands out no token, so there is nothing for the table to check/)).toBeNull();
  });

  it('the keys move through the cells from the current run, Home comes back, Enter opens the cell', async () => {
    const { onOpen, user } = renderMap();
    const grid = await screen.findByRole('grid', { name: /^The table checks nothing/ }, DRAWN);
    const cell = () => within(grid).getByRole('gridcell').textContent;
    // The ringed cell is the lesson's evening: a 30 s lease and a 40 s pause, where the stale write lands.
    expect(cell()).toMatch(/^Lease TTL 30 s, Pause length 40 s: Stale write landed\. /);
    expect(grid).toHaveAttribute('aria-activedescendant', within(grid).getByRole('gridcell').id);
    grid.focus();
    await user.keyboard('{ArrowLeft}{ArrowLeft}{ArrowUp}');
    const moved = cell();
    expect(moved).not.toMatch(/^Lease TTL 30 s, Pause length 40 s/);
    const [, ttl, pause] = /^Lease TTL ([\d.]+) s, Pause length ([\d.]+) s/.exec(moved!)!;
    expect(Number(ttl)).toBeLessThan(30);
    expect(Number(pause)).toBeGreaterThan(40);
    await user.keyboard('{Enter}');
    // The cell's run: the lesson's evening but for the two settings, as the cell names them (to a tenth of a second).
    expect(onOpen).toHaveBeenLastCalledWith({
      ...DEFAULT_LAB_CONFIG,
      storage: 'unchecked',
      ttlMs: expect.closeTo(Number(ttl) * 1000, -2),
      pauseMs: expect.closeTo(Number(pause) * 1000, -2),
    });
    await user.keyboard('{Home}');
    expect(cell()).toMatch(/^Lease TTL 30 s, Pause length 40 s/);
  });

  it('the keys stop at the edge of the map', async () => {
    const { user } = renderMap();
    const grid = await screen.findByRole('grid', { name: /^The table checks tokens/ }, DRAWN);
    grid.focus();
    await user.keyboard('{ArrowDown>50/}');
    const row = within(grid).getByRole('row');
    expect(row).toHaveAttribute('aria-rowindex', '40');
    expect(within(grid).getByRole('gridcell').textContent).toMatch(/Pause length 0 s/);
    await user.keyboard('{ArrowUp}');
    expect(within(grid).getByRole('row')).toHaveAttribute('aria-rowindex', '39');
    // The top row and the right-hand column: the longest pause and lease, a little past three times the lesson's
    // 30 s, on round steps of 2.5 s.
    await user.keyboard('{ArrowUp>50/}{ArrowRight>50/}');
    expect(within(grid).getByRole('row')).toHaveAttribute('aria-rowindex', '1');
    expect(within(grid).getByRole('gridcell')).toHaveAttribute('aria-colindex', '40');
    expect(within(grid).getByRole('gridcell').textContent).toMatch(/^Lease TTL 100 s, Pause length 97\.5 s/);
    await user.keyboard('{ArrowLeft}');
    expect(within(grid).getByRole('gridcell')).toHaveAttribute('aria-colindex', '39');
  });

  it("says its axes' problems beside the pickers, and every problem of its link where it stands alone", () => {
    const problems: FieldProblem[] = [
      { field: 'mapAcross', kind: 'unknownMapAxis', value: 'colour', options: ['ttl', 'pause'] },
      { field: 'mapUp', kind: 'sameMapAxes', value: 'ttl' },
      { field: 'renewers', kind: 'unknownRenewers', value: 'many' },
    ];
    const props = { config: DEFAULT_LAB_CONFIG, onOpen: vi.fn(), onConfigChange: vi.fn() };
    const { unmount } = render(<OutcomeMap {...props} problems={problems} />);
    const said = () => screen.queryAllByRole('alert').map((alert) => alert.textContent);
    expect(said()).toHaveLength(2);
    expect(said().join(' ')).toMatch(/colour/);
    expect(said().join(' ')).not.toMatch(/many/);
    unmount();
    render(<OutcomeMap {...props} problems={problems} allProblems />);
    expect(said()).toHaveLength(3);
    expect(said()[2]).toMatch(/many/);
  });

  it('sits one heading level down inside a lesson section, its maps one further', async () => {
    render(<OutcomeMap config={DEFAULT_LAB_CONFIG} onOpen={vi.fn()} onConfigChange={vi.fn()} headingLevel={3} />);
    expect(screen.getByRole('heading', { level: 3, name: 'Outcome map' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 4, name: 'The table checks nothing' }, DRAWN)).toBeVisible();
    expect(screen.getByRole('heading', { level: 4, name: 'The table checks tokens' })).toBeInTheDocument();
  });

  it('keys its colours by verdict, each with its own swatch', () => {
    renderMap();
    const key = screen.getByRole('list', { name: 'Key' });
    expect(
      within(key)
        .getAllByRole('listitem')
        .map((item) => item.textContent?.trim()),
    ).toEqual(['Safe', 'Duplicate work (harmless)', 'Stale write landed']);
    expect(key.querySelectorAll('svg')).toHaveLength(3);
  });

  it('under Redis, one map, and why there is no second', async () => {
    renderMap({ ...DEFAULT_LAB_CONFIG, service: 'redis', storage: 'unchecked' });
    await screen.findByRole('grid', { name: /^The table checks nothing/ }, DRAWN);
    expect(screen.getAllByRole('grid')).toHaveLength(1);
    expect(screen.getByText(/hands out no token, so there is nothing for the table to check/)).toBeInTheDocument();
  });

  it("the map's own choices: another service, and an axis cannot be both across and up", async () => {
    const { onConfigChange, user } = renderMap();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Service' }), 'etcd');
    expect(onConfigChange).toHaveBeenLastCalledWith(expect.objectContaining({ service: 'etcd' }));
    const up = screen.getByRole('combobox', { name: 'Up' });
    expect(within(up).getByRole('option', { name: 'Lease TTL' })).toBeDisabled();
    await user.selectOptions(up, 'writeDelayMs');
    expect(onConfigChange).toHaveBeenLastCalledWith(expect.objectContaining({ mapUp: 'writeDelayMs' }));
  });

  it('Cancel stops the map, and Compute starts it again, with the focus on each in turn', async () => {
    // Settings no other test maps, so nothing is in the cache yet.
    const { user } = renderMap({ ...DEFAULT_LAB_CONFIG, ttlMs: 25_000 });
    const cancels = screen.getAllByRole('button', { name: 'Cancel' });
    expect(screen.getAllByText(/^Running 0 of 1,600 configurations…/)).toHaveLength(2);
    // At once, before the worker's first answer (user-event would wait a tick, and the map would be done).
    fireEvent.click(cancels[0]!);
    const compute = screen.getByRole('button', { name: 'Compute the map' });
    expect(compute).toHaveFocus();
    // The cancelled map's worker is ended before it answers.
    expect(InlineMapWorker.all.filter((worker) => worker.terminated)).toHaveLength(1);
    await user.click(compute);
    expect(await screen.findAllByRole('grid', {}, DRAWN)).toHaveLength(2);
  });

  it('a map already computed is drawn at once, with no worker', async () => {
    const { unmount } = renderMap();
    await screen.findAllByRole('grid', {}, DRAWN);
    unmount();
    InlineMapWorker.all = [];
    renderMap();
    expect(screen.getAllByRole('grid')).toHaveLength(2);
    expect(InlineMapWorker.all).toEqual([]);
  });
});

describe('random schedules', { timeout: 300_000 }, () => {
  it('under Redlock, with nothing checked, finds a run that breaks the promise, and that run does break it', async () => {
    const config: LabConfig = { ...DEFAULT_LAB_CONFIG, service: 'redlock', storage: 'unchecked' };
    const { onOpen, user } = renderMap(config);
    const search = screen.getByRole('region', { name: 'Outcome map' });
    fireEvent.click(within(search).getByRole('button', { name: 'Try 500 random schedules' }));
    expect(within(search).getByRole('button', { name: 'Try 500 random schedules' })).toBeDisabled();
    expect(screen.getByText('Searching…')).toBeInTheDocument();
    const found = await screen.findByText(/^Run \d+ of up to 500 broke it \(the table checks nothing\)/, {}, DRAWN);
    await user.click(within(found).getByRole('button', { name: 'Open that run in the lab' }));
    const opened = onOpen.mock.lastCall![0];
    // The first search's schedules are seeded with 1: the run opened is the one the search itself found.
    expect(opened).toEqual(searchCounterexample(content.scenarios[0]!, config, 500, 1).broken!.config);
    expect(opened).not.toEqual(config);
    const timeline = selectLabTimeline(createLabStore(opened).getState());
    expect(verdictOf(timeline).kind).toBe('staleWriteLanded');
  });

  it("the lesson's service with tokens checked: none of the 500 runs breaks it, and there is nothing to open", async () => {
    renderMap();
    fireEvent.click(screen.getByRole('button', { name: 'Try 500 random schedules' }));
    const none = await screen.findByText('None of 500 runs broke it (the table checks tokens).', {}, DRAWN);
    expect(within(none).queryByRole('button')).toBeNull();
  });
});
