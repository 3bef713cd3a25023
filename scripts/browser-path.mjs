import { existsSync } from 'node:fs';

/** Debian's Chromium and its usual siblings; Playwright's own download does not work on our machines. */
export const SYSTEM_CHROMIUM = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

/**
 * The browser for end-to-end tests: $CHROMIUM_PATH if set, else a system Chromium.
 * Returns undefined when neither exists, so Playwright falls back to a browser it installed itself.
 */
export function systemChromium() {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  return SYSTEM_CHROMIUM.find((path) => existsSync(path));
}
