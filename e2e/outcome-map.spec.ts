import AxeBuilder from '@axe-core/playwright';
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

const APP = `http://127.0.0.1:${process.env.E2E_PORT ?? 4173}`;
const HOST = `http://127.0.0.1:${process.env.E2E_HOST_PORT ?? 4174}`;

/** The map of one fencing mode, once its worker has sent its 1,600 verdicts. */
async function drawnMap(page: Page, title: 'The table checks nothing' | 'The table checks tokens') {
  const map = page.getByRole('region', { name: 'Outcome map' });
  const summary = map.getByText(new RegExp(`^${title}: the stale write lands in [\\d,]+ of 1,600 runs`));
  await expect(summary).toBeVisible({ timeout: 60_000 });
  return summary.locator('xpath=..');
}

test('the map draws each boundary between verdicts and names it by the first moments whose order flips', async ({
  page,
}) => {
  await page.goto('/?lab&service=lesson&storage=fenced');
  const off = await drawnMap(page, 'The table checks nothing');
  // B's check before renewing: A waking before B's grant leaves B nothing to do (safe); after it, both renew.
  await expect(off.getByRole('listitem')).toHaveText([
    "From safe to duplicate work where A's pause ends after B is granted the lock.",
    "From duplicate work to a stale write where A's pause ends after the table answers B's write.",
    "From safe to a stale write where A's pause ends after B is granted the lock.",
  ]);
  // One numbered mark on the drawing per named boundary.
  await expect(off.getByRole('grid').locator('svg circle')).toHaveCount(3);
  const on = await drawnMap(page, 'The table checks tokens');
  // Its TTL axis starts at 2.5 s (round steps): there B's own lease can run out before it writes.
  await expect(on.getByRole('listitem')).toHaveText([
    "From safe to duplicate work where A's pause ends after B is granted the lock.",
    "From safe to duplicate work where B's write goes out after the table answers A's write.",
    "From safe to duplicate work where B's lease expires after the table answers A's write.",
    "From safe to duplicate work where B's write goes out after A's write goes out.",
  ]);
  await expect(on.getByRole('grid').locator('svg circle')).toHaveCount(await on.getByRole('listitem').count());
});

test("the map's service and axes live in the lab's address; new axes keep the run's step", async ({ page }) => {
  await page.goto('/?lab&service=lesson&storage=fenced');
  await drawnMap(page, 'The table checks nothing');
  const run = page.getByRole('region', { name: 'What happens' });
  for (let step = 0; step < 4; step++) await run.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(run.getByText(/^Step 5 of \d+$/)).toBeVisible();

  const map = page.getByRole('region', { name: 'Outcome map' });
  await map.getByRole('combobox', { name: 'Across' }).selectOption({ label: 'Pause starts at' });
  await expect(page).toHaveURL(/across=pauseAt&up=pause/);
  await expect(run.getByText(/^Step 5 of \d+$/)).toBeVisible();
  await expect(
    map.getByRole('grid', { name: 'The table checks nothing: Pause starts at across, Pause length up' }),
  ).toBeVisible({
    timeout: 60_000,
  });

  await page.reload();
  await expect(map.getByRole('combobox', { name: 'Across' })).toHaveValue('pauseAtMs');
  await map.getByRole('combobox', { name: 'Service' }).selectOption('redlock');
  await expect(page).toHaveURL(/service=redlock/);
  await expect(page.getByRole('combobox', { name: 'Lock service' })).toHaveValue('redlock');
  await expect(map.getByRole('grid')).toHaveCount(1, { timeout: 60_000 });
  await expect(
    map.getByRole('combobox', { name: 'Up' }).getByRole('option', { name: 'Clock drift on node R3' }),
  ).toHaveCount(1);
});

test('a link asking for an axis the service lacks says so beside the pickers and shows the usual axes', async ({
  page,
}) => {
  await page.goto('/?lab&service=etcd&across=drift');
  const map = page.getByRole('region', { name: 'Outcome map' });
  await expect(map.getByRole('alert')).toHaveText(
    'The map can vary ttl, pause, pauseAt, writeDelay, not “drift”; it shows its usual axes instead.',
  );
  await expect(map.getByRole('combobox', { name: 'Across' })).toHaveValue('ttlMs');
});

test('a map already computed comes back from the cache without a worker; Cancel stops one and it can restart', async ({
  page,
}) => {
  // Hold every worker's script until told, so the map is still computing when Cancel is pressed.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/outcome-map\.worker/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/?lab&service=etcd&storage=fenced');
  const map = page.getByRole('region', { name: 'Outcome map' });
  await expect(map.getByRole('button', { name: 'Cancel' })).toHaveCount(2);
  await expect(map.getByRole('progressbar').first()).toBeVisible();
  await map.getByRole('button', { name: 'Cancel' }).first().click();
  await expect(map.getByRole('button', { name: 'Compute the map' })).toHaveCount(1);
  release();
  // The other map finishes; the cancelled one stays undrawn until asked again.
  await drawnMap(page, 'The table checks tokens');
  await expect(map.getByRole('grid')).toHaveCount(1);
  await map.getByRole('button', { name: 'Compute the map' }).click();
  await drawnMap(page, 'The table checks nothing');
  await expect(map.getByRole('grid')).toHaveCount(2);

  // New axes compute anew; going back to the first ones starts no worker: both maps are there at once.
  await map.getByRole('combobox', { name: 'Up' }).selectOption({ label: "Network delay on A's write" });
  await expect(map.getByRole('grid', { name: /Network delay on A's write up$/ })).toHaveCount(2, { timeout: 60_000 });
  const started: string[] = [];
  page.on('worker', (worker) => started.push(worker.url()));
  await map.getByRole('combobox', { name: 'Up' }).selectOption({ label: 'Pause length' });
  await expect(map.getByRole('grid', { name: /Pause length up$/ })).toHaveCount(2);
  await expect(map.getByRole('progressbar')).toHaveCount(0);
  expect(started).toEqual([]);
});

test('the map downloads as an SVG file and a PNG image of what the page drew', async ({ page }) => {
  await page.goto('/?lab&service=lesson&storage=fenced');
  await drawnMap(page, 'The table checks nothing');
  const [svgFile] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'SVG of the map “The table checks nothing”' }).click(),
  ]);
  expect(svgFile.suggestedFilename()).toBe('lockstep-outcome-map-lesson-unchecked-ttl-pause.svg');
  const svg = await readFile((await svgFile.path())!, 'utf8');
  expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" width="640"/);
  expect(svg).toContain('>The table checks nothing</text>');
  expect(svg).toContain("A's pause ends after the table answers B's");
  // Standalone: no class names that mean nothing outside the page, and the pattern fills it refers to are inside.
  expect(svg).not.toContain('class=');
  for (const [, id] of svg.matchAll(/url\(#([^)]+)\)/g)) expect(svg).toContain(`id="${id}"`);

  await drawnMap(page, 'The table checks tokens');
  const [pngFile] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'PNG of the map “The table checks tokens”' }).click(),
  ]);
  expect(pngFile.suggestedFilename()).toBe('lockstep-outcome-map-lesson-fenced-ttl-pause.png');
  const png = await readFile((await pngFile.path())!);
  expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  // Drawn at twice the SVG's 640 px width.
  expect(png.readUInt32BE(16)).toBe(1280);
});

test('embed.html?widget=map: the map alone, reporting progressed to its host; a cell opens the lab in a new tab', async ({
  page,
}) => {
  await page.goto(
    `${HOST}/?app=${encodeURIComponent(APP)}&widget=map&extra=${encodeURIComponent('&service=zookeeper&up=writeDelay')}`,
  );
  const frame = page.frameLocator('#widget');
  const map = frame.getByRole('region', { name: 'Outcome map' });
  // One map at a time in a course column: the table checking nothing, then, switched, the one checking tokens.
  await expect(map.getByRole('grid', { name: /^The table checks nothing/ })).toBeVisible({ timeout: 60_000 });
  await expect(map.getByRole('combobox', { name: 'Up' })).toHaveValue('writeDelayMs');
  await map.getByRole('button', { name: 'The table checks tokens' }).click();
  type Recorded = { verb?: string; widget?: string };
  const events = () => page.evaluate(() => (window as unknown as { lockstepEvents: Recorded[] }).lockstepEvents);
  // One `progressed` for each map drawn, in whichever order their workers finish.
  const mapEvents = async () =>
    (await events())
      .filter((event) => event.widget === 'map')
      .map((event) => JSON.stringify(event))
      .sort();
  await expect.poll(mapEvents).toEqual(
    [{ storage: 'fenced' }, { storage: 'unchecked' }].map(({ storage }) =>
      JSON.stringify({
        source: 'lockstep',
        version: 1,
        kind: 'event',
        verb: 'progressed',
        widget: 'map',
        service: 'zookeeper',
        storage,
        across: 'ttl',
        up: 'writeDelay',
      }),
    ),
  );
  expect((await events()).some((event) => event.verb === 'completed')).toBe(false);

  const grid = map.getByRole('grid', { name: /^The table checks tokens/ });
  await grid.focus();
  await page.keyboard.press('ArrowRight');
  const [lab] = await Promise.all([page.waitForEvent('popup'), page.keyboard.press('Enter')]);
  await expect(lab).toHaveURL(/[?&]service=zookeeper&.*storage=fenced.*&lab#lab$/);
  await expect(lab.getByRole('heading', { name: 'What happens' })).toBeVisible();
});

test('the embedded map has no axe violations, light or dark', async ({ page }) => {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    for (const [address, grids] of [
      ['/embed.html?widget=map', 1],
      ['/embed.html?widget=map&layout=full&tools=on', 2],
    ] as const) {
      await page.goto(address);
      await expect(page.getByRole('grid')).toHaveCount(grids, { timeout: 60_000 });
      const results = await new AxeBuilder({ page }).analyze();
      expect(results.violations.map((violation) => `${violation.id} ${violation.nodes[0]?.target}`)).toEqual([]);
    }
  }
});

test("for the weekly email the two maps are the sender's: sending every time, and claiming (owner, week) first", async ({
  page,
}) => {
  await page.goto('/?lab&service=redis&resource=email&storage=idempotencyKey');
  const map = page.getByRole('region', { name: 'Outcome map' });
  await expect(map.getByText(/^The sender sends every time: the stale write lands in 0 of 1,600 runs/)).toBeVisible({
    timeout: 60_000,
  });
  const claimed = map.getByText(/^The sender claims \(owner, week\) first: .* duplicate work in 0, safe in 1,600\.$/);
  await expect(claimed).toBeVisible({ timeout: 60_000 });
  await expect(map.getByRole('grid')).toHaveCount(2);
});
