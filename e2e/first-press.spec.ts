import type { Browser, Page, Route } from '@playwright/test';
import { expect, test } from './fixtures';

/**
 * A press on a prerendered control before its code has arrived acts once the code is there: exactly once, in order
 * (src/components/held-presses.ts). The page's code is held on its way by the test, so these cannot pass by the code
 * simply being early.
 */
test.use({ readerMoves: false });

/** index.html's entry (assets/main-….js), told apart from the page's code it fetches, which is named alike. */
async function entryOf(page: Page): Promise<string> {
  const html = await (await page.request.get('./')).text();
  const entry = /<script type="module"[^>]*src="\.\/(assets\/main-[\w-]+\.js)"/.exec(html)?.[1];
  expect(entry).toBeDefined();
  return entry ?? '';
}

/** Holds the page's code (everything the entry imports on its way) until `release` is called. */
async function holdCode(page: Page) {
  const entry = await entryOf(page);
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  const asked: string[] = [];
  await page.route(/\/assets\/main-[\w-]+\.js$/, async (route: Route, request) => {
    if (!request.url().endsWith(`/${entry}`)) {
      asked.push(request.url());
      await released;
    }
    await route.continue();
  });
  return { release, asked };
}

async function phone(browser: Browser) {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    isMobile: true,
    serviceWorkers: 'block',
    baseURL: test.info().project.use.baseURL ?? '',
  });
  return { context, page: await context.newPage() };
}

const walkthroughOf = (page: Page) => {
  const root = page.locator('#walkthrough');
  return {
    next: root.getByRole('button', { name: 'Next', exact: true }),
    indicator: root.getByText(/^Step \d+ of \d+$/),
  };
};

/** The page sets this once its code has run (src/boot.ts). */
const started = (page: Page) => page.waitForFunction(() => document.documentElement.classList.contains('started'));

test.describe('a press before the code has arrived', () => {
  test('a click on Next acts once the code is there, once', async ({ page }) => {
    const { release, asked } = await holdCode(page);
    await page.goto('./');
    const { next, indicator } = walkthroughOf(page);
    await expect(next).toBeVisible();
    // The click the reader makes at once; the code is still held.
    await next.click({ force: true });
    await expect.poll(() => asked.length).toBeGreaterThan(0);
    await expect(indicator).toHaveText('Step 1 of 23');
    release();
    await started(page);
    await expect(indicator).toHaveText('Step 2 of 23');
    // Settled at exactly one step: nothing else was queued.
    await page.waitForLoadState('networkidle');
    await expect(indicator).toHaveText('Step 2 of 23');
  });

  test("a click before the page's entry has even run acts once the code is there, once", async ({ page }) => {
    // The entry itself is held: only public/route-mark.js, in the page's head, has run.
    const entry = await entryOf(page);
    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/main-[\w-]+\.js$/, async (route, request) => {
      if (request.url().endsWith(`/${entry}`)) await released;
      await route.continue();
    });
    await page.goto('./', { waitUntil: 'commit' });
    const { next, indicator } = walkthroughOf(page);
    await next.click({ force: true });
    expect(await page.evaluate(() => document.documentElement.classList.contains('started'))).toBe(false);
    release();
    await started(page);
    await expect(indicator).toHaveText('Step 2 of 23');
    await page.waitForLoadState('networkidle');
    await expect(indicator).toHaveText('Step 2 of 23');
  });

  test("a clicker's keys on the presenter, pressed before its code, step once it listens, in order", async ({
    page,
  }) => {
    const { release, asked } = await holdCode(page);
    await page.goto('./?present&step=1');
    await expect.poll(() => asked.length).toBeGreaterThan(0);
    await page.keyboard.press('PageDown');
    await page.keyboard.press('PageDown');
    await page.keyboard.press('PageUp');
    await page.keyboard.press('PageDown');
    expect(await page.evaluate(() => document.documentElement.classList.contains('started'))).toBe(false);
    release();
    await started(page);
    const indicator = page.getByText(/^Step \d+ of 23$/);
    await expect(indicator).toHaveText('Step 3 of 23');
    await page.waitForLoadState('networkidle');
    await expect(indicator).toHaveText('Step 3 of 23');
    // And once started, a key is the presenter's own at once.
    await page.keyboard.press('PageDown');
    await expect(indicator).toHaveText('Step 4 of 23');
  });

  test('a tap on a phone acts once the code is there, once', async ({ browser }) => {
    const { context, page } = await phone(browser);
    const { release } = await holdCode(page);
    await page.goto('./');
    const { next, indicator } = walkthroughOf(page);
    await next.tap({ force: true });
    await expect(indicator).toHaveText('Step 1 of 23');
    release();
    await started(page);
    await expect(indicator).toHaveText('Step 2 of 23');
    await page.waitForLoadState('networkidle');
    await expect(indicator).toHaveText('Step 2 of 23');
    await context.close();
  });

  test('Tab reaches Next while it loads, Enter on it acts once the code is there', async ({ page }) => {
    const { release } = await holdCode(page);
    await page.goto('./');
    const { next, indicator } = walkthroughOf(page);
    // Said to assistive technology: unavailable for now, inside a group named as loading.
    await expect(next).toBeDisabled();
    await expect(
      page
        .locator('#walkthrough')
        .getByRole('group', { name: /^Loading/ })
        .first(),
    ).toBeAttached();
    for (let presses = 0; presses < 40; presses += 1) {
      if (await next.evaluate((button) => button === document.activeElement)) break;
      await page.keyboard.press('Tab');
    }
    await expect(next).toBeFocused();
    await page.keyboard.press('Enter');
    release();
    await started(page);
    await expect(indicator).toHaveText('Step 2 of 23');
    await expect(next).toBeEnabled();
    await expect(page.locator('#walkthrough').getByRole('group', { name: /^Loading/ })).toHaveCount(0);
  });

  test('the stepping keys pressed on Next while it loads act once the code is there: → → End ←', async ({ page }) => {
    const { release } = await holdCode(page);
    await page.goto('./');
    const { next, indicator } = walkthroughOf(page);
    await next.focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect(indicator).toHaveText('Step 1 of 23');
    release();
    await started(page);
    await expect(indicator).toHaveText('Step 3 of 23');
    // Once live, the same keys act at once: End to the last step, then one back.
    await page.keyboard.press('End');
    await page.keyboard.press('ArrowLeft');
    await expect(indicator).toHaveText('Step 22 of 23');
  });

  test('several presses each act once, in order: Next, fencing off, Next', async ({ page }) => {
    const { release } = await holdCode(page);
    await page.goto('./');
    const { next, indicator } = walkthroughOf(page);
    const fencing = page.locator('#walkthrough').getByRole('switch', { name: 'Fencing tokens' });
    await expect(fencing).toHaveAttribute('aria-checked', 'true');
    await next.click({ force: true });
    await fencing.click({ force: true });
    await next.click({ force: true });
    release();
    await started(page);
    await expect(indicator).toHaveText('Step 3 of 23');
    await expect(fencing).toHaveAttribute('aria-checked', 'false');
    await page.waitForLoadState('networkidle');
    await expect(indicator).toHaveText('Step 3 of 23');
  });

  test('a deep link pressed at once: ?step=19&fencing=off, then Next, reaches step 20', async ({ page }) => {
    const { release } = await holdCode(page);
    await page.goto('./?step=19&fencing=off');
    const { next, indicator } = walkthroughOf(page);
    // The prerendered page shows step 1 until the code applies the link; the press waits for that.
    await next.click({ force: true });
    release();
    await started(page);
    await expect(indicator).toHaveText('Step 20 of 23');
    await page.waitForLoadState('networkidle');
    await expect(indicator).toHaveText('Step 20 of 23');
  });

  test('a press on a part still hydrating acts once, after its code arrives', async ({ page }) => {
    // The page has started; the toolbar under the diagram is a lazy part whose code is held, so it is still the
    // prerendered markup, its controls loading, while React has hydrated the rest.
    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/below-stage-[\w-]+\.js$/, async (route) => {
      await released;
      await route.continue();
    });
    await page.goto('./');
    const { next, indicator } = walkthroughOf(page);
    await started(page);
    const compare = page.locator('#walkthrough').getByRole('button', { name: 'Compare side by side' });
    await expect(compare).toBeDisabled();
    await compare.click({ force: true });
    // The hydrated bar answers meanwhile, and the held press waits behind nothing of its own part.
    await next.click();
    await expect(indicator).toHaveText('Step 2 of 23');
    await expect(compare).toHaveAttribute('aria-pressed', 'false');
    release();
    await expect(compare).toHaveAttribute('aria-pressed', 'true');
    await expect(compare).toBeEnabled();
  });

  test('untouched, the page comes alive on its own: Next works with no move first', async ({ page }) => {
    await page.goto('./');
    const { next, indicator } = walkthroughOf(page);
    await expect(next).toBeEnabled();
    await expect(page.locator('#walkthrough').getByRole('group', { name: /^Loading/ })).toHaveCount(0);
    await next.click();
    await expect(indicator).toHaveText('Step 2 of 23');
  });

  test('if the code cannot load, a held press is dropped and the note says why', async ({ page, consoleErrors }) => {
    const entry = await entryOf(page);
    let fail: () => void = () => {};
    const failing = new Promise<void>((resolve) => (fail = resolve));
    await page.route(/\/assets\/main-[\w-]+\.js$/, async (route, request) => {
      if (request.url().endsWith(`/${entry}`)) return route.continue();
      await failing;
      return route.abort();
    });
    await page.goto('./');
    const { next, indicator } = walkthroughOf(page);
    await next.click({ force: true });
    fail();
    const note = page.locator('.start-failed-note');
    await expect(note).toBeInViewport();
    await expect(indicator).toHaveText('Step 1 of 23');
    await expect(next).toBeDisabled();
    expect(consoleErrors.some((error) => error.startsWith('Lockstep could not load its code'))).toBe(true);
    consoleErrors.length = 0;
  });
});
