import postgres from 'virtual:lockstep/postgres';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { InlinePostgresWorker } from '@/testing/inline-postgres-worker';
import type { TransactionState } from './console-engine';
import { createPostgresEngine, type ConsoleReply, type PostgresEngine } from './postgres-engine';
import { DEFAULT_SCENARIO_ID, selectTimeline } from '@/store/selectors';
import { createWalkthroughStore } from '@/store/walkthrough-store';
import { planSteps } from './run-steps';
import { SqlConsole } from './sql-console';
import { tableAtStep } from './table-at-step';

// The console on real Postgres (PGlite), served on this thread by the worker's own code: jsdom has no workers.
let engine: PostgresEngine;
beforeAll(async () => {
  engine = createPostgresEngine(() => new InlinePostgresWorker('postgres.worker.ts') as unknown as Worker, {
    createTable: postgres.createTable,
    insertRow: postgres.insertRow,
    seed: ['go.shop.example', 'serial 1000', 32],
  });
  await engine.start();
  // Starting Postgres takes seconds here and far longer on a busy laptop.
}, 240_000);
afterAll(async () => {
  engine.close();
  await InlinePostgresWorker.closeAll();
});

/** The walkthrough's writes up to a step, as the panel hands them to the console. */
function walkthroughAt(step: number, fencing = true) {
  const timeline = selectTimeline(
    createWalkthroughStore({ scenarioId: DEFAULT_SCENARIO_ID, cursor: step - 1, fencing }).getState(),
  );
  return { plan: planSteps(timeline, step - 1, postgres), step };
}

/** The console as the panel shows it, with what it tells the panel kept. */
function renderConsole(
  props: {
    transaction?: TransactionState;
    broken?: string | null;
    restarting?: boolean;
    on?: PostgresEngine;
    walkthrough?: ReturnType<typeof walkthroughAt>;
  } = {},
) {
  const replies: ConsoleReply[] = [];
  render(
    <SqlConsole
      engine={props.on ?? engine}
      transaction={props.transaction ?? 'idle'}
      broken={props.broken ?? null}
      restarting={props.restarting ?? false}
      onRun={(reply) => replies.push(reply)}
      walkthrough={props.walkthrough ?? walkthroughAt(1)}
    />,
  );
  const form = screen.getByRole('form', { name: 'SQL console' });
  const sql = within(form).getByRole('textbox', { name: 'SQL' });
  const output = within(form).getByTestId('console-output');
  const runSql = async (text: string) => {
    const before = replies.length;
    fireEvent.change(sql, { target: { value: text } });
    fireEvent.click(within(form).getByRole('button', { name: 'Run' }));
    await ranSince(before);
  };
  /** Once the run after the first `count` replies has told the panel, and Run is offered again. */
  const ranSince = async (count: number) => {
    await waitFor(() => expect(replies).toHaveLength(count + 1));
    await waitFor(() => expect(within(form).getByRole('button', { name: 'Run' })).toBeEnabled());
  };
  return { form, sql, output, replies, runSql, ranSince };
}

const button = (form: HTMLElement, name: string | RegExp) => within(form).getByRole('button', { name });

describe('the SQL console', { timeout: 240_000 }, () => {
  it('starts with the first ready-made statement, and puts each one in the box when asked', () => {
    const { form, sql } = renderConsole();
    expect(sql).toHaveValue(postgres.examples[0]!.sql);
    const group = within(form).getByRole('group', { name: 'Ready-made statements' });
    fireEvent.click(within(group).getByRole('button', { name: postgres.examples[1]!.label }));
    expect(sql).toHaveValue(postgres.examples[1]!.sql);
    // Cancel has nothing to stop while nothing runs.
    expect(button(form, 'Cancel')).toBeDisabled();
    expect(sql).toHaveAccessibleDescription(/longer than 10 s, or that you cancel/);
  });

  it('runs on Ctrl+Enter or Cmd+Enter, not on Enter alone, and says how long a run took', async () => {
    const { sql, output, ranSince } = renderConsole();
    fireEvent.change(sql, { target: { value: 'SELECT 1 AS one;' } });
    fireEvent.keyDown(sql, { key: 'Enter' });
    fireEvent.keyDown(sql, { key: 'Enter', shiftKey: true });
    // Nothing started: Run is still offered.
    expect(
      within(screen.getByRole('form', { name: 'SQL console' })).getByRole('button', { name: 'Run' }),
    ).toBeEnabled();
    fireEvent.keyDown(sql, { key: 'Enter', ctrlKey: true });
    // A key pressed while a run is on is ignored: the next waits for Run to be offered again.
    await ranSince(0);
    fireEvent.keyDown(sql, { key: 'Enter', metaKey: true });
    await ranSince(1);
    expect(within(output).getByRole('columnheader')).toHaveTextContent('one');
    expect(within(output).getByRole('cell')).toHaveTextContent('1');
    expect(within(output).getByTestId('command-tag')).toHaveTextContent('SELECT 1');
    expect(output).toHaveTextContent(/Took \d+(\.\d+)? (ms|s)\./);
  });

  it('says how long a run took only once the browser has painted its result: the wait the learner saw', async () => {
    const frames: FrameRequestCallback[] = [];
    const frame = vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => {
      frames.push(callback);
      return frames.length;
    });
    try {
      const { sql, form, output, replies } = renderConsole();
      fireEvent.change(sql, { target: { value: 'SELECT 7 AS seven;' } });
      fireEvent.click(within(form).getByRole('button', { name: 'Run' }));
      // The result is in the page, but no frame has been painted yet: no time is claimed.
      await waitFor(() => expect(within(output).queryByRole('cell')).toHaveTextContent('7'));
      await waitFor(() => expect(frames.length).toBeGreaterThan(0));
      expect(output).not.toHaveTextContent(/Took/);
      expect(replies).toHaveLength(0);
      for (const callback of frames.splice(0)) callback(performance.now());
      await waitFor(() => expect(output).toHaveTextContent(/Took \d+(\.\d+)? (ms|s)\./));
      await waitFor(() => expect(replies).toHaveLength(1));
    } finally {
      frame.mockRestore();
    }
  });

  it('draws the results of the first 100 statements of a run, and counts the rest, failed ones too', async () => {
    const { output, runSql } = renderConsole();
    await runSql(`${'SELECT 1;'.repeat(100)}`);
    expect(within(output).getAllByTestId('command-tag')).toHaveLength(100);
    expect(output).not.toHaveTextContent(/statements; all/);
    await runSql(`${'SELECT 1;'.repeat(99)} SELEC 2; SELECT 3;`);
    expect(within(output).getAllByTestId('command-tag')).toHaveLength(99);
    expect(output).toHaveTextContent('ERROR: syntax error at or near "SELEC"');
    expect(output).toHaveTextContent(
      'The console shows the results of the first 100 of 101 statements; all 101 ran, and 1 of them failed.',
    );
  });

  it('set to step 20 with fencing on, its table answers the lesson’s statement as the panel does: UPDATE 0', async () => {
    const at20 = walkthroughAt(20);
    const { form, output, replies, ranSince, runSql } = renderConsole({ walkthrough: at20 });
    expect(form).toHaveTextContent("This console's table shows the story's start (serial 1000, fence 32)");
    // The story's start: A's statement would land here.
    const late = postgres.evening.steps[1]!.sql;
    await runSql(late);
    expect(within(output).getByTestId('command-tag')).toHaveTextContent('UPDATE 1');
    expect(form).toHaveTextContent("This console's table shows your own changes");
    fireEvent.click(button(form, 'Set the table to step 20'));
    await ranSince(replies.length);
    const panel = await engine.steps(at20.plan);
    if (panel.kind !== 'ran') throw new Error('the steps did not run');
    expect(panel.run.row).toMatchObject({ cert: expect.stringMatching(/^serial 1002\b/), fence: 34 });
    expect(form).toHaveTextContent(
      `The table is where the walkthrough's is at step 20: ${panel.run.row!.cert}, fence 34.`,
    );
    expect(form).toHaveTextContent("This console's table shows the walkthrough at step 20.");
    // What ran is in the box.
    expect(within(form).getByRole('textbox', { name: 'SQL' })).toHaveValue(tableAtStep(at20.plan));
    await runSql(late);
    expect(within(output).getByTestId('command-tag')).toHaveTextContent('UPDATE 0');
    // A read leaves the table as the step had it.
    await runSql('SELECT cert, fence FROM certificates;');
    expect(form).toHaveTextContent("This console's table shows the walkthrough at step 20.");
    // And the walkthrough's own steps are untouched by all of it.
    const again = await engine.steps(at20.plan);
    expect(again.kind === 'ran' && again.run).toEqual(panel.run);
    fireEvent.click(button(form, 'Reset the table'));
    await ranSince(replies.length);
    expect(form).toHaveTextContent("This console's table shows the story's start");
  });

  it('set to a step with fencing off, or before any write, its row is the panel’s', async () => {
    for (const [step, fencing] of [
      [20, false],
      [1, true],
      [23, true],
    ] as const) {
      cleanup();
      const at = walkthroughAt(step, fencing);
      const { form, replies, ranSince } = renderConsole({ walkthrough: at });
      fireEvent.click(button(form, `Set the table to step ${step}`));
      await ranSince(replies.length);
      const panel = await engine.steps(at.plan);
      if (panel.kind !== 'ran' || !panel.run.row) throw new Error('the steps did not run');
      expect(form).toHaveTextContent(
        `The table is where the walkthrough's is at step ${step}: ${panel.run.row.cert}, fence ${panel.run.row.fence}.`,
      );
    }
  });

  it('shows NULL as NULL, a long value cut with a count of the rest, and a count of rows past those shown', async () => {
    const { output, runSql } = renderConsole();
    await runSql("SELECT NULL AS nothing, repeat('x', 10005) AS long;");
    const [nothing, long] = within(output).getAllByRole('cell');
    expect(nothing).toHaveTextContent(/^NULL$/);
    expect(nothing!.className).not.toBe('');
    expect(long).toHaveTextContent(`${'x'.repeat(10_000)}… and 5 more characters (a value shows its first 10,000)`);
    await runSql('SELECT n FROM generate_series(1, 1234) AS n;');
    expect(output).toHaveTextContent('Showing the first 500 of 1,234 rows.');
    expect(within(output).getAllByRole('row')).toHaveLength(501);
    expect(within(output).getByTestId('command-tag')).toHaveTextContent('SELECT 1234');
  });

  it('gives Postgres’s own errors, with their code and the character they point at when they have one', async () => {
    const { output, runSql } = renderConsole();
    await runSql('SELECT 1/0;');
    expect(output).toHaveTextContent('ERROR: division by zero (SQLSTATE 22012)');
    expect(output).not.toHaveTextContent('at character');
    await runSql('SELECT nope FROM certificates;');
    expect(output).toHaveTextContent('ERROR: column "nope" does not exist (SQLSTATE 42703, at character 8)');
  });

  it('refuses what would leave its role, and says why, without running it', async () => {
    const { output, runSql, replies } = renderConsole();
    await runSql('SET ROLE postgres;');
    expect(output).toHaveTextContent(/^Not run: the console keeps its own role, without superuser/);
    expect(replies.at(-1)).toMatchObject({ kind: 'ran', run: { statements: [{ kind: 'refused' }] } });
  });

  it('tells the panel of an open or failed transaction, and shows what the panel says of it', async () => {
    const { output, runSql, replies } = renderConsole();
    await runSql('BEGIN;');
    expect(replies.at(-1)).toMatchObject({ kind: 'ran', run: { transaction: 'open' } });
    await runSql('SELECT 1/0;');
    expect(replies.at(-1)).toMatchObject({ kind: 'ran', run: { transaction: 'failed' } });
    await runSql('ROLLBACK;');
    expect(replies.at(-1)).toMatchObject({ kind: 'ran', run: { transaction: 'idle' } });
    expect(output).not.toHaveTextContent('transaction');
    cleanup();
    expect(renderConsole({ transaction: 'open' }).output).toHaveTextContent(
      'A transaction is open (BEGIN): end it with COMMIT or ROLLBACK.',
    );
    cleanup();
    expect(renderConsole({ transaction: 'failed' }).output).toHaveTextContent(
      'The open transaction has failed: Postgres rejects every command',
    );
  });

  it('steps through the evening on its own table, says why A’s write lands where the fence is low, and resets it', async () => {
    const { form, output, ranSince } = renderConsole();
    const settled = (count: number) => ranSince(count - 1);
    fireEvent.click(button(form, 'Reset the table'));
    await settled(1);
    await waitFor(() =>
      expect(output).toHaveTextContent("The table is back to the story's start: serial 1000, fence 32."),
    );
    // A first, on the fresh table: its write lands, and the note says why.
    fireEvent.click(button(form, "Run step 2: A's late write with token 33"));
    await settled(2);
    await waitFor(() =>
      expect(output).toHaveTextContent(
        "The row now: serial 1001, fence 33. A's write landed: the row's fence was no higher than 33, so its WHERE fence <= 33 matched.",
      ),
    );
    fireEvent.click(button(form, 'Run step 1: B writes with token 34'));
    await settled(3);
    await waitFor(() => expect(output).toHaveTextContent('The row now: serial 1002, fence 34.'));
    expect(output).not.toHaveTextContent("A's write landed");
    // A again: refused by the fence, and no note of landing.
    fireEvent.click(button(form, "Run step 2: A's late write with token 33"));
    await settled(4);
    expect(within(output).getAllByTestId('command-tag')[0]).toHaveTextContent('UPDATE 0');
    expect(output).not.toHaveTextContent("A's write landed");
    // The learner lowers the fence by hand after B's write: A's write lands, and the note still holds.
    fireEvent.change(within(form).getByRole('textbox', { name: 'SQL' }), {
      target: { value: 'UPDATE certificates SET fence = 30;' },
    });
    fireEvent.click(button(form, 'Run'));
    await settled(5);
    fireEvent.click(button(form, "Run step 2: A's late write with token 33"));
    await settled(6);
    await waitFor(() =>
      expect(output).toHaveTextContent(
        "The row now: serial 1001, fence 33. A's write landed: the row's fence was no higher",
      ),
    );
    fireEvent.click(button(form, 'Reset the table'));
    await settled(7);
  });

  it('while broken, says so and restarts Postgres when asked', () => {
    const restart = vi.spyOn(engine, 'restart').mockResolvedValue(undefined);
    const { form } = renderConsole({ broken: 'out of memory' });
    const alert = within(form).getByRole('alert');
    expect(alert).toHaveTextContent('Postgres stopped working (out of memory). Restart it to go on');
    fireEvent.click(within(alert).getByRole('button', { name: 'Restart Postgres' }));
    expect(restart).toHaveBeenCalledOnce();
    restart.mockRestore();
  });

  it('while restarting, says so and offers Cancel', () => {
    const { form } = renderConsole({ restarting: true });
    expect(within(form).getByRole('status')).toHaveTextContent('Restarting Postgres…');
    expect(button(form, 'Cancel')).toBeEnabled();
  });

  it('cancelled before Postgres answered, says that Postgres started again, and Run is offered again', async () => {
    const { form, sql, output, replies } = renderConsole();
    fireEvent.change(sql, { target: { value: 'SELECT 1;' } });
    fireEvent.click(button(form, 'Run'));
    expect(button(form, 'Run')).toBeDisabled();
    expect(output).toHaveAttribute('aria-busy', 'true');
    fireEvent.click(button(form, 'Cancel'));
    await waitFor(() => expect(replies).toHaveLength(1));
    expect(replies[0]).toMatchObject({ kind: 'stopped', why: 'cancelled' });
    expect(within(output).getByRole('status')).toHaveTextContent(/^Cancelled\. Postgres was stopped and started again/);
    expect(button(form, 'Run')).toBeEnabled();
    // The restarted Postgres answers.
    await waitFor(() => expect(engine.store.getState().phase).toBe('ready'), { timeout: 180_000 });
  });
});
