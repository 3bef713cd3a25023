import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { InlinePostgresWorker } from '@/testing/inline-postgres-worker';
import { renderWalkthrough } from '@/testing/render-walkthrough';
import { RealPostgres } from './real-postgres';

/** Kept before any test takes it away: a stub of undefined is also what `globalThis.WebAssembly` reads after. */
const REAL_WEB_ASSEMBLY = globalThis.WebAssembly;

// Real Postgres (PGlite) served on this thread by the worker's own code: jsdom has no workers.
beforeAll(() => vi.stubGlobal('Worker', InlinePostgresWorker));
afterAll(async () => {
  vi.unstubAllGlobals();
  await InlinePostgresWorker.closeAll();
});

/** The panel at `cursor`, started: Postgres is ready once it says which version started. */
async function startedAt(cursor: number, fencing = true) {
  const view = renderWalkthrough(<RealPostgres />, { cursor, fencing });
  const panel = screen.getByTestId('real-postgres');
  expect(within(panel).getByRole('heading', { level: 4 })).toHaveTextContent('Real Postgres in this page');
  fireEvent.click(within(panel).getByRole('button', { name: 'Run on real Postgres' }));
  expect(within(panel).queryByRole('button', { name: 'Run on real Postgres' })).toBeNull();
  expect(within(panel).getByRole('status')).toHaveTextContent(/^Starting Postgres… \d+(\.\d)? s$/);
  // Starting Postgres takes seconds, and more on a busy machine: waited for within the test's own time.
  const ready = await within(panel).findByText(
    /^PostgreSQL [\d.]+ started in \d+(\.\d)? s\. /,
    {},
    { timeout: 180_000 },
  );
  expect(ready).toHaveAttribute('role', 'status');
  return { ...view, panel };
}

/** Once the console offers Run again: a click while a run is on does nothing. */
const whenIdle = (form: HTMLElement) =>
  waitFor(() => expect(within(form).getByRole('button', { name: 'Run' })).toBeEnabled());

const rowTexts = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .map((row) => row.textContent);

// Each test starts Postgres, which takes seconds here and far longer on a busy laptop: room beyond the 60 s default.
describe('real Postgres in the page', { timeout: 240_000 }, () => {
  it('runs the writes up to the step shown, with Postgres’s row counts beside the simulation’s, as the reader steps and toggles', async () => {
    const { panel, store } = await startedAt(22);
    const writes = await within(panel).findByRole('table', { name: 'Writes up to step 23, on real Postgres' });
    const rows = rowTexts(writes);
    expect(rows).toHaveLength(3);
    expect(rows[1]).toContain('UPDATE 1UPDATE 1 (same)');
    expect(rows[2]).toContain("Renewer A: 'serial 1001, issued at 5 s', 33");
    expect(rows[2]).toContain('UPDATE 0UPDATE 0 (same)');
    expect(panel.querySelector('pre')).toHaveTextContent(/WHERE domain = \$1 AND fence <= \$3/);
    expect(within(panel).getByText(/^The row on real Postgres:/)).toHaveTextContent(
      'The row on real Postgres: serial 1002, issued at 36 s, fence 34, the same as the simulation.',
    );
    // Fencing off: A's late write lands on Postgres too, and its older certificate is the row.
    act(() => store.setState({ fencing: false }));
    await waitFor(() =>
      expect(rowTexts(within(panel).getByRole('table', { name: /^Writes up to step 23,/ }))[2]).toContain(
        'UPDATE 1UPDATE 1 (same)',
      ),
    );
    expect(panel.querySelector('pre')).not.toHaveTextContent('fence <=');
    expect(within(panel).getByText(/^The row on real Postgres:/)).toHaveTextContent(
      'The row on real Postgres: serial 1001, issued at 5 s, fence 33, the same as the simulation.',
    );
    // Back in the middle of the evening: only B's write so far.
    act(() => store.setState({ cursor: 17 }));
    const earlier = await within(panel).findByRole('table', { name: /^Writes up to step 18,/ });
    expect(within(earlier).getAllByRole('row')).toHaveLength(2);
  });

  it('runs the console’s SQL on its own table: each statement’s tag, the row it left, and Postgres’s own error', async () => {
    const { panel, store } = await startedAt(0);
    // Before the first write, the steps say where it comes.
    const none = await within(panel).findByRole('table', { name: 'Writes up to step 1, on real Postgres' });
    expect(rowTexts(none)[1]).toMatch(/^No write yet: the first comes at step \d+\.$/);
    const form = within(panel).getByRole('form', { name: 'SQL console' });
    const output = () => within(form).getByTestId('console-output');
    fireEvent.click(within(form).getByRole('button', { name: 'Run step 1: B writes with token 34' }));
    await waitFor(() => expect(within(output()).getAllByTestId('command-tag')[0]).toHaveTextContent('UPDATE 1'));
    await waitFor(() => expect(output()).toHaveTextContent('The row now: serial 1002, fence 34.'));
    await whenIdle(form);
    fireEvent.click(within(form).getByRole('button', { name: "Run step 2: A's late write with token 33" }));
    await waitFor(() => expect(within(output()).getAllByTestId('command-tag')[0]).toHaveTextContent('UPDATE 0'));
    await waitFor(() => expect(output()).toHaveTextContent('The row now: serial 1002, fence 34.'));
    await whenIdle(form);

    const sql = within(form).getByRole('textbox', { name: 'SQL' });
    fireEvent.change(sql, { target: { value: 'SELEC cert FROM certificates;' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Run' }));
    await waitFor(() =>
      expect(output()).toHaveTextContent('ERROR: syntax error at or near "SELEC" (SQLSTATE 42601, at character 1)'),
    );
    await whenIdle(form);
    fireEvent.change(sql, { target: { value: 'SELECT cert, fence FROM certificates;' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Run' }));
    await waitFor(() => expect(within(output()).getByRole('table')).toHaveTextContent('serial 1002'));
    // The console's own table changed; the walkthrough did not move.
    expect(store.getState().cursor).toBe(0);
  });

  it('holds the steps while the console has a transaction open, and runs them once it ends', async () => {
    const { panel, store } = await startedAt(0);
    const form = within(panel).getByRole('form', { name: 'SQL console' });
    const sql = within(form).getByRole('textbox', { name: 'SQL' });
    fireEvent.change(sql, { target: { value: 'BEGIN;' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Run' }));
    act(() => store.setState({ cursor: 22 }));
    expect(
      await within(panel).findByText(/^The steps wait: the SQL console has a transaction open/),
    ).toBeInTheDocument();
    expect(within(panel).queryByRole('table', { name: /^Writes up to step 23,/ })).toBeNull();
    await whenIdle(form);
    fireEvent.change(sql, { target: { value: 'COMMIT;' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Run' }));
    const writes = await within(panel).findByRole('table', { name: 'Writes up to step 23, on real Postgres' });
    expect(rowTexts(writes)).toHaveLength(3);
    expect(within(panel).queryByText(/^The steps wait/)).toBeNull();
  });

  // Postgres starts twice here: room for two slow starts.
  it(
    "a restart ends the console's transaction and runs the held steps on the fresh Postgres",
    { timeout: 420_000 },
    async () => {
      const { panel, store } = await startedAt(0);
      const form = within(panel).getByRole('form', { name: 'SQL console' });
      const sql = within(form).getByRole('textbox', { name: 'SQL' });
      fireEvent.change(sql, { target: { value: 'BEGIN;' } });
      fireEvent.click(within(form).getByRole('button', { name: 'Run' }));
      await whenIdle(form);
      expect(form).toHaveTextContent('A transaction is open (BEGIN)');
      act(() => store.setState({ cursor: 22 }));
      expect(await within(panel).findByText(/^The steps wait:/)).toHaveAttribute('role', 'status');
      // Cancelled before Postgres answers: the worker is ended and a fresh Postgres started, with no transaction.
      fireEvent.change(sql, { target: { value: 'SELECT 1;' } });
      fireEvent.click(within(form).getByRole('button', { name: 'Run' }));
      fireEvent.click(within(form).getByRole('button', { name: 'Cancel' }));
      const writes = await within(panel).findByRole(
        'table',
        { name: 'Writes up to step 23, on real Postgres' },
        { timeout: 180_000 },
      );
      expect(rowTexts(writes)).toHaveLength(3);
      expect(within(panel).queryByText(/^The steps wait:/)).toBeNull();
      expect(form).not.toHaveTextContent('A transaction is open');
    },
  );

  it('when Postgres cannot start, says why, and starts it on Try again', async () => {
    let made = 0;
    vi.stubGlobal(
      'Worker',
      class extends InlinePostgresWorker {
        constructor(url: URL | string, options?: WorkerOptions) {
          made += 1;
          if (made === 1) throw new Error("The worker's script could not be loaded.");
          super(url, options);
        }
      },
    );
    try {
      renderWalkthrough(<RealPostgres />, { cursor: 22 });
      const panel = screen.getByTestId('real-postgres');
      fireEvent.click(within(panel).getByRole('button', { name: 'Run on real Postgres' }));
      const alert = await within(panel).findByRole('alert');
      expect(alert).toHaveTextContent(
        "Postgres could not start in this page: The worker's script could not be loaded. Everything else here works",
      );
      expect(within(panel).queryByRole('form', { name: 'SQL console' })).toBeNull();
      fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
      await within(panel).findByText(/^PostgreSQL [\d.]+ started in/, {}, { timeout: 180_000 });
      expect(within(panel).queryByRole('alert')).toBeNull();
      expect(made).toBe(2);
      expect(
        await within(panel).findByRole('table', { name: 'Writes up to step 23, on real Postgres' }),
      ).toBeInTheDocument();
    } finally {
      vi.stubGlobal('Worker', InlinePostgresWorker);
    }
  });

  it('without WebAssembly, says so, and offers nothing that cannot run', () => {
    vi.stubGlobal('WebAssembly', undefined);
    try {
      renderWalkthrough(<RealPostgres />);
      fireEvent.click(screen.getByRole('button', { name: 'Run on real Postgres' }));
      expect(screen.getByRole('alert')).toHaveTextContent(
        'This browser has no WebAssembly, which real Postgres needs.',
      );
      expect(screen.queryByRole('button', { name: 'Run on real Postgres' })).toBeNull();
      expect(InlinePostgresWorker.all.filter((worker) => !worker.terminated)).toHaveLength(0);
    } finally {
      vi.stubGlobal('WebAssembly', REAL_WEB_ASSEMBLY);
    }
  });

  it('offline, says before Run that a first run needs the network; failing, says it needs one online visit', async () => {
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    vi.stubGlobal('Worker', function brokenWorker() {
      throw new Error('the worker failed');
    });
    try {
      renderWalkthrough(<RealPostgres />, { cursor: 22 });
      const panel = screen.getByTestId('real-postgres');
      expect(panel).toHaveTextContent('You are offline. Real Postgres runs offline only if it has run once');
      expect(panel).toHaveTextContent('Everything else works offline: the lesson, the walkthrough and its table');
      fireEvent.click(within(panel).getByRole('button', { name: 'Run on real Postgres' }));
      const alert = await within(panel).findByRole('alert');
      // What failed is still said, after what an offline reader most likely needs to know.
      expect(alert).toHaveTextContent(
        'Real Postgres could not start offline (the worker failed). Unless it has run once in this browser while online',
      );
      // Back online, the notice goes, and a failure says what failed.
      onLine.mockReturnValue(true);
      act(() => void window.dispatchEvent(new Event('online')));
      expect(within(panel).getByRole('alert')).toHaveTextContent(
        'Postgres could not start in this page: the worker failed',
      );
    } finally {
      onLine.mockRestore();
      vi.stubGlobal('Worker', InlinePostgresWorker);
    }
  });

  it('online, says nothing about being offline', () => {
    renderWalkthrough(<RealPostgres />);
    expect(screen.getByTestId('real-postgres')).not.toHaveTextContent(/offline/);
  });
});
