// Writes the SCORM packages a course author uploads to an LMS:
//   npm run package -- --site https://your.host/lockstep/ [--mastery 80] [--score first|best]
// packages/lockstep-scorm12.zip (SCORM 1.2) and packages/lockstep-scorm2004.zip (SCORM 2004 4th edition), each the
// whole lesson as one SCO launched from index.html, without the in-page Postgres (it links to --site instead).
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { strToU8, zipSync } from 'fflate';
import { controlDocuments, manifests } from './scorm/manifests.mjs';

const option = (name, fallback) => {
  const index = process.argv.indexOf(name);
  return index === -1 ? fallback : process.argv[index + 1];
};
const fail = (message) => {
  console.error(`npm run package: ${message}`);
  console.error('usage: npm run package -- --site https://your.host/lockstep/ [--mastery 80] [--score first|best]');
  process.exit(2);
};

const site = option('--site', process.env.LOCKSTEP_SITE);
if (!site) fail('say where the full site is hosted (--site URL): the package links there for real Postgres.');
let siteUrl;
try {
  siteUrl = new URL(site);
} catch {
  fail(`--site "${site}" is not a URL.`);
}
if (!['http:', 'https:'].includes(siteUrl.protocol)) fail(`--site must be an http or https address, not "${site}".`);
const mastery = Number(option('--mastery', '80'));
if (!Number.isInteger(mastery) || mastery < 0 || mastery > 100) fail('--mastery must be a whole number from 0 to 100.');

// Which answer to each question the gradebook counts: the first checked (a retry is for learning), or the best.
const score = option('--score', 'first');
if (!['first', 'best'].includes(score)) fail(`--score must be first or best, not "${score}".`);

const out = 'dist-scorm';
const scormBuild = {
  stdio: 'inherit',
  env: { ...process.env, VITE_LOCKSTEP_SITE: siteUrl.href, VITE_LOCKSTEP_SCORE: score },
};
execFileSync('npx', ['vite', 'build', '--mode', 'scorm', '--outDir', out, '--emptyOutDir'], scormBuild);
// The launch page is prerendered as the site's is, from the package's own build (its real-Postgres link, no PGlite).
execFileSync(
  'npx',
  ['vite', 'build', '--mode', 'scorm', '--ssr', 'src/prerender.tsx', '--outDir', 'dist-ssr', '--emptyOutDir'],
  scormBuild,
);
execFileSync('node', ['scripts/prerender.mjs', '--out', out], scormBuild);

const walk = (dir) =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? walk(join(dir, entry.name)) : [join(dir, entry.name)],
  );
const files = walk(out)
  .map((path) => relative(out, path).split(sep).join('/'))
  .filter((path) => !path.endsWith('.map'))
  .sort();
const pglite = files.filter((path) => /pglite|postgres\.worker|initdb/.test(path));
if (pglite.length > 0) fail(`the package build still holds PGlite (${pglite.join(', ')}).`);

const clash = files.filter((path) => path in controlDocuments('scorm2004') || path in controlDocuments('scorm12'));
if (clash.length > 0) fail(`the build writes files named like the control documents (${clash.join(', ')}).`);

mkdirSync('packages', { recursive: true });
for (const [name, manifest] of Object.entries(manifests({ files, mastery }))) {
  const entries = { 'imsmanifest.xml': strToU8(manifest) };
  // The schemas the manifest names, at the root where its schemaLocation points (scripts/scorm/control-documents).
  for (const [path, bytes] of Object.entries(controlDocuments(name))) entries[path] = bytes;
  for (const path of files) entries[path] = readFileSync(join(out, path));
  const zip = zipSync(entries, { level: 9 });
  const target = join('packages', `lockstep-${name}.zip`);
  writeFileSync(target, zip);
  const count = Object.keys(entries).length;
  console.log(
    `${target}: ${(zip.length / 1024).toFixed(1)} kB, ${count} files, mastery ${mastery} %, ${score} answers count`,
  );
}
