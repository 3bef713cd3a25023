/* global document, MutationObserver -- the functions passed to page.evaluate run in the page. */
/**
 * Measures the built site's walkthrough in headless Chromium (run by `npm run bench` after `vite build`): for each
 * round a fresh page of the lesson, then Next through every step and Back through every step again, each timed from
 * the click to the DOM committed (the step indicator's text changed, seen by a MutationObserver), unthrottled and
 * with the CPU slowed 4× through the DevTools protocol (a school laptop). Also the script time over 10 s idle, with
 * the page visible and hidden (another tab brought to the front), and the JS heap after 50 and after 5,000 steps, as
 * shipped and with V8's compilers after the interpreter turned off (the page's own retention without compiled code).
 * Prints a table and writes reports/bench-walkthrough.json. A measurement, not a test.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { chromium } from 'playwright-core';
import { preview } from 'vite';
import { systemChromium } from './browser-path.mjs';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 15);
const HEAP_STEPS = Number(process.env.BENCH_HEAP_STEPS ?? 5_000);

const server = await preview({ preview: { host: '127.0.0.1', port: 0, strictPort: false }, logLevel: 'silent' });
const base = server.resolvedUrls.local[0];
const browser = await chromium.launch({ executablePath: systemChromium(), args: ['--no-sandbox'] });

async function openLesson() {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, serviceWorkers: 'block' });
  const page = await context.newPage();
  await openLessonIn(page);
  return { context, page };
}

/** The lesson in `page`, hydrated, its stepper enabled. */
async function openLessonIn(page) {
  await page.goto(base);
  await page
    .locator('#walkthrough')
    .getByText(/^Step 1 of \d+$/)
    .waitFor();
  // The page's code loads on the reader's first move (src/boot.ts): the pointer comes over the page, as a reader's
  // does. The prerendered stepper shows step 1 before it hydrates, and its buttons stay disabled until then: a click
  // before would change nothing, and the click's wait for a new step would never end.
  await page.mouse.move(200, 200);
  await page.waitForFunction(() =>
    [...document.querySelectorAll('#walkthrough .stepper button')].some(
      (button) => button.textContent.includes('Next') && !button.matches(':disabled'),
    ),
  );
}

/**
 * Every step forward, then every step back: the milliseconds from each click to the indicator's new text. At a
 * person's pace (`pauseMs` after each) for the latency; at once for the heap, whose 5,000 steps only need to happen.
 */
function clickThrough(page, pauseMs = 250) {
  return page.evaluate(async (pauseMs) => {
    const root = document.getElementById('walkthrough');
    const indicator = root.querySelector('.step-indicator');
    const button = (name) => [...root.querySelectorAll('.stepper button')].find((b) => b.textContent.includes(name));
    const count = Number(/of (\d+)/.exec(indicator.textContent)[1]);
    const times = [];
    const once = (name) =>
      new Promise((resolve) => {
        const before = indicator.textContent;
        let clickedAt = 0;
        const observer = new MutationObserver(() => {
          if (indicator.textContent === before) return;
          observer.disconnect();
          times.push(performance.now() - clickedAt);
          // The next click comes at a person's pace (a quarter of a second), so each is timed on its own and
          // pays for everything a single click causes.
          setTimeout(resolve, pauseMs);
        });
        observer.observe(indicator, { characterData: true, childList: true, subtree: true });
        clickedAt = performance.now();
        button(name).click();
      });
    for (let step = 1; step < count; step++) await once('Next');
    for (let step = 1; step < count; step++) await once('Back');
    return times;
  }, pauseMs);
}

/** Script time (ms) over `ms` of idle, from the DevTools protocol's Performance domain. */
async function idleScript(page, cdp, ms) {
  const scriptOf = async () =>
    (await cdp.send('Performance.getMetrics')).metrics.find((metric) => metric.name === 'ScriptDuration').value;
  const before = await scriptOf();
  await new Promise((resolve) => setTimeout(resolve, ms));
  return ((await scriptOf()) - before) * 1_000;
}

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};
const median = (values) => percentile(values, 50);

const latency = { unthrottled: [], throttled: [] };
// Unthrottled and throttled alternate within each round, so a busy moment on the machine spreads over both.
for (let index = 0; index < ROUNDS; index++) {
  for (const kind of ['unthrottled', 'throttled']) {
    const { context, page } = await openLesson();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: kind === 'throttled' ? 4 : 1 });
    latency[kind].push(...(await clickThrough(page)));
    await context.close();
  }
}

// Idle, visible then hidden: the lesson at step 1, nothing touched; hidden behind a second tab brought to the front.
const idle = { visible: [], hidden: [] };
for (let index = 0; index < 3; index++) {
  const { context, page } = await openLesson();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Performance.enable');
  // The first view's late work (the offline worker's registration) is over by then.
  await new Promise((resolve) => setTimeout(resolve, 5_000));
  idle.visible.push((await idleScript(page, cdp, 10_000)) / 10);
  const other = await context.newPage();
  await other.bringToFront();
  idle.hidden.push((await idleScript(page, cdp, 10_000)) / 10);
  await context.close();
}

/**
 * The heap after 50 steps and after HEAP_STEPS, each after a forced garbage collection, in a browser started with
 * `args`. The first step is a real click, as a reader's is: it also starts the page's late work (the offline worker's
 * registration, src/offline/start-offline.ts), which then counts in the heap after 50 steps, as it would for a reader,
 * not in the growth after them (the scripted clicks below send no pointerdown, and that work then waited 8 s idle).
 */
async function heapGrowth(args) {
  const heapBrowser = await chromium.launch({ executablePath: systemChromium(), args: ['--no-sandbox', ...args] });
  const context = await heapBrowser.newContext({ viewport: { width: 1440, height: 900 }, serviceWorkers: 'block' });
  const page = await context.newPage();
  await openLessonIn(page);
  const cdp = await context.newCDPSession(page);
  const stepper = page.locator('#walkthrough .stepper');
  await stepper.getByRole('button', { name: /^Next/ }).click();
  await stepper.getByRole('button', { name: /^Back/ }).click();
  await page.waitForLoadState('networkidle');
  const heapAfter = async () => {
    await cdp.send('HeapProfiler.collectGarbage');
    return (await cdp.send('Runtime.getHeapUsage')).usedSize;
  };
  const domCounters = async () => {
    const { nodes, jsEventListeners } = await cdp.send('Memory.getDOMCounters');
    return { nodes, jsEventListeners };
  };
  let stepped = 2;
  const stepTo = async (total) => {
    while (stepped < total) {
      await clickThrough(page, 0);
      const count = Number(/of (\d+)/.exec(await page.locator('#walkthrough .step-indicator').textContent())[1]);
      stepped += 2 * (count - 1);
    }
  };
  await stepTo(50);
  const heap50 = await heapAfter();
  const dom50 = await domCounters();
  await stepTo(1_000);
  const heap1000 = await heapAfter();
  await stepTo(HEAP_STEPS);
  const heapMany = await heapAfter();
  const domMany = await domCounters();
  await heapBrowser.close();
  return {
    after50StepsKb: Math.round(heap50 / 1024),
    [`after${stepped}StepsKb`]: Math.round(heapMany / 1024),
    growth: `${(((heapMany - heap50) / heap50) * 100).toFixed(1)} %`,
    after1000StepsKb: Math.round(heap1000 / 1024),
    growthAfter1000Steps: `${(((heapMany - heap1000) / heap1000) * 100).toFixed(1)} %`,
    domAfter50Steps: dom50,
    [`domAfter${stepped}Steps`]: domMany,
  };
}
// As shipped, V8 compiles the functions that become hot over the first few hundred steps, and their code and type
// feedback grow the heap, then stop. With its compilers after the interpreter turned off, what is left is what the
// page itself keeps: a leak of its own shows there.
const heap = await heapGrowth([]);
const heapWithoutCompiledCode = await heapGrowth(['--js-flags=--no-opt --no-maglev --no-sparkplug']);
await browser.close();
await server.close();

const rows = Object.entries(latency).map(([kind, times]) => ({
  kind,
  clicks: times.length,
  p50Ms: Number(median(times).toFixed(1)),
  p95Ms: Number(percentile(times, 95).toFixed(1)),
}));
const result = {
  measured: new Date().toISOString(),
  rounds: ROUNDS,
  nextToDomCommitted: rows,
  idleScriptMsPerSecond: {
    visible: Number(median(idle.visible).toFixed(2)),
    hidden: Number(median(idle.hidden).toFixed(2)),
  },
  heap,
  heapWithoutCompiledCode,
};
console.table(rows);
console.log(JSON.stringify({ idle: result.idleScriptMsPerSecond, heap, heapWithoutCompiledCode }, null, 2));
await mkdir('reports', { recursive: true });
await writeFile('reports/bench-walkthrough.json', `${JSON.stringify(result, null, 2)}\n`);
console.log('written: reports/bench-walkthrough.json');
