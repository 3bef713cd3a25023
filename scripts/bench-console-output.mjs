/* global window, document -- the functions passed to page.evaluate run in the page. */
/**
 * Measures how the built site draws the SQL console's largest results (run by `npm run bench` after the build), in
 * headless Chromium: real Postgres started once, then each query below run from the console, with the page's
 * main-thread tasks over 50 ms recorded from the click on Run until "Took …" shows. The queries are the ones that
 * froze the tab before the console counted every cell, NULL, header and error toward its output limit (issue 45:
 * 34 s and 3.9 s). Prints the longest task of each and writes reports/bench-console-output.json. A measurement,
 * not a test (target: no task over 100 ms).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { chromium } from 'playwright-core';
import { preview } from 'vite';
import { systemChromium } from './browser-path.mjs';

const QUERIES = {
  '1,600 NULL columns × 500 rows': `SELECT ${Array.from({ length: 1600 }, () => 'NULL').join(', ')} FROM generate_series(1, 500);`,
  '400 NULL columns × 500 rows': `SELECT ${Array.from({ length: 400 }, () => 'NULL').join(', ')} FROM generate_series(1, 500);`,
  '3,000 errors of 10,000 characters': "DO $$BEGIN RAISE EXCEPTION '%', repeat('x',10000); END$$;\n".repeat(3000),
};

const server = await preview({ preview: { host: '127.0.0.1', port: 0, strictPort: false }, logLevel: 'silent' });
const base = server.resolvedUrls.local[0];
const browser = await chromium.launch({ executablePath: systemChromium(), args: ['--no-sandbox'] });
/** A fresh page with real Postgres started: the console ready, nothing drawn yet. */
async function freshConsole() {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, serviceWorkers: 'block' });
  const page = await context.newPage();
  await page.goto(base, { waitUntil: 'networkidle' });
  const panel = page.getByRole('region', { name: 'Real Postgres in this page' });
  const start = panel.getByRole('button', { name: 'Run on real Postgres' });
  await start.scrollIntoViewIfNeeded();
  await start.hover();
  await start.click();
  await panel.getByText(/^PostgreSQL [\d.]+ started in/).waitFor({ timeout: 120_000 });
  return { context, page, form: panel.getByRole('form', { name: 'SQL console' }) };
}

const results = [];
for (const [name, query] of Object.entries(QUERIES)) {
  const { context, page, form } = await freshConsole();
  // Put in the box as the page would hear a paste (an input event): Chromium's own insertion of 170 kB of lines,
  // typed or by execCommand, takes 11 s or more in a bare textarea, with or without this page.
  const box = form.getByRole('textbox', { name: 'SQL' });
  const filledAt = Date.now();
  await box.evaluate((element, text) => {
    const setValue = Object.getOwnPropertyDescriptor(window.HTMLTextAreaElement.prototype, 'value').set;
    setValue.call(element, text);
    element.dispatchEvent(new window.Event('input', { bubbles: true }));
  }, query);
  await page.waitForFunction(
    (length) => document.querySelector('textarea[aria-describedby]')?.value.length === length,
    query.length,
  );
  const fillMs = Date.now() - filledAt;
  // What filling the box cost is not the drawing's: let the page settle first.
  await page.waitForTimeout(500);
  await page.evaluate(() => {
    window.benchLongTasks = [];
    new window.PerformanceObserver((list) => {
      for (const entry of list.getEntries()) window.benchLongTasks.push(Math.round(entry.duration));
    }).observe({ type: 'longtask' });
  });
  const clickedAt = Date.now();
  await form.getByRole('button', { name: 'Run', exact: true }).click();
  const took = form.getByText(/^Took /);
  await took.waitFor({ timeout: 120_000 });
  const shownMs = Date.now() - clickedAt;
  const longTasks = await page.evaluate(() => window.benchLongTasks);
  const reported = await took.textContent();
  const longestTaskMs = Math.max(0, ...longTasks);
  results.push({ name, fillMs, shownMs, reported, longTasksOver50Ms: longTasks, longestTaskMs });
  console.log(
    `${name}: put in the box in ${fillMs} ms; on screen in ${shownMs} ms (${reported}); longest main-thread task ${longestTaskMs} ms (${longTasks.join(', ') || 'none over 50 ms'})`,
  );
  await context.close();
}
await browser.close();
await new Promise((resolve) => server.httpServer.close(resolve));
await mkdir('reports', { recursive: true });
await writeFile(
  'reports/bench-console-output.json',
  `${JSON.stringify({ measured: new Date().toISOString(), results }, null, 2)}\n`,
);
