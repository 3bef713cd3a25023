/* global window, requestAnimationFrame -- the functions passed to page.evaluate run in the page. */
/**
 * Measures the built site in headless Chromium (run by `npm run bench` after `vite build`): serves dist/ on
 * loopback, and for each lock service opens the lab, lets its first maps arrive, then changes an axis and times
 * the two new maps (1,600 runs each) from the change to the last one drawn. Reports the worker's runs per second,
 * the time to both maps, and the main thread's long tasks (over 50 ms) meanwhile. Prints a table and writes
 * reports/bench-map.json. A measurement, not a test: nothing here passes or fails on the machine's speed.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { chromium } from 'playwright-core';
import { preview } from 'vite';
import { systemChromium } from './browser-path.mjs';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 9);
const SERVICES = [
  ['lesson', 'fenced'],
  ['redis', 'unchecked'],
  ['redlock', 'unchecked'],
  ['etcd', 'fenced'],
  ['zookeeper', 'fenced'],
  ['chubby', 'fenced'],
];

const server = await preview({ preview: { host: '127.0.0.1', port: 0, strictPort: false }, logLevel: 'silent' });
const base = server.resolvedUrls.local[0];
const browser = await chromium.launch({ executablePath: systemChromium(), args: ['--no-sandbox'] });

/** One round for one service: a fresh page (an empty cache), its first maps, then the maps for a new axis. */
async function round(service, storage) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, serviceWorkers: 'block' });
  const page = await context.newPage();
  await page.goto(`${base}?lab&service=${service}&storage=${storage}`);
  const map = page.getByRole('region', { name: 'Outcome map' });
  const grids = map.getByRole('grid');
  const expected = service === 'redis' || service === 'redlock' ? 1 : 2;
  await grids.first().waitFor({ timeout: 120_000 });
  await page.waitForFunction((count) => performance.getEntriesByName('outcome map').length >= count, expected);
  await page.evaluate(() => {
    window.benchLongTasks = [];
    new PerformanceObserver((list) =>
      window.benchLongTasks.push(...list.getEntries().map((entry) => entry.duration)),
    ).observe({ type: 'longtask' });
    window.benchChangedAt = performance.now();
  });
  await map.getByRole('combobox', { name: 'Up' }).selectOption('writeDelayMs');
  await page.waitForFunction((count) => performance.getEntriesByName('outcome map').length >= 2 * count, expected);
  // Let the last map's render and paint finish before reading the long tasks.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 100))));
  const result = await page.evaluate(() => {
    const measures = performance
      .getEntriesByName('outcome map')
      .filter((entry) => entry.startTime >= window.benchChangedAt);
    return {
      toBothMs: Math.max(...measures.map((entry) => entry.startTime + entry.duration)) - window.benchChangedAt,
      workerMs: measures.map((entry) => entry.detail.workerMs),
      longTasks: window.benchLongTasks,
    };
  });
  await context.close();
  return result;
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

const rows = [];
const samples = Object.fromEntries(SERVICES.map(([service]) => [service, []]));
// Services alternate within each round, so a busy moment on the machine spreads over all of them.
for (let index = 0; index < ROUNDS; index++)
  for (const [service, storage] of SERVICES) samples[service].push(await round(service, storage));
for (const [service, storage] of SERVICES) {
  const runs = samples[service];
  const worker = runs.flatMap((run) => run.workerMs);
  const longTasks = runs.flatMap((run) => run.longTasks);
  rows.push({
    service,
    storage,
    rounds: runs.length,
    mapsPerRound: runs[0].workerMs.length,
    workerMsPerMapMedian: Math.round(median(worker)),
    runsPerSecondMedian: Math.round(1_600 / (median(worker) / 1_000)),
    changeToAllMapsMsMedian: Math.round(median(runs.map((run) => run.toBothMs))),
    longTasksOver50ms: longTasks.length,
    longestTaskMs: Math.round(Math.max(0, ...longTasks)),
  });
}
await browser.close();
await server.close();

console.table(rows);
await mkdir('reports', { recursive: true });
await writeFile(
  'reports/bench-map.json',
  `${JSON.stringify({ measured: new Date().toISOString(), rounds: ROUNDS, rows }, null, 2)}\n`,
);
console.log('written: reports/bench-map.json');
