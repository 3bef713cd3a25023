import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

/** Every `securitypolicyviolation` the page (or a frame of it) reports, recorded from before its first script. */
async function recordViolations(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.push(`${event.violatedDirective} ${event.blockedURI}`),
    );
  });
  return () => page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
}

test.describe('the built site under its Content-Security-Policy, sent as a header', () => {
  for (const path of ['/', '/?step=19&fencing=off', '/?lab', '/?present&step=5', '/embed.html?widget=walkthrough']) {
    test(`${path} loads with no violation`, async ({ page }) => {
      const violations = await recordViolations(page);
      const response = await page.goto(path);
      expect(response?.headers()['content-security-policy']).toContain("script-src 'self' 'wasm-unsafe-eval'");
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeAttached();
      await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 300)));
      expect(await violations()).toEqual([]);
    });
  }

  for (const path of ['/embed.html?widget=quiz', '/embed.html?widget=lab&service=etcd']) {
    test(`${path} loads with no violation`, async ({ page }) => {
      const violations = await recordViolations(page);
      await page.goto(path);
      await expect(page.getByRole('main')).toBeVisible();
      expect(await violations()).toEqual([]);
    });
  }

  test('Postgres starts in its worker, the diagram exports as PNG, and nothing is blocked', async ({
    page,
    walkthrough,
  }) => {
    test.setTimeout(120_000);
    const violations = await recordViolations(page);
    await walkthrough.open('?step=19');
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download PNG' }).click();
    expect((await download).suggestedFilename()).toMatch(/\.png$/);
    const panel = page.getByRole('region', { name: 'Real Postgres in this page' });
    // The reader's pointer reaches the button first: the move that brings the panel's code.
    await panel.getByRole('button', { name: 'Run on real Postgres' }).hover();
    await panel.getByRole('button', { name: 'Run on real Postgres' }).click();
    await expect(panel.getByText(/^PostgreSQL [\d.]+ started in/)).toBeVisible({ timeout: 60_000 });
    await expect(panel.getByRole('table', { name: /^Writes up to step 19,/ })).toBeVisible();
    expect(await violations()).toEqual([]);
  });
});
