/**
 * Lighthouse on the built site (run by `npm run bench` after the build): the mobile preset (slow 4G, 4× CPU, both
 * simulated) and the desktop preset, each run LIGHTHOUSE_RUNS times (3 by default) in Debian's Chromium, the site
 * served gzipped on 127.0.0.1 as a static host would (unknown paths are 404, not the lesson). Writes the median of each
 * category and of FCP, LCP, TBT, CLS, TTI and Speed Index, with the lowest and highest run as the spread, to
 * reports/bench-lighthouse.json. A measurement, not a test: timings vary by about ±30 % on our two-core machines.
 *
 * Lighthouse 12.2.3 lives in scripts/lighthouse/, installed there on first use, so that npm ci and CI never pay for it.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { systemChromium } from './browser-path.mjs';

const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const root = join(import.meta.dirname, '..');
// LIGHTHOUSE_DIST measures another build (an older checkout's dist/, say), to compare in one sitting.
const dist = process.env.LIGHTHOUSE_DIST ?? join(root, 'dist');
const tool = join(root, 'scripts', 'lighthouse');
if (!existsSync(join(tool, 'node_modules', 'lighthouse'))) {
  console.log('Installing Lighthouse 12.2.3 into scripts/lighthouse (once)…');
  execFileSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: tool, stdio: 'inherit' });
}
const modules = (path) => pathToFileURL(join(tool, 'node_modules', path)).href;
const { default: lighthouse } = await import(modules('lighthouse/core/index.js'));
const { default: desktopConfig } = await import(modules('lighthouse/core/config/desktop-config.js'));
const chromeLauncher = await import(modules('chrome-launcher/dist/index.js'));

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.txt': 'text/plain; charset=utf-8',
  '.wasm': 'application/wasm',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
};

/** dist/ as a static host serves it: gzip where asked, a 404 for what is not there. (Each page carries its CSP.) */
const server = createServer(async (request, response) => {
  const path = decodeURIComponent(new URL(request.url ?? '/', 'http://localhost').pathname);
  const file = normalize(join(dist, path.endsWith('/') ? `${path}index.html` : path));
  if (!file.startsWith(dist) || !existsSync(file)) {
    response.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found');
    return;
  }
  const body = await readFile(file);
  const headers = {
    'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream',
    // Hashed names never change; pages are asked for again.
    'Cache-Control': path.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
  };
  if (/\bgzip\b/.test(request.headers['accept-encoding'] ?? '') && !/\.(png|wasm)$/.test(file)) {
    response.writeHead(200, { ...headers, 'Content-Encoding': 'gzip', Vary: 'Accept-Encoding' });
    response.end(gzipSync(body));
  } else {
    response.writeHead(200, headers).end(body);
  }
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const url = `http://127.0.0.1:${server.address().port}/`;

const profile = mkdtempSync(join(tmpdir(), 'lockstep-lighthouse-'));
const chrome = await chromeLauncher.launch({
  chromePath: systemChromium(),
  userDataDir: profile,
  chromeFlags: [
    '--headless=new',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});

const AUDITS = {
  fcp: 'first-contentful-paint',
  lcp: 'largest-contentful-paint',
  tbt: 'total-blocking-time',
  cls: 'cumulative-layout-shift',
  tti: 'interactive',
  speedIndex: 'speed-index',
};

/** Median, lowest and highest of some runs' values. */
function spread(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length / 2;
  const median = sorted.length % 2 ? sorted[Math.floor(middle)] : (sorted[middle - 1] + sorted[middle]) / 2;
  return { median: Number(median.toFixed(3)), min: sorted[0], max: sorted.at(-1) };
}

const results = {};
try {
  // LIGHTHOUSE_PRESETS=mobile runs one preset only, while trying a change.
  const presets = (process.env.LIGHTHOUSE_PRESETS ?? 'mobile,desktop').split(',');
  for (const [preset, config] of [
    ['mobile', undefined],
    ['desktop', desktopConfig],
  ].filter(([name]) => presets.includes(name))) {
    const runs = [];
    for (let run = 0; run < RUNS; run += 1) {
      const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error' }, config);
      const { categories, audits } = result.lhr;
      runs.push({
        categories: Object.fromEntries(
          Object.entries(categories).map(([id, { score }]) => [id, Math.round(score * 100)]),
        ),
        // Seconds for times (milliseconds for TBT), unitless for CLS.
        metrics: Object.fromEntries(
          Object.entries(AUDITS).map(([name, id]) => {
            const value = audits[id].numericValue;
            return [
              name,
              name === 'tbt' ? Math.round(value) : name === 'cls' ? value : Number((value / 1000).toFixed(2)),
            ];
          }),
        ),
        // The main thread's long tasks as Lighthouse simulates them, longest first: what the TBT is made of.
        longTasks: (audits['long-tasks']?.details?.items ?? [])
          .map((item) => ({
            url: item.url.replace(url, './'),
            startTime: Math.round(item.startTime),
            duration: Math.round(item.duration),
          }))
          .sort((a, b) => b.duration - a.duration)
          .slice(0, 8),
        failing: Object.values(audits)
          .filter((audit) => audit.score !== null && audit.score < 1 && audit.scoreDisplayMode === 'binary')
          .map((audit) => audit.id),
      });
      console.log(
        `${preset} run ${run + 1}: ${JSON.stringify(runs.at(-1).categories)} ${JSON.stringify(runs.at(-1).metrics)}`,
      );
    }
    results[preset] = {
      runs: RUNS,
      categories: Object.fromEntries(
        Object.keys(runs[0].categories).map((id) => [id, spread(runs.map((run) => run.categories[id]))]),
      ),
      metrics: Object.fromEntries(
        Object.keys(AUDITS).map((name) => [name, spread(runs.map((run) => run.metrics[name]))]),
      ),
      failingAudits: [...new Set(runs.flatMap((run) => run.failing))],
      longTasksOfEachRun: runs.map((run) => run.longTasks),
    };
  }
} finally {
  await chrome.kill();
  server.close();
  rmSync(profile, { recursive: true, force: true });
}

const report = {
  measuredAt: new Date().toISOString(),
  lighthouse: '12.2.3',
  note: 'Medians of the runs, with the lowest and highest as the spread. Times in seconds, TBT in ms.',
  ...results,
};
await mkdir(join(root, 'reports'), { recursive: true });
const reportFile = process.env.LIGHTHOUSE_REPORT ?? join(root, 'reports', 'bench-lighthouse.json');
await writeFile(reportFile, `${JSON.stringify(report, null, 2)}\n`);
for (const [preset, { categories, metrics, failingAudits }] of Object.entries(results)) {
  const cell = ({ median, min, max }) => `${median} (${min}–${max})`;
  console.log(`\nLighthouse ${preset}, median of ${RUNS} (lowest–highest):`);
  for (const [id, value] of Object.entries(categories)) console.log(`  ${id.padEnd(16)} ${cell(value)}`);
  for (const [name, value] of Object.entries(metrics)) console.log(`  ${name.padEnd(16)} ${cell(value)}`);
  if (failingAudits.length > 0) console.log(`  failing audits: ${failingAudits.join(', ')}`);
}
console.log(`\nWritten to ${reportFile}`);
