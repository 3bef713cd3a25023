/* global window -- the functions passed to page.evaluate run in the page. */
/**
 * Measures the built site while real Postgres (PGlite, in its worker) starts, in headless Chromium (run by
 * `npm run bench` after the build): for each round a fresh page of the lesson, hydrated and idle, then "Run on real
 * Postgres" clicked, with the page's main-thread tasks over 50 ms recorded from the click until the panel says
 * Postgres has started. Prints the tasks and the start times, and writes reports/bench-postgres.json. A
 * measurement, not a test.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { chromium } from 'playwright-core';
import { preview } from 'vite';
import { systemChromium } from './browser-path.mjs';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 15);

const server = await preview({ preview: { host: '127.0.0.1', port: 0, strictPort: false }, logLevel: 'silent' });
const base = server.resolvedUrls.local[0];
const browser = await chromium.launch({ executablePath: systemChromium(), args: ['--no-sandbox'] });

async function round() {
  // A fresh context: PGlite's files come over the network, as on a first visit, not from a cache.
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, serviceWorkers: 'block' });
  const page = await context.newPage();
  await page.goto(base, { waitUntil: 'networkidle' });
  const panel = page.getByRole('region', { name: 'Real Postgres in this page' });
  const run = panel.getByRole('button', { name: 'Run on real Postgres' });
  await run.scrollIntoViewIfNeeded();
  await page.waitForLoadState('networkidle');
  await run.waitFor();
  await page.evaluate(() => {
    window.benchLongTasks = [];
    new window.PerformanceObserver((list) => {
      for (const entry of list.getEntries()) window.benchLongTasks.push(Math.round(entry.duration));
    }).observe({ type: 'longtask' });
  });
  const clickedAt = Date.now();
  await run.click();
  await panel.getByText(/^PostgreSQL [\d.]+ started in/).waitFor({ timeout: 120_000 });
  const startMs = Date.now() - clickedAt;
  const longTasks = await page.evaluate(() => window.benchLongTasks);
  await context.close();
  return { startMs, longTasks };
}

const rounds = [];
for (let index = 0; index < ROUNDS; index++) rounds.push(await round());
await browser.close();
await new Promise((resolve) => server.httpServer.close(resolve));

const sorted = rounds.map((one) => one.startMs).sort((a, b) => a - b);
const result = {
  measured: new Date().toISOString(),
  rounds: ROUNDS,
  startedMedianMs: sorted[Math.floor(sorted.length / 2)],
  longTasksOver50Ms: rounds.flatMap((one) => one.longTasks),
  roundsWithALongTask: rounds.filter((one) => one.longTasks.length > 0).length,
};
console.log(
  `real Postgres: started in ${result.startedMedianMs} ms (median of ${ROUNDS}, click to "started"); main-thread tasks over 50 ms meanwhile: ${result.roundsWithALongTask} of ${ROUNDS} rounds had one (${result.longTasksOver50Ms.join(', ') || 'none'} ms)`,
);
await mkdir('reports', { recursive: true });
await writeFile('reports/bench-postgres.json', `${JSON.stringify(result, null, 2)}\n`);
