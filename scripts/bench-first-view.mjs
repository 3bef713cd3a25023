/* global document, window, requestAnimationFrame -- the functions passed to page.evaluate run in the page. */
/**
 * Measures the built site's first view in headless Chromium (run by `npm run bench` after the build), alternating
 * two pages over the rounds, each a fresh context with an empty cache:
 * - Lockstep's index.html, and a baseline: the same prerendered page with every script removed (the physical limit
 *   for this page), each timed from navigation start to the first frame in which the walkthrough's diagram is laid
 *   out (an animation frame, so the frame about to be painted), and the ratio of their medians;
 * - for Lockstep, the bytes (gzip, as sent) of JS and CSS fetched before the network is idle, on the reader's first
 *   move (the pointer comes over the page: src/boot.ts then fetches the page's code, which hydrates), then after
 *   scrolling to the lesson's end; and the main-thread tasks over 50 ms while the page loads (navigation to network
 *   idle) and while it hydrates (the move to its stepper enabled and the network idle);
 * - in up to five further traced visits, each of those tasks split into the page's script and the browser's own
 *   parse, style and layout of the markup;
 * - in as many visits that no DevTools client watches while the page loads and hydrates, the tasks over 50 ms as the
 *   page saw them (there the page's watcher makes the move itself: a pointermove event 1 s after load).
 * Prints a table and writes reports/bench-first-view.json. A measurement, not a test.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { preview } from 'vite';
import { systemChromium } from './browser-path.mjs';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 15);
const dist = join(import.meta.dirname, '..', 'dist');
const BASELINE = 'bench-baseline.html';

// The baseline: index.html without its scripts and module preloads; the stylesheets and the markup stay.
const html = await readFile(join(dist, 'index.html'), 'utf8');
await writeFile(
  join(dist, BASELINE),
  html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, '').replace(/<link rel="modulepreload"[^>]*>/g, ''),
);

// For visits with no DevTools client attached while the page loads: index.html with a watcher of long tasks first in
// its head (a file of the site's own: the CSP allows no inline script).
const UNWATCHED = 'bench-unwatched.html';
const WATCHER = 'bench-long-tasks.js';
await writeFile(
  join(dist, WATCHER),
  'window.benchLongTasks = []; new PerformanceObserver((list) => { for (const entry of list.getEntries()) ' +
    "window.benchLongTasks.push(Math.round(entry.duration)); }).observe({ type: 'longtask', buffered: true });\n" +
    "window.addEventListener('load', () => setTimeout(() => document.dispatchEvent(new Event('pointermove')), 1000));\n",
);
await writeFile(join(dist, UNWATCHED), html.replace('<head>', `<head><script src="./${WATCHER}"></script>`));

// Gone however the bench ends.
process.on('exit', () => {
  for (const file of [BASELINE, UNWATCHED, WATCHER]) rmSync(join(dist, file), { force: true });
});
const server = await preview({ preview: { host: '127.0.0.1', port: 0, strictPort: false }, logLevel: 'silent' });
const base = server.resolvedUrls.local[0];
const browser = await chromium.launch({ executablePath: systemChromium(), args: ['--no-sandbox'] });

/** Recorded in the page from its first moment: the frame the diagram is first laid out, and every long task. */
function watch() {
  window.benchDiagramAt = null;
  window.benchLongTasks = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.benchLongTasks.push(Math.round(entry.duration));
  }).observe({ type: 'longtask', buffered: true });
  const look = (now) => {
    const diagram = document.querySelector('#walkthrough .diagram svg');
    if (diagram && diagram.getBoundingClientRect().height > 0) window.benchDiagramAt = now;
    else requestAnimationFrame(look);
  };
  requestAnimationFrame(look);
}

async function visit(path, { scroll }) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, serviceWorkers: 'block' });
  const page = await context.newPage();
  const bytes = { beforeIdle: 0, onFirstMove: 0, onScroll: 0 };
  let phase = 'beforeIdle';
  page.on('response', async (response) => {
    if (!/\.(js|css)$/.test(new URL(response.url()).pathname)) return;
    const during = phase;
    const body = await response.body().catch(() => null);
    if (body) bytes[during] += gzipSync(body, { level: 9 }).length;
  });
  await page.addInitScript(watch);
  await page.goto(new URL(path, base).toString(), { waitUntil: 'networkidle' });
  await page.waitForFunction(() => window.benchDiagramAt !== null);
  const diagramMs = await page.evaluate(() => window.benchDiagramAt);
  const loadTasks = await page.evaluate(() => window.benchLongTasks.splice(0));
  let hydrationTasks = [];
  if (path === './') {
    phase = 'onFirstMove';
    await firstMove(page);
    hydrationTasks = await page.evaluate(() => window.benchLongTasks.splice(0));
  }
  if (scroll) {
    phase = 'onScroll';
    for (let at = 0; at < 40; at++) {
      await page.mouse.wheel(0, 2_000);
      await page.waitForTimeout(100);
    }
    await page.waitForLoadState('networkidle');
  }
  await context.close();
  return { diagramMs, loadTasks, hydrationTasks, bytes };
}

/** The reader's pointer comes over the page; then the page's code has loaded and hydrated, and the network is idle. */
async function firstMove(page) {
  await page.mouse.move(200, 200);
  await page.waitForFunction(() =>
    [...document.querySelectorAll('#walkthrough .stepper button')].some(
      (button) => button.textContent.includes('Next') && !button.matches(':disabled'),
    ),
  );
  await page.waitForLoadState('networkidle');
}

// Trace events that are the page's script running, and those that are the browser laying out or parsing the markup.
const SCRIPT = new Set([
  'v8.evaluateModule',
  'EvaluateScript',
  'FunctionCall',
  'v8.compile',
  'RunMicrotasks',
  'TimerFire',
]);
const BROWSER = new Set(['Layout', 'UpdateLayoutTree', 'ParseHTML', 'PrePaint', 'Paint']);

/**
 * The main thread's tasks over 50 ms while Lockstep loads, traced through the DevTools protocol, each split into the
 * page's script (module evaluation, hydration) and the browser's own work on the markup (parse, style, layout,
 * paint), which the scriptless baseline has too. A separate visit: tracing slows the page it watches.
 */
async function tracedLongTasks() {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, serviceWorkers: 'block' });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  const events = [];
  cdp.on('Tracing.dataCollected', ({ value }) => events.push(...value));
  const finished = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
  await cdp.send('Tracing.start', {
    categories: 'toplevel,devtools.timeline,v8.execute',
    transferMode: 'ReportEvents',
  });
  await page.goto(base, { waitUntil: 'networkidle' });
  await firstMove(page);
  await cdp.send('Tracing.end');
  await finished;
  await context.close();
  const mains = new Set(
    events
      .filter((event) => event.name === 'thread_name' && event.args?.name === 'CrRendererMain')
      .map((event) => `${event.pid}:${event.tid}`),
  );
  const onMain = events.filter((event) => event.ph === 'X' && mains.has(`${event.pid}:${event.tid}`));
  return onMain
    .filter((task) => task.name === 'ThreadControllerImpl::RunTask' && task.dur > 50_000)
    .map((task) => {
      const inside = onMain.filter(
        (event) =>
          event !== task &&
          event.pid === task.pid &&
          event.tid === task.tid &&
          event.ts >= task.ts &&
          event.ts + event.dur <= task.ts + task.dur,
      );
      // Nested events of one kind (a FunctionCall inside a FunctionCall) are counted once, at the outermost.
      const total = (kinds) =>
        inside
          .filter((event) => kinds.has(event.name))
          .filter(
            (event) =>
              !inside.some(
                (outer) =>
                  outer !== event &&
                  kinds.has(outer.name) &&
                  outer.ts <= event.ts &&
                  outer.ts + outer.dur >= event.ts + event.dur,
              ),
          )
          .reduce((sum, event) => sum + event.dur, 0) / 1000;
      return {
        ms: Math.round(task.dur / 1000),
        scriptMs: Math.round(total(SCRIPT)),
        browserMs: Math.round(total(BROWSER)),
      };
    });
}

/**
 * The main thread's tasks over 50 ms in a visit that no DevTools client watches while it loads. Playwright's client
 * makes V8 record a detailed stack (source lines, found by parsing again) for every Error the page creates, and
 * React's DOM renderer creates five as it loads: that inflates the visits above by about 10 ms. Here Chromium opens the
 * page itself, and a client attaches only afterwards to read what the page recorded.
 */
async function unwatchedLongTasks() {
  const profile = mkdtempSync(join(tmpdir(), 'lockstep-bench-'));
  const chromiumProcess = spawn(
    systemChromium(),
    [
      '--headless',
      '--no-sandbox',
      '--remote-debugging-port=0',
      `--user-data-dir=${profile}`,
      '--window-size=1440,900',
      new URL(UNWATCHED, base).toString(),
    ],
    // Its own process group, so the browser's helper processes end with it.
    { stdio: 'ignore', detached: true },
  );
  try {
    // Long enough for the page to load, move and hydrate on a slow machine; the page records its own tasks meanwhile.
    await new Promise((resolve) => setTimeout(resolve, 8_000));
    const [port] = readFileSync(join(profile, 'DevToolsActivePort'), 'utf8').split('\n');
    const attached = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
    const [page] = attached.contexts()[0].pages();
    const tasks = await page.evaluate(() => window.benchLongTasks);
    await attached.close();
    return tasks;
  } finally {
    const exited = new Promise((resolve) => chromiumProcess.once('exit', resolve));
    process.kill(-chromiumProcess.pid, 'SIGTERM');
    await exited;
    // A helper process can still be writing to the profile just after the browser exits: retry, and at worst leave
    // the folder to the system's temporary files rather than lose the measurement.
    try {
      rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
    } catch (error) {
      console.warn(`left ${profile} behind: ${error.message}`);
    }
  }
}

const lockstep = [];
const baseline = [];
for (let round = 0; round < ROUNDS; round++) {
  // Alternated, so a busy moment on the machine falls on both.
  const order = round % 2 === 0 ? ['lockstep', 'baseline'] : ['baseline', 'lockstep'];
  for (const which of order) {
    if (which === 'lockstep') lockstep.push(await visit('./', { scroll: round === 0 }));
    else baseline.push(await visit(`./${BASELINE}`, { scroll: false }));
  }
}
const TRACED_ROUNDS = Math.min(ROUNDS, 5);
const traced = [];
for (let round = 0; round < TRACED_ROUNDS; round++) traced.push(...(await tracedLongTasks()));
const unwatched = [];
for (let round = 0; round < TRACED_ROUNDS; round++) unwatched.push(await unwatchedLongTasks());
await browser.close();
await new Promise((resolve) => server.httpServer.close(resolve));

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};
const kb = (bytes) => Math.round(bytes / 102.4) / 10;
const result = {
  rounds: ROUNDS,
  diagramVisibleMs: {
    lockstep: Math.round(median(lockstep.map((run) => run.diagramMs))),
    baseline: Math.round(median(baseline.map((run) => run.diagramMs))),
  },
  ratio: 0,
  gzipKb: {
    beforeNetworkIdle: kb(lockstep[0].bytes.beforeIdle),
    onFirstMove: kb(lockstep[0].bytes.onFirstMove),
    onScrollToEnd: kb(lockstep[0].bytes.onScroll),
  },
  loadLongTasksOver50Ms: lockstep.flatMap((run) => run.loadTasks),
  hydrationLongTasksOver50Ms: lockstep.flatMap((run) => run.hydrationTasks),
  roundsWithAHydrationLongTask: lockstep.filter((run) => run.hydrationTasks.length > 0).length,
  // The same page without scripts: its long tasks are the browser's own (parsing, style and layout of the markup),
  // which Lockstep's page has too.
  baselineLongTasksOver50Ms: baseline.flatMap((run) => run.loadTasks),
};
// A task is the page's (load and hydration) when its script outweighs the browser's own work on the markup.
result.tracedLongTasks = {
  rounds: TRACED_ROUNDS,
  mostlyScript: traced.filter((task) => task.scriptMs >= task.browserMs),
  mostlyBrowser: traced.filter((task) => task.scriptMs < task.browserMs),
};
result.unwatchedLongTasks = { rounds: TRACED_ROUNDS, tasksOver50Ms: unwatched };
result.ratio = Math.round((result.diagramVisibleMs.lockstep / result.diagramVisibleMs.baseline) * 100) / 100;
console.table({
  'diagram visible, median ms': result.diagramVisibleMs,
  'lockstep / baseline': { lockstep: result.ratio, baseline: 1 },
});
console.log(
  `JS+CSS (gzip) before network idle: ${result.gzipKb.beforeNetworkIdle} kB; on the first move: +${result.gzipKb.onFirstMove} kB; on scrolling to the end: +${result.gzipKb.onScrollToEnd} kB`,
);
console.log(`tasks over 50 ms while loading: ${result.loadLongTasksOver50Ms.join(', ') || 'none'} ms`);
console.log(
  `tasks over 50 ms while hydrating, after the first move: ${result.roundsWithAHydrationLongTask} of ${ROUNDS} rounds had one (${result.hydrationLongTasksOver50Ms.join(', ') || 'none'} ms)`,
);
console.log(`the scriptless baseline's tasks over 50 ms: ${result.baselineLongTasksOver50Ms.join(', ') || 'none'} ms`);
const describeTasks = (tasks) =>
  tasks.map((task) => `${task.ms} ms (script ${task.scriptMs}, layout and parse ${task.browserMs})`).join('; ') ||
  'none';
console.log(
  `traced, ${TRACED_ROUNDS} rounds: tasks over 50 ms mostly the page's script (load, hydration): ${describeTasks(result.tracedLongTasks.mostlyScript)}`,
);
console.log(
  `  and mostly the browser's layout of the prerendered markup (as in the baseline): ${describeTasks(result.tracedLongTasks.mostlyBrowser)}`,
);
console.log(
  `no DevTools client while loading and hydrating, ${TRACED_ROUNDS} rounds: tasks over 50 ms ${unwatched.map((tasks) => tasks.join(' and ') || 'none').join('; ')} ms`,
);
await mkdir('reports', { recursive: true });
await writeFile('reports/bench-first-view.json', `${JSON.stringify(result, null, 2)}\n`);
