import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

// PGlite boots in 3 to 6 s in headless Chromium here (RECIPE §8); allow for a slow machine.
const BOOT = { timeout: 60_000 };

async function startPostgres(page: Page) {
  const panel = page.getByRole('region', { name: 'Real Postgres in this page' });
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
    if (/\.(wasm|data)$/.test(new URL(request.url()).pathname) || /\/dist-[\w-]+\.js$/.test(request.url())) {
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

  const results = await new AxeBuilder({ page }).include('.real-postgres').analyze();
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
  const output = consoleForm.locator('.console-output');

  await consoleForm.getByRole('button', { name: 'B writes with token 34' }).click();
  await consoleForm.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(output).toContainText('UPDATE 1');
  await consoleForm.getByRole('button', { name: "A's late write with token 33" }).click();
  await sql.press('Control+Enter');
  await expect(output).toContainText('UPDATE 0');

  await sql.fill('SELEC cert FROM certificates;');
  await consoleForm.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(output).toHaveText('ERROR: syntax error at or near "SELEC" (SQLSTATE 42601, at character 1)');

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
