// Writes the lesson and embed.html's compact player, rendered at build time by src/prerender.tsx (built by
// `vite build --ssr` into dist-ssr/, in the same mode as the pages), into index.html and embed.html of dist/ (or of
// the folder `--out` names), so each page is readable before its JavaScript runs, or without it; the page then
// hydrates it.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

// React's production build, as the page itself runs.
process.env.NODE_ENV = 'production';
const root = join(import.meta.dirname, '..');
// The site's build (dist/) unless another is named: the SCORM packages' build passes `--out dist-scorm`.
const outAt = process.argv.indexOf('--out');
const out = outAt === -1 ? 'dist' : process.argv[outAt + 1];
const server = join(root, 'dist-ssr/prerender.js');
const { renderLesson, renderEmbed } = await import(pathToFileURL(server).href);
// The server build is only for this script: gone however the checks below end.
process.on('exit', () => rmSync(join(root, 'dist-ssr'), { recursive: true, force: true }));
const EMPTY_ROOT = '<div id="root"></div>';

/** Writes `markup` into the page's empty #root. */
function fill(name, what, markup) {
  const page = join(root, out, name);
  const html = readFileSync(page, 'utf8');
  if (!html.includes(EMPTY_ROOT)) {
    console.error(`${out}/${name} has no ${EMPTY_ROOT} to fill: was it prerendered already?`);
    process.exit(1);
  }
  // Prerendered markup must work under the page's CSP: no inline script, and no style attribute (style-src 'self').
  // A part that threw while rendering is left to the browser (`<!--$!-->`): the build must not ship it so.
  for (const [pattern, problem] of [
    [/<!--\$!-->/, 'a part that failed to render'],
    [/<script\b/i, 'a script'],
    [/\sstyle="/i, 'a style attribute'],
  ]) {
    const found = markup.match(pattern);
    if (found) {
      const at = found.index ?? 0;
      console.error(`The prerendered ${what} holds ${problem}: …${markup.slice(at - 80, at + 120)}…`);
      process.exit(1);
    }
  }
  // The first view paints from the HTML and one stylesheet (vite.config.ts builds one for every part).
  const sheets = [...html.matchAll(/<link rel="stylesheet"[^>]*>/g)];
  if (sheets.length !== 1) {
    console.error(`${out}/${name} links ${sheets.length} stylesheets; the first view must paint from one.`);
    process.exit(1);
  }
  // A function, so `$` in the lesson's text is not read as a replacement pattern.
  writeFileSync(
    page,
    html.replace(EMPTY_ROOT, () => `<div id="root" data-prerendered>${markup}</div>`),
  );
  console.log(`${out}/${name}: ${what} prerendered (${(markup.length / 1024).toFixed(1)} kB of markup)`);
}

fill('index.html', 'the lesson', await renderLesson());
fill('embed.html', 'the compact player', await renderEmbed());
