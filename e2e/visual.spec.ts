import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { drawEverySection, expect, test } from './fixtures';

/*
 * Visual regression: what the reader sees in the key states, compared with baselines committed beside this file.
 * Fonts are pinned by e2e/visual/fonts.conf (the visual project in playwright.config.ts); animations and the caret
 * are off. After a deliberate change, look at the new pictures, then: npm run test:e2e -- --update-snapshots
 */

const VERSION_FILE = path.join(import.meta.dirname, 'visual.spec.ts-snapshots', 'chromium-version.txt');

test.beforeAll(async ({ browser }, testInfo) => {
  const running = browser.version();
  if (testInfo.config.updateSnapshots === 'all' || testInfo.config.updateSnapshots === 'changed') {
    mkdirSync(path.dirname(VERSION_FILE), { recursive: true });
    writeFileSync(VERSION_FILE, `${running}\n`);
    return;
  }
  const recorded = readFileSync(VERSION_FILE, 'utf8').trim();
  expect(
    running,
    `The baselines were taken with Chromium ${recorded}; this is ${running}. Text renders differently across ` +
      'versions: run the visual suite with --update-snapshots, look at every new picture, and commit them.',
  ).toBe(recorded);
});

const shoot = (target: Locator, name: string) =>
  expect(target).toHaveScreenshot(name, { animations: 'disabled', caret: 'hide', maxDiffPixelRatio: 0.001 });

async function toStep(page: Page, step: number) {
  const root = page.locator('#walkthrough');
  const indicator = root.getByText(/^Step \d+ of \d+$/);
  await root.getByRole('button', { name: 'Next', exact: true }).focus();
  for (;;) {
    const current = Number(/^Step (\d+)/.exec((await indicator.textContent()) ?? '')?.[1]);
    if (current === step) break;
    await page.keyboard.press(current < step ? 'ArrowRight' : 'ArrowLeft');
    await expect(indicator).not.toHaveText(`Step ${current} of 23`);
  }
  // The picture settles once the step's parts have drawn; move the pointer out of the way of any hover style.
  await page.mouse.move(0, 0);
  // The sticky bar sits where the page's scroll puts it: shoot from the top, so it is always in its own place.
  await page.evaluate(() => window.scrollTo(0, 0));
}

const views = [
  { name: 'desktop', viewport: { width: 1440, height: 900 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
] as const;

for (const view of views) {
  for (const colorScheme of ['light', 'dark'] as const) {
    test.describe(`${view.name}, ${colorScheme}`, () => {
      test.use({ viewport: view.viewport, colorScheme });
      const prefix = `${view.name}-${colorScheme}`;

      test('the walkthrough at steps 1, 18 and 20 in both fencing modes', async ({ walkthrough, page }) => {
        await walkthrough.open('?step=1&fencing=on');
        const root = page.locator('#walkthrough');
        for (const fencing of ['on', 'off'] as const) {
          if (fencing === 'off') {
            await walkthrough.fencing.click();
            await expect(walkthrough.fencing).toHaveAttribute('aria-checked', 'false');
          }
          for (const step of [1, 18, 20]) {
            await toStep(page, step);
            await shoot(root, `${prefix}-walkthrough-step${step}-fencing-${fencing}.png`);
          }
        }
      });

      test('the quiz with a wrong pick and a right pick', async ({ lesson, page }) => {
        await lesson.open();
        // Sections off screen are laid out at a guessed height until drawn, which moves the question by a fraction of
        // a pixel from run to run: draw them all, so it sits at one place.
        await drawEverySection(page);
        // The fencing section's outcome map grows when its worker is done: the quiz below it settles after that.
        await expect(page.getByText(/^The table checks tokens: the stale write lands in/)).toBeVisible({
          timeout: 60_000,
        });
        // So does the fence exercise in section 6 when its code arrives: brought near and drawn first.
        await page.locator('#write-the-fence').scrollIntoViewIfNeeded();
        await expect(page.getByRole('form', { name: 'Write the fence yourself' })).toBeVisible({ timeout: 60_000 });
        const snip = lesson.question(/Snip uses a Redis lock/);
        await snip.answer(/^Yes: a majority of five nodes/);
        await expect(snip.notQuite).toBeVisible();
        await shoot(snip.form, `${prefix}-quiz-wrong.png`);
        await snip.tryAgain();
        await snip.answer(/^No: it is an efficiency lock/);
        await expect(snip.correct).toBeVisible();
        await shoot(snip.form, `${prefix}-quiz-right.png`);
      });

      test('the lab, the presenter and compare', async ({ walkthrough, page }) => {
        await page.goto('/?lab');
        const lab = page.getByRole('main');
        await expect(lab.getByText(/^Step \d+ of \d+$/).first()).toBeVisible();
        // The outcome map arrives from its worker: shoot once both maps are drawn, not while one is computing.
        await expect(lab.getByText(/^The table checks tokens: the stale write lands in/)).toBeVisible({
          timeout: 60_000,
        });
        await expect(lab.getByRole('grid')).toHaveCount(2);
        await shoot(lab, `${prefix}-lab.png`);

        await page.goto('/?present&step=20');
        await expect(page.getByText(/^Step 20 of 23$/)).toBeVisible();
        await shoot(page.locator('main'), `${prefix}-presenter-step20.png`);

        // A shot of an element taller than the window makes Chromium lay the page out at 1×1 px for a moment, which
        // empties each diagram box and resets its scroll until the page re-measures; on a busy machine the shot can
        // come first. Make the window tall enough to hold both sides: the phone stacks them, 1,160 px from about
        // 290 px down. A phone's diagram boxes do not grow with the window, so its baselines hold.
        await page.setViewportSize({ width: view.viewport.width, height: view.name === 'desktop' ? 1400 : 1600 });
        await walkthrough.open('?step=20');
        await page.getByRole('button', { name: 'Compare side by side' }).click();
        const compare = page.getByRole('region', { name: 'Fencing tokens off', exact: true }).locator('..');
        await expect(compare).toBeVisible();
        // Each side's diagram box scrolls its current row (step 20, far below 0 s) into view: shoot after it has.
        await expect
          .poll(() =>
            compare
              .locator('.diagram-scroll-box')
              .evaluateAll((boxes) => boxes.length === 2 && boxes.every((box) => box.scrollTop > 0)),
          )
          .toBe(true);
        await shoot(compare, `${prefix}-compare-step20.png`);
      });

      test("a course page's embeds and the speaker view", async ({ page }) => {
        await page.goto('/embed.html?widget=quiz');
        await expect(page.getByText(/^Question 1 of \d+$/)).toBeVisible();
        await shoot(page.locator('main'), `${prefix}-embed-quiz.png`);

        await page.goto('/embed.html?widget=map');
        await expect(page.getByRole('grid', { name: /^The table checks nothing/ })).toBeVisible({ timeout: 60_000 });
        await page.mouse.move(0, 0);
        await shoot(page.locator('main'), `${prefix}-embed-map.png`);

        await page.goto('/embed.html?widget=lab&service=redlock');
        await page.getByText('Settings', { exact: true }).click();
        await expect(page.getByTestId('run-glance')).toBeVisible();
        await shoot(page.locator('main'), `${prefix}-embed-lab-settings.png`);

        await page.goto('/?present&speaker&step=6');
        await expect(page.getByRole('img', { name: 'The screen after Next: step 7' })).toBeVisible();
        // The pictures of the screen now and after Next (the bar above holds a timer, which counts).
        await shoot(page.getByRole('region', { name: 'Next', exact: true }), `${prefix}-speaker-next.png`);
      });
    });
  }
}
