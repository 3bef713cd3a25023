import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './fixtures';

test('a preset runs in the lab, steps to its verdict, and its URL reproduces it', async ({ page }) => {
  await page.goto('/?lab');
  await page.getByRole('button', { name: 'Redlock does not save you' }).click();
  await page.getByRole('button', { name: 'Go to the end' }).click();
  const verdict = page.getByRole('status').filter({ hasText: 'Verdict:' });
  await expect(verdict).toContainText('Verdict: Stale write landed.');
  await expect(verdict).toContainText('hands out no fencing token');
  await expect(page.getByRole('region', { name: 'Redlock nodes' })).toBeVisible();
  await expect(page).toHaveURL(/service=redlock/);

  const shared = page.url();
  await page.goto('about:blank');
  await page.goto(shared);
  await page.getByRole('button', { name: 'Go to the end' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Verdict:' })).toContainText('Verdict: Stale write landed.');
  await expect(page.getByRole('combobox', { name: 'Lock service' })).toHaveValue('redlock');
});

test('the etcd preset keeps the newest certificate, stepping with Next', async ({ page }) => {
  await page.goto('/?lab');
  await page.getByRole('button', { name: 'etcd revision as token' }).click();
  const next = page.getByRole('button', { name: 'Next', exact: true });
  while (await next.isEnabled()) await next.click();
  await expect(page.getByRole('status').filter({ hasText: 'Verdict:' })).toContainText('Verdict: Safe.');
});

test('bad settings get a message next to the field, and the last valid run stays on screen', async ({ page }) => {
  await page.goto('/?lab&ttl=abc&lockDelay=999999');
  await expect(page.getByText('Lease TTL must be a number of milliseconds, not “abc”.')).toBeVisible();
  await expect(page.getByText('Lock-delay must be between 0 and 60000 ms; using 60000.')).toBeVisible();
  const pause = page.getByRole('textbox', { name: 'Pause length (ms)' });
  await pause.fill('-5');
  await pause.press('Enter');
  await expect(page.getByText('Pause length must be between 0 and 600000 ms; using 0.')).toBeVisible();
  await expect(page.getByText(/^Step 1 of \d+$/)).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Verdict:' })).toBeVisible();
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((violation) => `${violation.id} ${violation.nodes[0]?.target}`)).toEqual([]);
});

test('the lesson links to the lab', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('link', { name: 'lock lab' }).click();
  await expect(page.getByRole('heading', { name: 'Lock lab', level: 1 })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Lock service' })).toHaveValue('redlock');
});
