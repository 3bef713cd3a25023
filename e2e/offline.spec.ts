import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

/*
 * The hosted site in a classroom with no network: it works offline after the first visit, and a new build is
 * offered rather than served stale. Served by the host fixture from a sub-path, as a plain static host would.
 */

const HOST = `http://127.0.0.1:${process.env.E2E_HOST_PORT ?? 4174}`;
const SITE = `${HOST}/courses/lockstep/`;

test.use({ serviceWorkers: 'allow' });

/** The walkthrough's own Next: the lesson below has Next buttons of its own once it has loaded. */
const walkthroughNext = (page: Page) =>
  page.locator('#walkthrough').getByRole('button', { name: 'Next', exact: true }).first();

const registered = (page: Page) =>
  page.evaluate(async () => (await navigator.serviceWorker.getRegistration()) !== undefined);

test('after the first visit the lesson and the lab open with no network, and the first view loaded nothing extra', async ({
  page,
  context,
}) => {
  const requested: string[] = [];
  page.on('request', (request) => requested.push(request.url()));
  await page.goto(SITE);
  const indicator = page
    .locator('#walkthrough')
    .getByText(/^Step \d+ of 23$/)
    .first();
  await expect(indicator).toHaveText('Step 1 of 23');
  // Before the reader acts, nothing of the offline machinery has been fetched or registered.
  expect(requested.filter((url) => /sw\.js|workbox|pwa-register/.test(url))).toEqual([]);
  expect(await registered(page)).toBe(false);

  const next = walkthroughNext(page);
  await next.click();
  await expect(indicator).toHaveText('Step 2 of 23');
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await expect
    .poll(() => page.evaluate(async () => (await (await caches.open('lockstep-pages')).keys()).length))
    .toBeGreaterThan(0);

  await context.setOffline(true);
  await page.reload();
  await expect(indicator).toBeVisible();
  await next.click();
  // The rest of the lesson (a lazily loaded part) came from the precache too.
  await expect(page.getByRole('heading', { name: 'Quiz', exact: true })).toBeVisible();
  await page.goto(`${SITE}?lab&service=redis`);
  await expect(page.getByRole('heading', { name: 'Lock lab' })).toBeVisible();
  await page.getByRole('button', { name: 'Go to the end' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Verdict:' })).toContainText('Verdict:');
  await context.setOffline(false);
});

test('a new build is offered with a reload, not served stale behind the reader’s back', async ({ page, request }) => {
  await page.goto(SITE);
  await walkthroughNext(page).click();
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  // A later visit: the worker now controls the page, so a new one has to wait for it.
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  const prompt = page.getByRole('status').filter({ hasText: 'A new version of Lockstep is ready' });
  await expect(prompt).toHaveCount(0);

  await request.get(`${HOST}/__next-build`);
  await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())!.update());
  await expect(prompt).toBeVisible();
  // Until the reader says so, the old worker keeps the page: the new one waits.
  expect(await page.evaluate(async () => !!(await navigator.serviceWorker.getRegistration())!.waiting)).toBe(true);
  const reloaded = page.waitForEvent('load');
  await prompt.getByRole('button', { name: 'Reload' }).click();
  await reloaded;
  await expect(
    page
      .locator('#walkthrough')
      .getByText(/^Step \d+ of 23$/)
      .first(),
  ).toBeVisible();
  await expect(prompt).toHaveCount(0);
  expect(await page.evaluate(async () => !!(await navigator.serviceWorker.getRegistration())!.waiting)).toBe(false);
});

test('an embed never registers the service worker, whatever the reader does and however long it waits', async ({
  page,
}) => {
  await page.clock.install();
  await page.goto(`${SITE}embed.html?widget=walkthrough`);
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(page.getByText(/^Step \d+ of 23$/)).toHaveText('Step 2 of 23');
  await page.clock.runFor(60_000);
  expect(await registered(page)).toBe(false);
});

test('the site registers after a while idle, even if the reader never acts', async ({ page }) => {
  await page.clock.install();
  await page.goto(SITE);
  await expect(
    page
      .locator('#walkthrough')
      .getByText(/^Step \d+ of 23$/)
      .first(),
  ).toHaveText('Step 1 of 23');
  expect(await registered(page)).toBe(false);
  await page.clock.runFor(10_000);
  await expect.poll(() => registered(page)).toBe(true);
});

test('real Postgres, once run, runs again with no network', async ({ page, context }) => {
  test.setTimeout(180_000);
  await page.goto(`${SITE}?step=23`);
  await page.locator('#walkthrough').getByRole('button', { name: 'Back', exact: true }).first().click();
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  // A later visit, under the worker, asks for real Postgres: its files are kept as they arrive.
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  const panel = page.getByRole('region', { name: 'Real Postgres in this page' });
  // The reader's pointer reaches the button first: the move that brings the panel's code.
  await panel.getByRole('button', { name: 'Run on real Postgres' }).hover();
  await panel.getByRole('button', { name: 'Run on real Postgres' }).click();
  const started = panel.getByText(/^PostgreSQL [\d.]+ started in \d+(\.\d)? s\./);
  await expect(started).toBeVisible({ timeout: 60_000 });
  const kept = await page.evaluate(async () =>
    (await (await caches.open('lockstep-postgres')).keys()).map((request) => new URL(request.url).pathname),
  );
  expect(kept.some((path) => path.endsWith('.wasm'))).toBe(true);
  expect(kept.some((path) => path.endsWith('.data'))).toBe(true);

  await context.setOffline(true);
  await page.reload();
  // The reader's pointer reaches the button first: the move that brings the panel's code.
  await panel.getByRole('button', { name: 'Run on real Postgres' }).hover();
  await panel.getByRole('button', { name: 'Run on real Postgres' }).click();
  await expect(started).toBeVisible({ timeout: 60_000 });
  await context.setOffline(false);
});

test('offline before real Postgres ever ran, its panel says it needs one online visit, and the rest works', async ({
  page,
  context,
}) => {
  test.setTimeout(180_000);
  await page.goto(`${SITE}?step=23`);
  await page.locator('#walkthrough').getByRole('button', { name: 'Back', exact: true }).first().click();
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

  await context.setOffline(true);
  await page.reload();
  const panel = page.getByRole('region', { name: 'Real Postgres in this page' });
  await panel.getByRole('button', { name: 'Run on real Postgres' }).hover();
  await expect(panel.getByText(/^You are offline\. Real Postgres runs offline only if it has run once/)).toBeVisible();
  await panel.getByRole('button', { name: 'Run on real Postgres' }).click();
  await expect(panel.getByRole('alert')).toContainText('Real Postgres could not start offline (');
  await expect(panel.getByRole('alert')).toContainText(
    'Unless it has run once in this browser while online, it needs one visit online first',
  );
  // What it says still works does: the walkthrough steps with no network.
  await walkthroughNext(page).click();
  await expect(
    page
      .locator('#walkthrough')
      .getByText(/^Step \d+ of 23$/)
      .first(),
  ).toHaveText('Step 23 of 23');
  await context.setOffline(false);
});

test("a newer build's files fetched under the older worker are kept, so that build's page opens offline too", async ({
  page,
  context,
  request,
}) => {
  await page.goto(SITE);
  await walkthroughNext(page).click();
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  await request.get(`${HOST}/__next-build`);
  // The reader stays on the older worker ("Later") while the newer build's page loads its own script.
  const fetchScript = () => page.evaluate(async () => (await fetch('./assets/next-build.js')).text());
  expect(await fetchScript()).toMatch(/^\/\/ build \d+/);
  await context.setOffline(true);
  expect(await fetchScript()).toMatch(/^\/\/ build \d+/);
  await context.setOffline(false);
});

test('offline after an update, every address opens the newest page, and it works', async ({
  page,
  context,
  request,
}) => {
  // Build 1: the lesson at a step, then the lab, each kept while online.
  await page.goto(`${SITE}?step=3`);
  await walkthroughNext(page).click();
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await page.goto(`${SITE}?lab&service=redis`);
  await expect(page.getByRole('heading', { name: 'Lock lab' })).toBeVisible();
  await page.goto(`${SITE}?step=5`);
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

  // Build 2 is deployed; the reader opens another address and takes the update.
  await request.get(`${HOST}/__next-build`);
  await page.goto(`${SITE}?step=4`);
  await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())!.update());
  const prompt = page.getByRole('status').filter({ hasText: 'A new version of Lockstep is ready' });
  await expect(prompt).toBeVisible();
  const reloaded = page.waitForEvent('load');
  await prompt.getByRole('button', { name: 'Reload' }).click();
  await reloaded;
  const build = page.locator('meta[name="lockstep-build"]');
  // The host counts builds across this file's tests: whichever this one is, it is the newest.
  await expect(build).toHaveAttribute('content', /^\d+$/);
  const newest = (await build.getAttribute('content')) ?? '';

  await context.setOffline(true);
  const kept = await page.evaluate(async () =>
    (await (await caches.open('lockstep-pages')).keys()).map((entry) => entry.url),
  );
  // One copy per page, under its path: no address is a key of its own.
  expect(kept).toEqual([SITE]);
  for (const [address, step] of [
    ['?step=9', 9],
    ['?step=4', 4],
    ['?step=3', 3],
  ] as const) {
    await page.goto(`${SITE}${address}`);
    await expect(build).toHaveAttribute('content', newest);
    const indicator = page
      .locator('#walkthrough')
      .getByText(/^Step \d+ of 23$/)
      .first();
    await expect(indicator).toHaveText(`Step ${step} of 23`);
    await walkthroughNext(page).click();
    await expect(indicator).toHaveText(`Step ${step + 1} of 23`);
  }
  await page.goto(`${SITE}?lab&service=redis`);
  await expect(build).toHaveAttribute('content', newest);
  await expect(page.getByRole('heading', { name: 'Lock lab' })).toBeVisible();
  await expect(page.locator('.start-failed-note')).toBeHidden();
  await context.setOffline(false);
});
