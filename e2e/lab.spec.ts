import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './fixtures';

test('a preset runs in the lab, steps to its verdict, and its URL reproduces it', async ({ page, lab }) => {
  await lab.open();
  await lab.preset('Redlock does not save you').click();
  await lab.toEnd.click();
  const verdict = lab.verdict;
  await expect(verdict).toContainText('Verdict: Stale write landed.');
  await expect(verdict).toContainText('hands out no fencing token');
  await expect(page.getByRole('region', { name: 'Redlock nodes' })).toBeVisible();
  await expect(page).toHaveURL(/service=redlock/);

  const shared = page.url();
  await page.goto('about:blank');
  await page.goto(shared);
  await lab.toEnd.click();
  await expect(lab.verdict).toContainText('Verdict: Stale write landed.');
  await expect(lab.service).toHaveValue('redlock');
});

test('the etcd preset keeps the newest certificate, stepping with Next', async ({ lab }) => {
  await lab.open();
  await lab.preset('etcd revision as token').click();
  while (await lab.next.isEnabled()) await lab.next.click();
  await expect(lab.verdict).toContainText('Verdict: Safe.');
});

test("Hazelcast's FencedLock: with a short session A loses the lock, B gets the next fence, and A's unlock throws", async ({
  page,
  lab,
}) => {
  await lab.open();
  await lab.preset('Hazelcast FencedLock with a short CP session').click();
  await expect(lab.service).toHaveValue('hazelcast');
  await expect(page).toHaveURL(/service=hazelcast/);
  await lab.next.focus();
  // Step 8 of 23, mid-run: A's session closes at 30 s, a TTL after its last heartbeat.
  for (let step = 1; step < 8; step += 1) await page.keyboard.press('ArrowRight');
  await lab.expectStep(8);
  await expect(lab.caption()).toContainText('the CP group closes the session and releases the lock it held, fence 33');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(lab.caption()).toContainText('returns fence 34');
  await lab.toEnd.click();
  await expect(lab.verdict).toContainText('Verdict: Safe.');
  await page.keyboard.press('ArrowLeft');
  await expect(lab.caption()).toContainText('throws LockOwnershipLostException');
  // With the default 300 s session, A's 40 s pause loses nothing: no session closes in the whole run.
  await lab.field('Lease TTL (s)').fill('300');
  await lab.field('Lease TTL (s)').press('Enter');
  await lab.run.getByRole('button', { name: 'Text version' }).click();
  const steps = lab.run.getByRole('list', { name: /^The run's \d+ steps$/ });
  await expect(steps).toContainText('TTL of 300 s');
  await expect(steps).not.toContainText('closes the session');
});

test('bad settings get a message next to the field, and the last valid run stays on screen', async ({ page, lab }) => {
  await page.goto('/?lab&ttl=abc&lockDelay=999999');
  await expect(page.getByText('Lease TTL must be a number of milliseconds, not “abc”.')).toBeVisible();
  await expect(page.getByText('Lock-delay must be between 0 and 60000 ms; using 60000.')).toBeVisible();
  const pause = lab.field('Pause length (s)');
  await pause.fill('-5');
  await pause.press('Enter');
  await expect(page.getByText('Pause length must be between 0 and 600 s; using 0 s.')).toBeVisible();
  await expect(page.getByText(/^Step 1 of \d+$/)).toBeVisible();
  await expect(lab.soFar).toBeVisible();
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((violation) => `${violation.id} ${violation.nodes[0]?.target}`)).toEqual([]);
});

test('the lesson links to the lab', async ({ page, lab }) => {
  await page.goto('/');
  await page.getByRole('link', { name: 'lock lab', exact: true }).click();
  await expect(lab.heading).toBeVisible();
  await expect(lab.service).toHaveValue('redlock');
});

test("Snip's weekly email: a harmless duplicate, then sent once with the idempotency key", async ({ page, lab }) => {
  await lab.open();
  await lab.preset("Snip's weekly email").click();
  const run = lab.run;
  await lab.next.focus();
  await page.keyboard.press('End');
  await expect(lab.verdict).toContainText('Verdict: Duplicate work (harmless).');
  await expect(run.getByRole('region', { name: 'Mail sender' })).toContainText('Weekly reports sent: 2');

  await lab.storage.selectOption({ label: 'idempotency key (owner, week)' });
  await expect(page).toHaveURL(/storage=idempotencyKey/);
  await lab.toEnd.click();
  await expect(lab.verdict).toContainText('Verdict: Safe.');
  await expect(run.getByRole('region', { name: 'Mail sender' })).toContainText('Weekly reports sent: 1');
  await expect(run.getByRole('table')).toContainText('2026-W48');
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByText(/^Step \d+ of \d+$/)).not.toHaveText(/Step (\d+) of \1$/);
});

test('the lab steps with the keyboard, and a pause while the replies are in flight is caught by Redlock', async ({
  page,
  lab,
}) => {
  await lab.open();
  await lab.preset('Pause during acquisition').click();
  await expect(lab.pauseWhen).toHaveValue('whileAcquiring');
  await expect(lab.field('Pause starts at (s)')).toBeDisabled();
  await expect(page.getByRole('slider', { name: 'Pause starts at (s)' })).toBeDisabled();
  await lab.next.focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(page.getByText(/^Step 3 of \d+$/)).toBeVisible();
  await page.keyboard.press('Home');
  await expect(page.getByText(/^Step 1 of \d+$/)).toBeVisible();
  const caption = page.locator('#lab .caption');
  const next = lab.next;
  while (!(await caption.textContent())?.includes('reads the replies only now')) await next.click();
  await expect(caption).toContainText('does not count the lock as held');
});

test('the lab embeds: its settings come from the frame URL and the verdict matches the full page', async ({
  page,
  lab,
}) => {
  await page.goto('/embed.html?widget=lab&service=redlock&storage=unchecked&pause=40000');
  await page.getByText('Settings', { exact: true }).click();
  await expect(lab.service).toHaveValue('redlock');
  // With the settings open, the run at a glance already gives the verdict; "Step through it" goes back to the run.
  await expect(page.getByTestId('run-glance')).toContainText('Verdict: Stale write landed.');
  for (const colorScheme of ['dark', 'light'] as const) {
    await page.emulateMedia({ colorScheme });
    const open = await new AxeBuilder({ page }).analyze();
    expect(open.violations.map((violation) => `${colorScheme} ${violation.id} ${violation.nodes[0]?.target}`)).toEqual(
      [],
    );
  }
  await page.getByRole('button', { name: 'Step through it' }).click();
  await lab.toEnd.click();
  await expect(lab.verdict).toContainText('Verdict: Stale write landed.');
  await expect(page).toHaveURL(/embed\.html\?widget=lab&service=redlock/);
  await expect(page.getByRole('link', { name: 'Open this run in Lockstep' })).toHaveAttribute(
    'href',
    /service=redlock.*lab/,
  );
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((violation) => `${violation.id} ${violation.nodes[0]?.target}`)).toEqual([]);
});

test('under Redlock "checks tokens" is greyed out with the reason; switching to etcd offers it again', async ({
  page,
  lab,
}) => {
  await page.goto('/?lab&service=lesson&storage=fenced');
  const storage = lab.storage;
  await expect(storage).toHaveValue('fenced');
  await lab.service.selectOption('redlock');
  await expect(storage).toHaveValue('unchecked');
  await expect(storage.getByRole('option', { name: 'checks tokens (fenced)' })).toBeDisabled();
  await expect(storage).toHaveAccessibleDescription(
    'This lock service hands out no token to check, so the storage checks nothing.',
  );
  await expect(page).toHaveURL(/storage=unchecked/);
  await lab.service.selectOption('etcd');
  await expect(storage.getByRole('option', { name: 'checks tokens (fenced)' })).toBeEnabled();
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((violation) => `${violation.id} ${violation.nodes[0]?.target}`)).toEqual([]);
});

test('the Redis failover preset shows the failover as a step before B is granted', async ({ page, lab }) => {
  await lab.open();
  await lab.preset('Redis failover').click();
  await expect(page).toHaveURL(/failover=1000/);
  const next = lab.next;
  const caption = lab.caption();
  for (let step = 0; step < 4 && !(await caption.textContent())?.includes('fails over'); step += 1) await next.click();
  await expect(caption).toContainText("Redis's primary crashes, and its replica is promoted.");
  await expect(caption).toContainText('Renewer A, which still believes it holds the lock');
  await expect(page.locator('#lab section[aria-labelledby="run-heading"] g[data-row="current"]')).toContainText(
    'primary fails over',
  );
});

test('the verdict names the stale writer by name, with its token or without one', async ({ page, lab }) => {
  await page.goto('/?lab&service=lesson&storage=unchecked');
  await lab.toEnd.click();
  const verdict = lab.verdict;
  await expect(verdict).toContainText(
    "Renewer A's write with token 33 landed after one made under a later grant of the lock.",
  );
  await lab.service.selectOption('redlock');
  await lab.toEnd.click();
  await expect(verdict).toContainText(
    "Renewer A's write, which carried no token, landed after one made under a later grant of the lock.",
  );
});

for (const viewport of [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
]) {
  test(`at ${viewport.width}×${viewport.height} a preset shows its run and time strip in view, marked as chosen`, async ({
    page,
    lab,
  }) => {
    await page.setViewportSize(viewport);
    await lab.open();
    const run = lab.run;
    const strip = run.getByRole('img', { name: /^Time to scale/ });
    // The last preset in the list, far from the run on a phone.
    const presets = lab.settings.getByRole('listitem').getByRole('button');
    const preset = presets.last();
    await preset.scrollIntoViewIfNeeded();
    await expect(preset).toHaveAttribute('aria-pressed', 'false');
    await preset.click();
    await expect(preset).toHaveAttribute('aria-pressed', 'true');
    await expect(page.locator('[aria-pressed="true"]')).toHaveCount(1);
    await expect(run.getByText(/^Step 1 of \d+$/)).toBeInViewport();
    await expect(strip).toBeInViewport();
    // Changing a setting by hand leaves no preset marked.
    await lab.renewers.selectOption('3');
    await expect(page.locator('#lab [aria-pressed="true"]')).toHaveCount(0);
  });

  test(`at ${viewport.width}×${viewport.height} every time on the diagram's axis is whole, 29.7 s included`, async ({
    page,
    lab,
  }) => {
    await page.setViewportSize(viewport);
    await page.goto('/?lab&service=redlock&storage=unchecked');
    const run = lab.run;
    await run.getByRole('button', { name: 'Go to the end' }).click();
    const diagram = run.getByRole('img', { name: /Lock lab/ });
    await expect(diagram.getByText('29.7 s', { exact: true })).toHaveCount(1);
    // Each time label starts inside the drawing: a cut one would read "9.7 s".
    const lefts = await diagram.evaluate((svg) =>
      [...svg.querySelectorAll('text')]
        .filter((text) => / s$/.test(text.textContent ?? '') && text.getAttribute('text-anchor') === 'end')
        .map((text) => (text as SVGTextElement).getBBox().x),
    );
    expect(lefts.length).toBeGreaterThan(5);
    for (const left of lefts) expect(left).toBeGreaterThanOrEqual(0);
  });

  test(`at ${viewport.width}×${viewport.height} no setting's text is cut off`, async ({ page, lab }) => {
    await page.setViewportSize(viewport);
    for (const query of ['?lab', '?lab&resource=email&storage=idempotencyKey', '?lab&pauseWhen=whileAcquiring']) {
      await page.goto(`/${query}`);
      await expect(lab.storage).toBeVisible();
      const clipped = await page.evaluate(() => {
        const context = document.createElement('canvas').getContext('2d')!;
        return [...document.querySelectorAll('#lab select')].flatMap((element) => {
          const select = element as HTMLSelectElement;
          const style = getComputedStyle(select);
          context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
          const text = select.selectedOptions[0]?.textContent ?? '';
          // Room for the text: the box less its padding and the drop-down arrow.
          const room = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 20;
          return context.measureText(text).width > room ? [text] : [];
        });
      });
      expect(clipped, query).toEqual([]);
    }
  });
}

test('the verdict waits for the last step; before it the run says what has happened so far', async ({ page, lab }) => {
  await page.goto('/?lab&service=lesson&storage=unchecked');
  const run = lab.run;
  const verdict = run.getByRole('status').filter({ hasText: 'Verdict:' });
  const soFar = run.getByRole('status').filter({ hasText: /^So far/ });
  await expect(soFar).toHaveText(/^So far, writes to the table landed: 0; refused: 0\./);
  await expect(verdict).toHaveCount(0);
  const next = run.getByRole('button', { name: 'Next', exact: true });
  // Step by step: B's write lands in the middle of the run, and still no verdict until the end.
  while (!(await soFar.textContent())?.includes('landed: 1')) await next.click();
  await expect(verdict).toHaveCount(0);
  while (await next.isEnabled()) await next.click();
  await expect(verdict).toContainText('Verdict: Stale write landed.');
  await expect(soFar).toHaveCount(0);
  await run.getByRole('button', { name: 'Back', exact: true }).click();
  await expect(verdict).toHaveCount(0);
  await run.getByRole('button', { name: 'Go to the end' }).click();
  await expect(verdict).toContainText('Verdict: Stale write landed.');
});

test("the lab's text version lists every step of its run, and each shows its step", async ({ page, lab }) => {
  await page.goto('/?lab&service=etcd');
  const run = lab.run;
  const of = Number(/of (\d+)/.exec((await run.getByText(/^Step \d+ of \d+$/).textContent()) ?? '')![1]);
  await run.getByRole('button', { name: 'Text version' }).click();
  const steps = run.getByRole('list', { name: `The run's ${of} steps` }).getByRole('listitem');
  await expect(steps).toHaveCount(of);
  await expect(steps.first()).toHaveAttribute('aria-current', 'step');
  await steps.nth(4).getByRole('button').click();
  await expect(run.getByText(/^Step \d+ of \d+$/)).toHaveText(`Step 5 of ${of}`);
  await expect(steps.nth(4)).toHaveAttribute('aria-current', 'step');
});

test('the outcome map: counts for both fencing modes, keyboard moves between cells, Enter opens the run', async ({
  page,
  lab,
}) => {
  await page.goto('/?lab&service=lesson&storage=fenced');
  const map = lab.outcomeMap;
  // Computed in a worker: the summaries arrive when the 1,600 runs of each mode are done.
  const off = map.getByText(/^The table checks nothing: the stale write lands in [\d,]+ of 1,600 runs/);
  const on = map.getByText(/^The table checks tokens: the stale write lands in 0 of 1,600 runs/);
  await expect(off).toBeVisible({ timeout: 60_000 });
  await expect(on).toBeVisible({ timeout: 60_000 });
  const stale = Number(/lands in ([\d,]+) of/.exec((await off.textContent()) ?? '')![1]!.replace(',', ''));
  expect(stale).toBeGreaterThan(100);
  expect(stale).toBeLessThan(1_600);

  const grid = map.getByRole('grid', { name: /^The table checks nothing/ });
  const cell = grid.getByRole('gridcell');
  // The current run's cell is where the keyboard starts: TTL 30 s, pause 40 s, a stale write without fencing.
  await expect(cell).toHaveText(
    'Lease TTL 30 s, Pause length 40 s: Stale write landed. The lock service gave out tokens, but the table did not check them.',
  );
  await grid.focus();
  await expect(grid).toHaveAttribute('aria-activedescendant', (await cell.getAttribute('id'))!);
  for (let step = 0; step < 12; step++) await page.keyboard.press('ArrowDown');
  await expect(cell).not.toHaveText(/Pause length 40 s/);
  const chosen = (await cell.textContent())!;
  const pause = Number(/Pause length ([\d.]+) s/.exec(chosen)![1]!);
  await page.keyboard.press('Enter');
  // The run above is now that cell's: its pause, a round value (the map steps by 2.5 s), and no fencing.
  const field = lab.field('Pause length (s)');
  await expect(field).not.toHaveValue('40');
  expect(Number(await field.inputValue())).toBe(pause);
  expect((pause * 1000) % 2_500).toBe(0);
  await expect(page).toHaveURL(new RegExp(`pause=${pause * 1000}&`));
  await expect(page).toHaveURL(/storage=unchecked/);
  // The map keeps its axes: the opened cell is now the ringed one, nothing is computed again, and focus stays.
  await expect(grid).toBeFocused();
  await expect(map.getByRole('progressbar')).toHaveCount(0);
  await expect(cell).toHaveText(chosen);
  await expect(lab.run.getByText(/^Step 1 of \d+$/)).toBeInViewport();
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((violation) => `${violation.id} ${violation.nodes[0]?.target}`)).toEqual([]);
});

test('under Redlock the map has no fenced side, and says why', async ({ page, lab }) => {
  await page.goto('/?lab&service=redlock');
  const map = lab.outcomeMap;
  await expect(map.getByText(/^The table checks nothing: the stale write lands in/)).toBeVisible({ timeout: 60_000 });
  await expect(map.getByRole('grid')).toHaveCount(1);
  await expect(map).toContainText('This service hands out no token');
});

test('random schedules: a break under Redlock opens in the lab, none for the lesson service with tokens checked', async ({
  page,
  lab,
}) => {
  await page.goto('/?lab&service=redlock');
  await page.getByRole('button', { name: 'Try 500 random schedules' }).click();
  const status = page.getByRole('status').filter({ hasText: /broke it|None of/ });
  await expect(status).toContainText(/^Run \d+ of up to 500 broke it/, { timeout: 60_000 });
  const before = page.url();
  await status.getByRole('button', { name: 'Open that run in the lab' }).click();
  await expect(page).not.toHaveURL(before);
  await lab.run.getByRole('button', { name: 'Go to the end' }).click();
  await expect(lab.verdict).toContainText('Verdict: Stale write landed.');

  await page.goto('/?lab&service=lesson&storage=fenced');
  await page.getByRole('button', { name: 'Try 500 random schedules' }).click();
  await expect(page.getByRole('status').filter({ hasText: /broke it|None of/ })).toHaveText(
    'None of 500 runs broke it (the table checks tokens).',
    {
      timeout: 60_000,
    },
  );
});

test('on a phone, an edit has its run in view: the glance above the settings as a slider moves, the run on Enter', async ({
  page,
  lab,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/?lab&storage=unchecked');
  const settings = lab.settings;
  const pause = settings.getByRole('slider', { name: 'Pause length (s)' });
  await pause.scrollIntoViewIfNeeded();
  const glance = page.getByTestId('run-glance');
  // Deep in the settings, the run at a glance is still on screen, above the slider, and says how the run ends.
  await expect(glance).toBeInViewport({ ratio: 1 });
  await expect(glance).toContainText('Verdict: Stale write landed.');
  // The run above grows or shrinks with the settings; the browser keeps the slider where it was on screen.
  const before = (await pause.boundingBox())!.y;
  await pause.focus();
  // Down to a pause shorter than the lease: the glance's verdict follows the slider, and the page stays put.
  for (let press = 0; press < 20; press++) await page.keyboard.press('ArrowLeft');
  await expect(pause).toHaveAttribute('aria-valuetext', '20 s');
  await expect(glance).toContainText('Verdict: Safe.');
  await expect(glance).toBeInViewport({ ratio: 1 });
  expect(Math.abs((await pause.boundingBox())!.y - before)).toBeLessThanOrEqual(1);
  await expect(pause).toBeFocused();
  await expect(page).toHaveURL(/pause=20000/);

  // A value typed and entered brings the run itself back into view.
  const ttl = settings.getByRole('textbox', { name: 'Lease TTL (s)' });
  await ttl.fill('10');
  await ttl.press('Enter');
  await expect(lab.run.getByText(/^Step 1 of \d+$/)).toBeInViewport();
  await expect(page).toHaveURL(/ttl=10000/);
  expect(await page.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(390);
});
