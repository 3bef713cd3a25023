/* global document, window -- the function passed to page.evaluate runs in the page. */
/**
 * Takes what a person sees of the views a classroom and a course page use, at five sizes and in three colour
 * schemes, for a person to look at (not a test: `npm test` takes axe and two sizes of baselines). Serves the built
 * site (`npm run build` first) and writes reports/look/<view>-<size>-<scheme>.png, listing sideways scrolling.
 *   npm run look            every view
 *   npm run look -- lab     the views whose name contains "lab"
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { preview } from 'vite';
import { systemChromium } from './browser-path.mjs';

const SIZES = [
  [390, 844],
  [700, 800],
  [1280, 720],
  [1440, 900],
  [1920, 1080],
];
const SCHEMES = [
  { name: 'light', colorScheme: 'light', forcedColors: 'none' },
  { name: 'dark', colorScheme: 'dark', forcedColors: 'none' },
  { name: 'forced', colorScheme: 'light', forcedColors: 'active' },
];
const VIEWS = {
  lesson: '/',
  lab: '/?lab&storage=unchecked',
  presenter: '/?present&step=20&fencing=off',
  speaker: '/?present&speaker&step=6',
  'embed-walkthrough': '/embed.html?widget=walkthrough&step=20&fencing=off',
  'embed-quiz': '/embed.html?widget=quiz',
  'embed-question': '/embed.html?widget=question&id=who-checks',
  'embed-map': '/embed.html?widget=map',
  'embed-lab': '/embed.html?widget=lab&service=redlock',
};

const only = process.argv[2] ?? '';
const out = join(import.meta.dirname, '..', 'reports', 'look');
await mkdir(out, { recursive: true });
const server = await preview({ preview: { port: 0, host: '127.0.0.1' }, logLevel: 'silent' });
const base = server.resolvedUrls.local[0].replace(/\/$/, '');
const browser = await chromium.launch({ executablePath: systemChromium() });
try {
  for (const [view, path] of Object.entries(VIEWS).filter(([name]) => name.includes(only))) {
    for (const [width, height] of SIZES) {
      for (const scheme of SCHEMES) {
        const page = await browser.newPage({ viewport: { width, height } });
        await page.emulateMedia({ colorScheme: scheme.colorScheme, forcedColors: scheme.forcedColors });
        await page.goto(base + path, { waitUntil: 'networkidle' });
        // The page's code starts on a reader's first move.
        await page.mouse.move(width / 2, height / 2);
        await page.waitForLoadState('networkidle');
        const sideways = await page.evaluate(() => document.scrollingElement.scrollWidth - window.innerWidth);
        const file = join(out, `${view}-${width}x${height}-${scheme.name}.png`);
        await page.screenshot({ path: file });
        console.log(`${file}${sideways > 0 ? `  scrolls sideways by ${sideways} px` : ''}`);
        await page.close();
      }
    }
  }
} finally {
  await browser.close();
  await server.close();
}
