// Fails early, with the fix spelled out, when no browser is there for the end-to-end tests.
import { existsSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { systemChromium } from './browser-path.mjs';

const path = systemChromium();
if (process.env.CHROMIUM_PATH && !existsSync(process.env.CHROMIUM_PATH)) {
  console.error(`CHROMIUM_PATH is set to ${process.env.CHROMIUM_PATH}, but no browser is there.`);
  process.exit(1);
}
if (!path && !existsSync(chromium.executablePath())) {
  console.error(
    [
      'No Chromium found for the end-to-end tests.',
      'On Debian or Ubuntu:   sudo apt-get install -y chromium      (gives /usr/bin/chromium)',
      'Elsewhere:             npx playwright install chromium',
      'Or point CHROMIUM_PATH at any Chromium or Chrome binary.',
    ].join('\n'),
  );
  process.exit(1);
}
