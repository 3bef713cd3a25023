// Reports the gzip size of what a fresh visit loads, and fails when it exceeds the budget:
// - the prerendered index.html itself: the lesson's whole text and the walkthrough's first step;
// - the first view: what index.html asks for up front, which draws nothing (the lesson is prerendered) but waits
//   for the reader's first move;
// - the first move: the page's own code (src/main.tsx and everything it imports), fetched on that move, or at once
//   when the page must change as it opens (a linked step, saved progress, the lab).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

// 90 kB until 2026-12-01, then raised step by step to 118 kB as the first view grew (captions, one typed route,
// shortcuts, a dark palette, the time strip). Since 2026-12-04 that code waits for the reader's first move, and the
// first view is index.html's entry and the stylesheets of the prerendered markup: 90 kB again (issue 19).
const FIRST_VIEW_KB = 90;
// What the first move brings was 107.4 kB on 2026-12-04 (React's DOM renderer is 62 kB of it), with a little room.
// 111 kB since 2026-12-06 (110.8 kB): the lesson's content chunk carries the facts and sources of the third
// fidelity read, and the progress store merges saves from several tabs. 112 kB later that day (111.3 kB): a part
// whose code is gone says so with a Reload button, the presenter says when it listens and a clicker's early keys are
// held, and the LMS's failures and unreadable saves are told in notices.
// 113 kB on 2026-12-07 (112.8 kB): the list of lock service descriptors (kinds, token issuing, lab settings, config
// schemas and caption keys of seven services, Hazelcast's among them), which the route and the panels read.
// 113.5 kB later that day (113.1 kB): values assumed to be there are checked where they are read (known(), in place
// of `!`), and a ZooKeeper client's panel line while it waits for its listing.
const FIRST_MOVE_KB = 113.5;
// The prerendered page (issue 19): 38.8 kB on 2026-12-04. Raised to 42 kB on 2026-12-06 for the facts and four
// sources the third fidelity read asked for (41.3 kB). The Try it runs' printed diagrams are about 8 kB of it.
// 43.5 kB on 2026-12-07 (43.1 kB): the models issue's fidelity paragraphs and their four sources (ZooKeeper's
// getChildren, the renewal check, the network split), and the ZooKeeper run's getChildren steps.
// 44 kB on 2026-12-07 (43.5 kB): the fence exercise's subsection in section 6, its stand-in before the script, and
// its line in the fidelity section.
// 45 kB on 2026-12-07 (44.7 kB): Hazelcast's FencedLock in the lesson, its fidelity paragraph (what the model
// simplifies: fences, sessions, heartbeats) and three source cards.
const HTML_KB = 45;
const dist = join(import.meta.dirname, '..', 'dist');
const html = readFileSync(join(dist, 'index.html'), 'utf8');
const read = (asset) => readFileSync(join(dist, asset.replace(/^\.?\//, '')));

// What index.html asks for up front: its module scripts, module preloads and stylesheets.
const firstView = [...html.matchAll(/<(?:script|link)\b[^>]*?(?:src|href)="([^"]+\.(?:js|css))"/g)].map(
  (match) => match[1],
);
if (firstView.length === 0) {
  console.error('No JS or CSS found in dist/index.html; is the build empty?');
  process.exit(1);
}

// The entry loads the page's code with one dynamic import (`import(\`./main-….js\`)`); the first move is that module
// and every module it imports statically, however deep (what the browser must fetch before the code can run).
const entry = firstView.find((asset) => /\/main-[\w-]+\.js$/.test(asset));
const load = entry ? /import\(`\.\/(main-[\w-]+\.js)`\)/.exec(read(entry).toString()) : null;
if (!entry || !load) {
  console.error(`index.html's entry (${entry ?? 'none found'}) does not load the page's code as this script expects.`);
  process.exit(1);
}
const inAssets = (file) => `./assets/${file.replace(/^\.\//, '')}`;
const staticImports = (asset) =>
  [
    ...read(asset)
      .toString()
      .matchAll(/(?:\bfrom|\bimport)\s*["'](\.\/[\w.-]+\.js)["']/g),
  ].map((match) => inAssets(match[1]));
const firstMove = [];
for (const queue = [inAssets(load[1])]; queue.length > 0;) {
  const asset = queue.shift();
  if (firstMove.includes(asset) || firstView.includes(asset)) continue;
  firstMove.push(asset);
  queue.push(...staticImports(asset));
}

let failed = false;
const htmlKb = gzipSync(html, { level: 9 }).length / 1024;
console.log(`prerendered index.html: ${htmlKb.toFixed(1)} kB gzip (budget ${HTML_KB} kB)`);
if (htmlKb > HTML_KB) {
  console.error(`prerendered index.html: over budget by ${(htmlKb - HTML_KB).toFixed(1)} kB.`);
  failed = true;
}
for (const [what, assets, budget] of [
  ['first view', firstView, FIRST_VIEW_KB],
  ['first move', firstMove, FIRST_MOVE_KB],
]) {
  console.log(`\n${what}:`);
  let total = 0;
  for (const asset of assets) {
    const bytes = read(asset);
    const gzip = gzipSync(bytes, { level: 9 }).length;
    total += gzip;
    console.log(
      `${asset.padEnd(44)} ${(bytes.length / 1024).toFixed(1).padStart(8)} kB  ${(gzip / 1024).toFixed(1).padStart(7)} kB gzip`,
    );
  }
  const totalKb = total / 1024;
  console.log(`${what}: ${totalKb.toFixed(1)} kB gzip of JS+CSS (budget ${budget} kB)`);
  if (totalKb > budget) {
    console.error(`${what}: over budget by ${(totalKb - budget).toFixed(1)} kB.`);
    failed = true;
  }
}
if (failed) process.exit(1);
