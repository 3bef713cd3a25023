import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

// PGlite boots in 3 to 6 s in headless Chromium here (RECIPE §8); allow for a slow machine.
const BOOT = { timeout: 60_000 };

async function startPostgres(page: Page) {
  const panel = page.getByRole('region', { name: 'Real Postgres in this page' });
  // The reader's pointer reaches the button first: the move that brings the panel's code.
  await panel.getByRole('button', { name: 'Run on real Postgres' }).hover();
  await panel.getByRole('button', { name: 'Run on real Postgres' }).click();
  await expect(panel.getByText(/^PostgreSQL [\d.]+ started in \d+(\.\d)? s\./)).toBeVisible(BOOT);
  return panel;
}

test("real Postgres loads only when asked, and gives the simulation's row counts with fencing on and off", async ({
  page,
  walkthrough,
}) => {
  test.setTimeout(120_000);
  const heavy: string[] = [];
  page.on('request', (request) => {
    if (
      /\.(wasm|data)$/.test(new URL(request.url()).pathname) ||
      /\/(dist|postgres\.worker)-[\w-]+\.js$/.test(request.url())
    ) {
      heavy.push(request.url());
    }
  });
  await walkthrough.open('?step=23');
  await expect(page.getByRole('button', { name: 'Run on real Postgres' })).toBeVisible();
  expect(heavy, 'nothing of PGlite before the click').toEqual([]);

  const panel = await startPostgres(page);
  expect(heavy.some((url) => url.endsWith('.wasm'))).toBe(true);
  const writes = panel.getByRole('table', { name: 'Writes up to step 23, on real Postgres' });
  const rows = writes.getByRole('row');
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(1)).toContainText('UPDATE 1UPDATE 1 (same)');
  await expect(rows.nth(2)).toContainText("Renewer A: 'serial 1001, issued at 5 s', 33");
  await expect(rows.nth(2)).toContainText('UPDATE 0UPDATE 0 (same)');
  await expect(
    panel.getByText(/^The row on real Postgres: serial 1002, issued at 36 s, fence 34, the same/),
  ).toBeVisible();

  await walkthrough.fencing.click();
  await expect(rows.nth(2)).toContainText('UPDATE 1UPDATE 1 (same)');
  await expect(
    panel.getByText(/^The row on real Postgres: serial 1001, issued at 5 s, fence 33, the same/),
  ).toBeVisible();

  // Stepping back to before A's late write (step 19) undoes it on Postgres too.
  for (let step = 23; step > 18; step -= 1) await walkthrough.back.click();
  await walkthrough.expectStep(18);
  await expect(panel.getByRole('table', { name: /^Writes up to step 18,/ }).getByRole('row')).toHaveCount(2);
  await expect(
    panel.getByText(/^The row on real Postgres: serial 1002, issued at 36 s, fence 34, the same/),
  ).toBeVisible();

  const results = await new AxeBuilder({ page }).include('[data-testid="real-postgres"]').analyze();
  expect(results.violations.map((violation) => `${violation.id} ${violation.nodes[0]?.target}`)).toEqual([]);
});

test("the SQL console runs the seed's statements and shows Postgres's own error message", async ({
  page,
  walkthrough,
}) => {
  test.setTimeout(120_000);
  await walkthrough.open();
  const panel = await startPostgres(page);
  const consoleForm = panel.getByRole('form', { name: 'SQL console' });
  const sql = consoleForm.getByRole('textbox', { name: 'SQL' });
  const output = consoleForm.getByTestId('console-output');

  // The evening in order: each write, then the row it left.
  await consoleForm.getByRole('button', { name: 'Run step 1: B writes with token 34' }).click();
  await expect(output.getByTestId('command-tag').first()).toHaveText('UPDATE 1');
  await expect(output).toContainText('The row now: serial 1002, fence 34.');
  await consoleForm.getByRole('button', { name: "Run step 2: A's late write with token 33" }).click();
  await expect(output.getByTestId('command-tag').first()).toHaveText('UPDATE 0');
  await expect(output).toContainText('The row now: serial 1002, fence 34.');
  // The same statement again from the editor, by keyboard.
  await sql.press('Control+Enter');
  await expect(output.getByTestId('command-tag').first()).toHaveText('UPDATE 0');

  await sql.fill('SELEC cert FROM certificates;');
  await consoleForm.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(output).toContainText('ERROR: syntax error at or near "SELEC" (SQLSTATE 42601, at character 1)');

  // The console's own table changed; the walkthrough's writes did not.
  await sql.fill('SELECT cert, fence FROM certificates;');
  await consoleForm.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(output.getByRole('table')).toContainText('serial 1002');
  await expect(walkthrough.indicator).toHaveText(/^Step 1 of/);
});

test('without WebAssembly the panel says so and the walkthrough carries on', async ({ page, walkthrough }) => {
  await page.addInitScript(() => {
    Reflect.deleteProperty(window, 'WebAssembly');
  });
  await walkthrough.open();
  // The reader's pointer reaches the button first: the move that brings the panel's code.
  await page.getByRole('button', { name: 'Run on real Postgres' }).hover();
  await page.getByRole('button', { name: 'Run on real Postgres' }).click();
  await expect(page.getByRole('alert')).toContainText('This browser has no WebAssembly, which real Postgres needs.');
  await walkthrough.next.click();
  await walkthrough.expectStep(2);
});

test('a blocked download leaves a clear message and a way to try again', async ({
  page,
  walkthrough,
  consoleErrors,
}) => {
  await page.route(/\.wasm$/, (route) => route.abort('blockedbyclient'));
  await walkthrough.open();
  // The reader's pointer reaches the button first: the move that brings the panel's code.
  await page.getByRole('button', { name: 'Run on real Postgres' }).hover();
  await page.getByRole('button', { name: 'Run on real Postgres' }).click();
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('Postgres could not start in this page', BOOT);
  await expect(alert.getByRole('button', { name: 'Try again' })).toBeVisible();
  await walkthrough.next.click();
  await walkthrough.expectStep(2);
  // The browser logs the blocked request, and PGlite's own fetch fails unhandled: expected here.
  const expected = (message: string) => /Failed to load resource|Failed to fetch/.test(message);
  consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((message) => !expected(message)));
});

/** The console, with Postgres started and a helper that runs SQL and waits for the run to end. */
async function openConsole(page: Page) {
  const panel = await startPostgres(page);
  const form = panel.getByRole('form', { name: 'SQL console' });
  const output = form.getByTestId('console-output');
  const run = async (text: string) => {
    await form.getByRole('textbox', { name: 'SQL' }).fill(text);
    await form.getByRole('button', { name: 'Run', exact: true }).click();
  };
  return { panel, form, output, run };
}

test("run first on a fresh table, A's write lands, and the console says why that differs from the story", async ({
  page,
  walkthrough,
}) => {
  test.setTimeout(120_000);
  await walkthrough.open();
  const { form, output } = await openConsole(page);
  await form.getByRole('button', { name: "Run step 2: A's late write with token 33" }).click();
  await expect(output.getByTestId('command-tag').first()).toHaveText('UPDATE 1');
  await expect(output).toContainText('The row now: serial 1001, fence 33.');
  await expect(output).toContainText(
    "A's write landed: the row's fence was no higher than 33, so its WHERE fence <= 33 matched.",
  );
  await form.getByRole('button', { name: 'Reset the table' }).click();
  await expect(output).toContainText("The table is back to the story's start");
  await form.getByRole('button', { name: 'Run step 1: B writes with token 34' }).click();
  await expect(output).toContainText('The row now: serial 1002, fence 34.');
  await form.getByRole('button', { name: "Run step 2: A's late write with token 33" }).click();
  await expect(output.getByTestId('command-tag').first()).toHaveText('UPDATE 0');
  await expect(output).not.toContainText("A's write landed");
});

test('two writes run together report their own counts, and a late fenced write changes nothing', async ({
  page,
  walkthrough,
}) => {
  test.setTimeout(120_000);
  await walkthrough.open();
  const { output, run } = await openConsole(page);
  await run(
    "UPDATE certificates SET cert = 'serial 1002', fence = 34 WHERE domain = 'go.shop.example' AND fence <= 34;\n" +
      "UPDATE certificates SET cert = 'serial 1001', fence = 33 WHERE domain = 'go.shop.example' AND fence <= 33;\n" +
      'SELECT 1 AS a, 2 AS a; SELECT fence FROM certificates',
  );
  await expect(output.getByTestId('command-tag')).toHaveText(['UPDATE 1', 'UPDATE 0', 'SELECT 1', 'SELECT 1']);
  const [duplicate, row] = [output.getByRole('table').nth(0), output.getByRole('table').nth(1)];
  await expect(duplicate.getByRole('columnheader')).toHaveText(['a', 'a']);
  await expect(duplicate.getByRole('cell')).toHaveText(['1', '2']);
  await expect(row.getByRole('columnheader')).toHaveText(['fence']);
  await expect(row.getByRole('cell')).toHaveText(['34']);
});

test('a long query can be cancelled while the page stays usable, and Postgres comes back', async ({
  page,
  walkthrough,
}) => {
  test.setTimeout(120_000);
  await walkthrough.open();
  const { form, output, run } = await openConsole(page);
  await run('SELECT pg_sleep(600)');
  const cancel = form.getByRole('button', { name: 'Cancel' });
  await expect(cancel).toBeEnabled();
  // The query runs in a worker: the walkthrough still steps meanwhile.
  await walkthrough.next.click();
  await walkthrough.expectStep(2);
  await cancel.click();
  await expect(output).toContainText("Cancelled. Postgres was stopped and started again, so the console's tables");
  await run('SELECT cert FROM certificates');
  await expect(output.getByRole('cell')).toHaveText(['serial 1000'], BOOT);
});

test('a query past the time limit is stopped with a message, and a huge result shows its first rows', async ({
  page,
  walkthrough,
}) => {
  test.setTimeout(120_000);
  await walkthrough.open();
  const { output, run } = await openConsole(page);
  await run('SELECT * FROM generate_series(1, 200000)');
  await expect(output).toContainText('Showing the first 500 of 200,000 rows.', BOOT);
  await expect(output.getByRole('row')).toHaveCount(501);
  await run('WITH RECURSIVE forever(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM forever) SELECT count(*) FROM forever');
  await expect(output).toContainText('Stopped after 10 s.', { timeout: 30_000 });
});

test('COPY … PROGRAM is refused, and the walkthrough keeps running on Postgres', async ({ page, walkthrough }) => {
  test.setTimeout(120_000);
  await walkthrough.open('?step=23');
  const { panel, output, run } = await openConsole(page);
  await run("COPY (SELECT 1) TO PROGRAM 'id'; SELECT 2 AS after");
  await expect(output).toContainText('Not run: COPY … PROGRAM runs a program on the database server');
  await expect(output.getByRole('cell')).toHaveText(['2']);
  await walkthrough.back.click();
  await expect(panel.getByRole('table', { name: /^Writes up to step 22,/ })).toBeVisible();
});

test("the learner's open transaction survives stepping: the steps wait for it, then run", async ({
  page,
  walkthrough,
}) => {
  test.setTimeout(120_000);
  await walkthrough.open('?step=23');
  const { panel, output, run } = await openConsole(page);
  await run('BEGIN; CREATE TABLE mine (id int); INSERT INTO mine VALUES (7)');
  await expect(output.getByTestId('command-tag')).toHaveText(['BEGIN', 'CREATE TABLE', 'INSERT 0 1']);
  await expect(output).toContainText('A transaction is open');
  await walkthrough.back.click();
  await expect(panel.getByText(/^The steps wait: the SQL console has a transaction open/)).toBeVisible();
  await run('COMMIT; SELECT id FROM mine');
  await expect(output.getByTestId('command-tag')).toHaveText(['COMMIT', 'SELECT 1']);
  await expect(output.getByRole('cell')).toHaveText(['7']);
  await expect(panel.getByRole('table', { name: /^Writes up to step 22,/ })).toBeVisible();
});

test('after every kind of failure the console offers Run again, and Postgres comes back', async ({
  page,
  walkthrough,
}) => {
  test.setTimeout(180_000);
  await walkthrough.open();
  const { form, output, run } = await openConsole(page);
  const runButton = form.getByRole('button', { name: 'Run', exact: true });
  const cancel = form.getByRole('button', { name: 'Cancel' });
  const idle = async () => {
    await expect(runButton).toBeEnabled(BOOT);
    await expect(output).toHaveAttribute('aria-busy', 'false');
  };

  // A recursive function exhausts Postgres: it is broken, says so, and offers a restart.
  await run('CREATE FUNCTION rec(int) RETURNS int LANGUAGE sql AS $$ SELECT rec($1 + 1) $$; SELECT rec(1);');
  const broken = output.getByRole('alert');
  await expect(broken).toContainText('Postgres stopped working', BOOT);
  await idle();
  await broken.getByRole('button', { name: 'Restart Postgres' }).click();
  await run('SELECT 41 + 1 AS answer');
  await expect(output.getByRole('cell')).toHaveText(['42'], BOOT);

  // Cancel, then Run and Cancel again while Postgres is still restarting.
  await run('SELECT pg_sleep(30)');
  await cancel.click();
  await expect(output).toContainText('Cancelled.');
  await run('SELECT 1');
  await cancel.click();
  await idle();
  await run('SELECT 2 AS two');
  await expect(output.getByRole('cell')).toHaveText(['2'], BOOT);

  // A role change no text match sees: Postgres is restarted and says why.
  await run("SELECT set_config('ro' || 'le', 'postgres', false)");
  await expect(output).toContainText("Postgres was restarted: the console's role became postgres", BOOT);
  await idle();
  await run('SELECT current_user');
  await expect(output.getByRole('cell')).toHaveText(['learner'], BOOT);

  // A wide result is cut, cell by cell and in all, and the page draws it.
  await run("SELECT repeat('y', 200000) FROM generate_series(1, 500)");
  await expect(output).toContainText('… and 190,000 more characters', BOOT);
  await expect(output).toContainText('The console keeps at most 200,000 characters and 2,000 cells of output');
  await expect(output.getByText(/^Took /)).toBeVisible();
  await idle();
});

test("nothing the console does changes the walkthrough's steps on real Postgres", async ({ page, walkthrough }) => {
  test.setTimeout(120_000);
  await walkthrough.open('?step=23&fencing=on');
  const { panel, output, run } = await openConsole(page);
  await run(
    'CREATE VIEW every_certificate AS SELECT * FROM certificates; SET default_transaction_read_only = on; ' +
      'SET statement_timeout = 1',
  );
  await expect(output.getByTestId('command-tag')).toHaveText(['CREATE VIEW', 'SET', 'SET']);
  // Stepping runs the walkthrough's writes again, apart from all that.
  await walkthrough.back.click();
  await walkthrough.next.click();
  const writes = panel.getByRole('table', { name: 'Writes up to step 23, on real Postgres' });
  await expect(writes.getByRole('row')).toHaveCount(3, BOOT);
  await expect(writes).toContainText('UPDATE 0 (same)');
  await expect(panel).toContainText('the same as the simulation');
});
