import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { drawEverySection, expect, test } from './fixtures';

/**
 * Axe's findings as `id: help`; `within` limits it to the part that changed since the whole page was checked. Axe
 * leaves WCAG 2.2's target size (2.5.8) off by default; Lighthouse runs it, so it runs here too.
 */
async function violations(page: Page, within?: string) {
  await drawEverySection(page);
  const builder = new AxeBuilder({ page }).options({ rules: { 'target-size': { enabled: true } } });
  const results = await (within ? builder.include(within) : builder).analyze();
  return results.violations.map((violation) => `${violation.id}: ${violation.help}`);
}

// The whole page once (the lesson below the walkthrough is the same at every step, and axe takes seconds over it);
// then only the walkthrough, which is what a step, a link or a setting changes.
test('axe finds no violations on the whole page at the first step, with the text version open', async ({
  walkthrough,
  page,
}) => {
  await walkthrough.open();
  await walkthrough.textVersion.click();
  expect(await violations(page)).toEqual([]);
});

// Lighthouse runs axe's target size on a phone as the page opens, with the sections below still skipped for layout
// (content-visibility), where axe measures their controls at their own size alone: a quiz option's radio button or
// a source card's link under 24 px fails there, though it has room once drawn.
test('as Lighthouse opens it on a phone, every target is at least 24 px', async ({ walkthrough, page }) => {
  await page.setViewportSize({ width: 412, height: 823 });
  await walkthrough.open();
  const results = await new AxeBuilder({ page }).withRules(['target-size']).analyze();
  expect(results.violations.flatMap((violation) => violation.nodes.map((node) => node.html))).toEqual([]);
});

for (const query of ['?step=19&fencing=on', '?step=23&fencing=off', '?step=999']) {
  test(`axe finds no violations in the walkthrough at ${query}`, async ({ walkthrough, page }) => {
    await walkthrough.open(query);
    await walkthrough.textVersion.click();
    expect(await violations(page, '#walkthrough')).toEqual([]);
  });
}

test('every control is reachable and usable from the keyboard', async ({ walkthrough, page }) => {
  await walkthrough.open('?step=2');
  await walkthrough.back.focus();
  await page.keyboard.press('Enter');
  await walkthrough.expectStep(1);
  // Back is now disabled, so focus has moved on to Next rather than being lost.
  await expect(walkthrough.next).toBeFocused();
  await page.keyboard.press('Enter');
  await walkthrough.expectStep(2);
  await page.keyboard.press('Tab');
  await expect(walkthrough.fencing).toBeFocused();
  await page.keyboard.press('Space');
  await expect(walkthrough.fencing).toHaveAttribute('aria-checked', 'false');
  await page.keyboard.press('Tab');
  await expect(walkthrough.textVersion).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(walkthrough.textVersion).toHaveAttribute('aria-pressed', 'true');
});

test('fits a 390 px phone without sideways scrolling', async ({ walkthrough, page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await walkthrough.open('?step=19');
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);
  await expect(walkthrough.next).toBeInViewport();
});

test('honours prefers-reduced-motion: no transitions', async ({ walkthrough, page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await walkthrough.open('?step=3');
  const thumb = page.locator('.switch-thumb');
  await expect(thumb).toHaveCSS('transition-duration', '0s');
  await page.emulateMedia({ reducedMotion: 'no-preference' });
  await expect(thumb).not.toHaveCSS('transition-duration', '0s');
});

for (const scheme of ['dark', 'forced colours'] as const) {
  for (const path of ['/?step=20&fencing=off', '/?step=20&fencing=on', '/?lab&service=etcd', '/?present&step=20']) {
    // The lesson page whole once per scheme; with fencing on only its walkthrough differs.
    const within = path === '/?step=20&fencing=on' ? '#walkthrough' : undefined;
    test(`axe finds no violations in ${scheme} at ${path}${within ? ' (the walkthrough)' : ''}`, async ({ page }) => {
      if (scheme === 'dark') await page.emulateMedia({ colorScheme: 'dark' });
      else await page.emulateMedia({ forcedColors: 'active' });
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeAttached();
      await page.waitForTimeout(300);
      expect(await violations(page, within)).toEqual([]);
    });
  }
}

for (const scheme of ['light', 'dark', 'forced colours'] as const) {
  test(`axe finds no violations in ${scheme} in this round's views: a revealed prediction, the end pointer, compare`, async ({
    walkthrough,
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    if (scheme === 'dark') await page.emulateMedia({ colorScheme: 'dark' });
    if (scheme === 'forced colours') await page.emulateMedia({ forcedColors: 'active' });
    await walkthrough.open('?step=18&fencing=on');
    await page.getByRole('radio', { name: 'Yes, the write lands' }).check();
    await walkthrough.next.click();
    await walkthrough.next.click();
    await page.locator('#walkthrough summary', { hasText: 'Why' }).click();
    // The whole page once at phone width; the other schemes' whole pages are checked at step 20 above.
    expect(await violations(page, scheme === 'light' ? undefined : '#walkthrough')).toEqual([]);
    await walkthrough.open('?step=23&fencing=off');
    await expect(page.getByRole('link', { name: /Your result and what to try next/ })).toBeVisible();
    await page.getByRole('button', { name: 'Compare side by side' }).click();
    await expect(page.getByRole('region', { name: 'Fencing tokens on', exact: true })).toBeVisible();
    expect(await violations(page, '#walkthrough')).toEqual([]);
  });
}

test('under forced colours the fencing switch still shows its knob, on and off', async ({ walkthrough, page }) => {
  await page.emulateMedia({ forcedColors: 'active' });
  await walkthrough.open('?step=2');
  const thumb = page.locator('.switch-thumb').first();
  const colour = () => thumb.evaluate((element) => getComputedStyle(element).backgroundColor);
  const track = () =>
    page
      .locator('.switch-track')
      .first()
      .evaluate((element) => getComputedStyle(element).backgroundColor);
  expect(await colour()).not.toBe(await track());
  await walkthrough.fencing.click();
  expect(await colour()).not.toBe(await track());
});

test('at 400 % zoom (320 × 256) the controls scroll with the page instead of covering it, and nothing scrolls sideways', async ({
  walkthrough,
  page,
}) => {
  await page.setViewportSize({ width: 320, height: 256 });
  await walkthrough.open('?step=20&fencing=on');
  const bar = page.locator('.walkthrough-bar');
  expect(await bar.evaluate((element) => getComputedStyle(element).position)).toBe('static');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  // Focus something far below the controls: it is shown, not hidden behind them (WCAG 2.4.11).
  const download = page.getByRole('button', { name: 'Download SVG' });
  // The toolbar hydrates after the walkthrough's bar; until then its buttons are disabled, and focus passes them by.
  await expect(download).toBeEnabled();
  await download.focus();
  await expect(download).toBeFocused();
  await expect(download).toBeInViewport();
  expect(await bar.boundingBox().then((box) => (box ? box.y + box.height : 0))).toBeLessThanOrEqual(
    (await download.boundingBox())!.y,
  );
  await page.setViewportSize({ width: 1280, height: 800 });
  expect(await bar.evaluate((element) => getComputedStyle(element).position)).toBe('sticky');
});

for (const fencing of ['on', 'off'] as const) {
  test(`on a phone, the late write's caption, the write and the row it hits share one screen, fencing ${fencing}`, async ({
    walkthrough,
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await walkthrough.open(`?step=20&fencing=${fencing}`);
    await expect(walkthrough.caption).toContainText(fencing === 'on' ? 'UPDATE 0' : 'UPDATE 1');
    await expect(walkthrough.caption).toBeInViewport();
    const strip = page.locator('#walkthrough').getByRole('img', { name: /^Time to scale/ });
    await expect(strip).toHaveAccessibleName(
      new RegExp(fencing === 'on' ? 'write is refused by the fence' : 'stale write lands'),
    );
    await expect(strip).toBeInViewport({ ratio: 1 });
    const row = page.getByText(/^Table row now:/);
    await expect(row).toHaveText(fencing === 'on' ? /fence 34$/ : /fence 33$/);
    await expect(row).toBeInViewport({ ratio: 1 });
  });
}

test("the first Tab stop skips to the walkthrough's controls, and Next is the next one", async ({
  walkthrough,
  page,
}) => {
  await walkthrough.open('?step=2');
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: "Skip to the walkthrough's controls" });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.locator('#walkthrough-controls')).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(walkthrough.back).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(walkthrough.next).toBeFocused();
  // The address is as it was.
  expect(new URL(page.url()).hash).toBe('');
});

test('a prediction is heard with its step: the live region holds the caption, then the prompt; then the result', async ({
  walkthrough,
  page,
}) => {
  await walkthrough.open('?step=4');
  await walkthrough.next.click();
  const live = page.locator('#walkthrough [aria-live="polite"]');
  await expect(live).toHaveCount(1);
  await expect(live).toContainText(/Renewer A is frozen.*Predict before you press Next/);
  await page.getByRole('radio', { name: 'Yes, B gets the lock' }).check();
  await walkthrough.next.click();
  await walkthrough.next.click();
  await expect(live).toContainText(/The lock service answers .*Not this time: you predicted “Yes, B gets the lock”\./);
});

test('the time slider steps through every step by keyboard, even where steps share a time, and Play waits at a prediction', async ({
  walkthrough,
  page,
}) => {
  await walkthrough.open('?step=1');
  const slider = page.locator('#walkthrough').getByRole('slider', { name: 'Virtual time' });
  await slider.focus();
  // Steps 1 to 4 happen at 0 s, 5 at 2 s, 6 and 7 at 15 s: → visits each.
  for (const [step, time] of [
    [2, 0],
    [3, 0],
    [4, 0],
    [5, 2],
    [6, 15],
    [7, 15],
    [8, 30],
  ] as const) {
    await page.keyboard.press('ArrowRight');
    await expect(slider).toHaveAttribute('aria-valuetext', new RegExp(`^${time} s, step ${step} of 23$`));
    await walkthrough.expectStep(step);
  }
  await page.keyboard.press('ArrowLeft');
  await expect(slider).toHaveAttribute('aria-valuetext', /^15 s, step 7 of 23$/);
  await page.keyboard.press('End');
  await expect(slider).toHaveAttribute('aria-valuetext', /, step 23 of 23$/);
  await page.keyboard.press('Home');
  await expect(slider).toHaveAttribute('aria-valuetext', /^0 s, step 1 of 23$/);
  for (let press = 0; press < 4; press++) await page.keyboard.press('ArrowRight');
  await walkthrough.expectStep(5);
  await page.locator('#walkthrough').getByRole('button', { name: 'Play' }).click();
  await expect(page.getByText(/Paused for your prediction/)).toBeVisible();
  await walkthrough.expectStep(5);
});

test('Play stops at each of the three predictions, goes on once each is answered, and stops at the end', async ({
  walkthrough,
  page,
}) => {
  await walkthrough.open('?step=1&fencing=on');
  const root = page.locator('#walkthrough');
  await root.getByRole('combobox', { name: 'Speed' }).selectOption('4');
  await root.getByRole('button', { name: 'Play' }).click();
  const waiting = page.getByText(/Paused for your prediction/);
  const stops: string[] = [];
  for (let prediction = 0; prediction < 3; prediction++) {
    await expect(waiting).toBeVisible({ timeout: 60_000 });
    stops.push((await walkthrough.indicator.textContent()) ?? '');
    // It stays at the prediction: still there after the gap that Play would otherwise have waited.
    await page.waitForTimeout(2_500);
    expect(await walkthrough.indicator.textContent()).toBe(stops.at(-1));
    await root
      .getByRole('group', { name: /^Predict before you press Next/ })
      .getByRole('radio')
      .first()
      .check();
  }
  await expect(walkthrough.indicator).toHaveText('Step 23 of 23', { timeout: 60_000 });
  await expect(root.getByRole('button', { name: 'Play', exact: true })).toHaveAttribute('aria-pressed', 'false');
  expect(stops).toEqual(['Step 5 of 23', 'Step 8 of 23', 'Step 18 of 23']);
});
