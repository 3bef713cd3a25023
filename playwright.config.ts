import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { systemChromium } from './scripts/browser-path.mjs';

const PORT = Number(process.env.E2E_PORT ?? 4173);
/** A second origin for the course page that embeds Lockstep. */
export const HOST_PORT = Number(process.env.E2E_HOST_PORT ?? 4174);
const executablePath = systemChromium();
// Without the background-networking flags Chromium keeps dialling out, which this network refuses.
const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export default defineConfig({
  testDir: './e2e',
  testMatch: '**/*.spec.ts',
  forbidOnly: !!process.env.CI,
  retries: process.env.CI ? 1 : 0,
  // Two cores: one worker keeps the preview server and the browser from starving each other.
  workers: 1,
  // Limits for a hung test, not speed checks: a busy two-core laptop runs these several times slower.
  timeout: 180_000,
  expect: { timeout: 20_000 },
  reporter: 'list',
  // Service workers would answer requests that page.route must see; the offline spec allows them for itself.
  use: { baseURL: `http://127.0.0.1:${PORT}`, trace: 'retain-on-failure', serviceWorkers: 'block' },
  projects: [
    {
      name: 'chromium',
      testIgnore: 'visual.spec.ts',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: { ...(executablePath ? { executablePath } : {}), args: chromiumArgs },
      },
    },
    {
      // Screenshots compared with baselines: the fonts are pinned to Debian's DejaVu so a baseline holds.
      name: 'visual',
      testMatch: 'visual.spec.ts',
      snapshotPathTemplate: '{testDir}/{testFilePath}-snapshots/{arg}{ext}',
      use: {
        ...devices['Desktop Chrome'],
        deviceScaleFactor: 1,
        launchOptions: {
          ...(executablePath ? { executablePath } : {}),
          args: [...chromiumArgs, '--font-render-hinting=none', '--hide-scrollbars'],
          env: { ...process.env, FONTCONFIG_FILE: path.resolve('e2e/visual/fonts.conf') },
        },
      },
    },
  ],
  webServer: [
    {
      command: `npx vite preview --host 127.0.0.1 --port ${PORT} --strictPort`,
      url: `http://127.0.0.1:${PORT}`,
      reuseExistingServer: !process.env.CI,
      timeout: 30_000,
    },
    {
      command: `node e2e/fixtures/serve-host.mjs ${HOST_PORT}`,
      url: `http://127.0.0.1:${HOST_PORT}`,
      reuseExistingServer: !process.env.CI,
      timeout: 10_000,
    },
  ],
});
