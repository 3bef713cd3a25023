/* global document -- the functions passed to page.evaluate run in the page. */
/**
 * The first press on the built site, at 4× CPU throttling (Chromium's Emulation.setCPUThrottlingRate), as a reader
 * on a slow phone or school laptop makes it (run by `npm run bench` after the build), ROUNDS times each:
 * - a tap on Next at 390×844 (touch), a click on Next at 1440×900, and Tab then Enter on Next, each made as soon as
 *   Next is on screen, never repeated: which step the page settles on (2 is right), and the time from navigation
 *   to step 2;
 * - untouched: the time from navigation until Next accepts a press (its part has hydrated: no longer aria-disabled).
 * Writes reports/bench-first-press.json. A measurement, not a test: nothing here fails on time.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { preview } from 'vite';
import { systemChromium } from './browser-path.mjs';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const THROTTLE = 4;
const server = await preview({ preview: { host: '127.0.0.1', port: 0, strictPort: false }, logLevel: 'silent' });
const base = server.resolvedUrls.local[0];
const browser = await chromium.launch({
  executablePath: systemChromium(),
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
});

const NEXT = '#walkthrough .stepper button.primary';

/** A fresh context at 4× CPU throttling, with the page open from navigation on. */
async function open(viewport, touch) {
  const context = await browser.newContext({ viewport, hasTouch: touch, isMobile: touch, serviceWorkers: 'block' });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLE });
  const navigated = Date.now();
  await page.goto(base, { waitUntil: 'commit' });
  return { context, page, navigated };
}

const stepNow = (page) =>
  page.evaluate(() => document.querySelector('#walkthrough .step-indicator')?.textContent?.trim() ?? '');

/** Presses Next once, as soon as it shows, the way `press` says; then where the page settles, and when. */
async function firstPress(how) {
  const touch = how === 'tap';
  const { context, page, navigated } = await open(
    touch ? { width: 390, height: 844 } : { width: 1440, height: 900 },
    touch,
  );
  const next = page.locator(NEXT);
  await next.waitFor({ state: 'visible' });
  const pressedAt = Date.now() - navigated;
  if (how === 'tap') await next.tap({ force: true });
  else if (how === 'click') await next.click({ force: true });
  else {
    // Tab until Next has focus (it can take focus while loading), then Enter.
    for (let presses = 0; presses < 40; presses += 1) {
      if (await next.evaluate((button) => button === document.activeElement)) break;
      await page.keyboard.press('Tab');
    }
    await page.keyboard.press('Enter');
  }
  let reached = null;
  await page
    .waitForFunction(
      () => document.querySelector('#walkthrough .step-indicator')?.textContent?.includes('Step 2'),
      null,
      {
        timeout: 30_000,
        polling: 20,
      },
    )
    .then(() => (reached = Date.now() - navigated))
    .catch(() => {});
  // The page's signal that its code has run (src/boot.ts); an older build without it settles by the wait below.
  await page
    .waitForFunction(() => document.documentElement.classList.contains('started'), null, { timeout: 30_000 })
    .catch(() => {});
  // Settled: nothing held is left to replay, and no second press was made.
  await page.waitForTimeout(1500);
  const settled = await stepNow(page);
  await context.close();
  return { pressedAtMs: pressedAt, stepTwoAtMs: reached, settledOn: settled };
}

/** With no press at all: when does Next accept one? */
async function untouched() {
  const { context, page, navigated } = await open({ width: 1440, height: 900 }, false);
  // null: not within 30 s (a page whose code waits for a move never comes alive untouched).
  const ready = await page
    .waitForFunction(
      (selector) => {
        const next = document.querySelector(selector);
        return !!next && !next.closest('[aria-disabled="true"], [disabled]');
      },
      NEXT,
      { timeout: 30_000, polling: 20 },
    )
    .then(
      () => Date.now() - navigated,
      () => null,
    );
  await context.close();
  return ready;
}

const median = (values) => {
  const sorted = values.filter((value) => value !== null).sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor((sorted.length - 1) / 2)] : null;
};

const result = { measuredAt: new Date().toISOString(), cpuThrottling: THROTTLE, rounds: ROUNDS };
try {
  for (const how of ['tap', 'click', 'tabEnter']) {
    const runs = [];
    for (let round = 0; round < ROUNDS; round += 1) runs.push(await firstPress(how));
    result[how] = {
      reachedStepTwoOnce: runs.filter((run) => run.settledOn === 'Step 2 of 23').length,
      settledOn: runs.map((run) => run.settledOn),
      medianMsToStepTwo: median(runs.map((run) => run.stepTwoAtMs)),
      msToStepTwo: runs.map((run) => run.stepTwoAtMs),
      msPressedAfterNavigation: runs.map((run) => run.pressedAtMs),
    };
    console.log(
      `${how}: step 2, with no second press, in ${result[how].reachedStepTwoOnce} of ${ROUNDS}; median ${result[how].medianMsToStepTwo} ms from navigation`,
    );
  }
  const ready = [];
  for (let round = 0; round < ROUNDS; round += 1) ready.push(await untouched());
  result.untouched = { medianMsUntilNextAcceptsAPress: median(ready), ms: ready };
  console.log(`untouched: Next accepts a press after a median ${median(ready)} ms (${ready.join(', ')})`);
} finally {
  await browser.close();
  server.httpServer.close();
}
const reports = join(import.meta.dirname, '..', 'reports');
await mkdir(reports, { recursive: true });
await writeFile(join(reports, 'bench-first-press.json'), `${JSON.stringify(result, null, 2)}\n`);
console.log('Written to reports/bench-first-press.json');
