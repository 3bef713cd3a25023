import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { QuizQuestion } from './pages/quiz-question';

/* Lockstep in a course page on another origin, as an LMS shows it: a 700 px column, the host's own text around it. */

const APP = `http://127.0.0.1:${process.env.E2E_PORT ?? 4173}`;
const HOST = `http://127.0.0.1:${process.env.E2E_HOST_PORT ?? 4174}`;
const coursePage = (query: string) => `${HOST}/?app=${encodeURIComponent(APP)}&${query}`;
const extra = (query: string) => `extra=${encodeURIComponent(query)}`;

type Message = { kind?: string; verb?: string; subject?: string; height?: number; questionId?: string };
const recorded = (page: Page, name: 'lockstepEvents' | 'secondEvents' | 'rawMessages') =>
  page.evaluate((key) => (window as unknown as Record<string, Message[]>)[key] ?? [], name);

/** Inside the frame: is the current row inside the diagram's box, and Next inside the frame's screen? */
const inView = (page: Page) =>
  page.frame({ url: /embed\.html/ })!.evaluate(() => {
    const row = document.querySelector('g[data-row="current"]')!.getBoundingClientRect();
    const box = document.querySelector('.diagram-scroll-box')!.getBoundingClientRect();
    const next = [...document.querySelectorAll('button')].find((button) => button.textContent?.startsWith('Next'));
    const nextBox = next!.getBoundingClientRect();
    return {
      rowInBox: row.top >= box.top - 1 && row.bottom <= box.bottom + 1 && row.height > 0,
      nextOnScreen: nextBox.top >= 0 && nextBox.bottom <= window.innerHeight,
      frameScrolled: document.scrollingElement!.scrollTop,
    };
  });

test('the compact player in a 700 px column: the current row and Next in view at every step, the host never scrolled', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(coursePage('widget=walkthrough&column=700'));
  const frame = page.frameLocator('#widget');
  const indicator = frame.getByText(/^Step \d+ of 23$/);
  await expect(indicator).toHaveText('Step 1 of 23');
  // One fixed-height screen: 640 px unless the embed code says, told to the host and to Canvas.
  await expect.poll(async () => (await page.locator('#widget').boundingBox())?.height).toBe(640);
  expect(await recorded(page, 'rawMessages')).toContainEqual({ subject: 'lti.frameResize', height: 640 });
  // Author tools stay out of a course page.
  for (const name of ['Copy embed code', 'Download SVG', 'Keyboard shortcuts', 'Run on real Postgres'])
    await expect(frame.getByRole('button', { name })).toHaveCount(0);

  await frame.getByRole('button', { name: 'Next', exact: true }).focus();
  for (let step = 1; step <= 23; step++) {
    await expect(indicator).toHaveText(`Step ${step} of 23`);
    expect(await inView(page), `step ${step}`).toEqual({ rowInBox: true, nextOnScreen: true, frameScrolled: 0 });
    expect(await page.evaluate(() => window.scrollY), `host at step ${step}`).toBe(0);
    if (step < 23) await page.keyboard.press('ArrowRight');
  }
  // And back again, by Back: the box scrolls up to keep the row in view.
  await page.keyboard.press('Home');
  await expect(indicator).toHaveText('Step 1 of 23');
  expect(await inView(page)).toEqual({ rowInBox: true, nextOnScreen: true, frameScrolled: 0 });
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
});

test('a link into the compact player at step 20 opens with the stale write in view, at the height it asks for', async ({
  page,
}) => {
  await page.goto(coursePage(`widget=walkthrough&column=700&${extra('&step=20&fencing=off&height=560')}`));
  const frame = page.frameLocator('#widget');
  await expect(frame.getByText(/^Step 20 of 23$/)).toBeVisible();
  await expect.poll(async () => (await page.locator('#widget').boundingBox())?.height).toBe(560);
  await expect.poll(async () => (await inView(page)).rowInBox).toBe(true);
  await expect(frame.locator('g[data-row="current"]')).toContainText('stale write landed');
  // Reaching the end from there completes the walkthrough; a link that opens at the end does not.
  await frame.getByRole('button', { name: 'Next', exact: true }).focus();
  await page.keyboard.press('End');
  await expect
    .poll(async () => (await recorded(page, 'lockstepEvents')).map((event) => event.verb))
    .toContain('completed');
  await page.goto(coursePage(`widget=walkthrough&column=700&${extra('&step=23')}`));
  await expect(frame.getByText(/^Step 23 of 23$/)).toBeVisible();
  await expect
    .poll(async () => (await recorded(page, 'lockstepEvents')).map((event) => event.verb))
    .toEqual(['progressed']);
});

test('layout=full keeps the page layout; its author tools appear only with tools=on', async ({ page }) => {
  await page.goto(coursePage(`widget=walkthrough&${extra('&layout=full')}`));
  const frame = page.frameLocator('#widget');
  await expect(frame.getByRole('button', { name: 'Compare side by side' })).toBeVisible();
  await expect(frame.getByRole('button', { name: 'Copy embed code' })).toHaveCount(0);
  await expect(frame.getByRole('button', { name: 'Run on real Postgres' })).toHaveCount(0);
  // The frame grows with its content, as before.
  await expect.poll(async () => (await page.locator('#widget').boundingBox())?.height ?? 0).toBeGreaterThan(1000);

  await page.goto(coursePage(`widget=walkthrough&${extra('&layout=full&tools=on')}`));
  await expect(frame.getByRole('button', { name: 'Copy embed code' })).toBeVisible();
  await expect(frame.getByRole('button', { name: 'Run on real Postgres' })).toBeVisible();
});

test('an embed option it does not know is named in a notice, and the player still works', async ({ page }) => {
  await page.goto(coursePage(`widget=walkthrough&${extra('&layout=tiny&height=12')}`));
  const frame = page.frameLocator('#widget');
  await expect(
    frame.getByText(/set layout to "tiny", which this widget does not know \(compact or full\)/),
  ).toBeVisible();
  await expect(frame.getByText(/set height to "12"/)).toBeVisible();
  await frame.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(frame.getByText(/^Step 2 of 23$/)).toBeVisible();
});

test('two frames on one course page: an answer is reported once, by the frame where it was given', async ({ page }) => {
  await page.goto(
    coursePage(
      `widget=quiz&${extra('&layout=full')}&second=question&secondExtra=${encodeURIComponent('&id=who-checks')}`,
    ),
  );
  const quiz = page.frameLocator('#widget');
  const question = page.frameLocator('#second');
  await new QuizQuestion(question).answer(/The lock service, by revoking/);
  await expect
    .poll(async () => (await recorded(page, 'secondEvents')).filter((event) => event.verb === 'answered'))
    .toEqual([expect.objectContaining({ questionId: 'who-checks' })]);
  // The quiz frame shows the answer it learned through storage, but does not report it again.
  await expect(new QuizQuestion(quiz, /Who has to check the fencing token/).notQuite).toBeVisible();
  expect((await recorded(page, 'lockstepEvents')).filter((event) => event.verb === 'answered')).toEqual([]);
});

test('a lab embed opens on its run with the settings in a sheet, and can leave out its presets', async ({ page }) => {
  await page.goto(coursePage('widget=lab'));
  const frame = page.frameLocator('#widget');
  // Its heading is for the outline (the stepper says what the run is): the run itself is on screen.
  await expect(frame.getByRole('region', { name: 'What happens' })).toBeInViewport();
  await expect(frame.getByText(/^Step 1 of \d+$/)).toBeInViewport();
  await expect(frame.getByRole('form', { name: 'What if' })).toBeHidden();
  await frame.getByText('Settings', { exact: true }).click();
  await expect(frame.getByRole('heading', { name: 'Presets' })).toBeVisible();
  await expect(frame.getByRole('form', { name: 'What if' })).toBeVisible();
  await page.goto(coursePage(`widget=lab&${extra('&presets=off')}`));
  await frame.getByText('Settings', { exact: true }).click();
  await expect(frame.getByRole('form', { name: 'What if' })).toBeVisible();
  await expect(frame.getByRole('heading', { name: 'Presets' })).toHaveCount(0);
});

test('the compact lab in a 700 px column: one screen whose current row and Next stay in view at every step', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(coursePage(`widget=lab&column=700&${extra('&service=redlock&storage=unchecked')}`));
  const frame = page.frameLocator('#widget');
  const indicator = frame.getByText(/^Step \d+ of \d+$/);
  await expect(indicator).toHaveText(/^Step 1 of/);
  const of = Number((await indicator.textContent())!.match(/of (\d+)/)![1]);
  await expect.poll(async () => (await page.locator('#widget').boundingBox())?.height).toBe(640);
  await frame.getByRole('button', { name: 'Next', exact: true }).focus();
  for (let step = 1; step <= of; step++) {
    await expect(indicator).toHaveText(`Step ${step} of ${of}`);
    expect(await inView(page), `step ${step}`).toEqual({ rowInBox: true, nextOnScreen: true, frameScrolled: 0 });
    expect(await page.evaluate(() => window.scrollY), `host at step ${step}`).toBe(0);
    if (step < of) await page.keyboard.press('ArrowRight');
  }
  await expect(frame.getByRole('status').filter({ hasText: 'Verdict:' })).toBeInViewport();
});

test('a lab embed tells the course page each step, and its verdict once the run reaches its end', async ({ page }) => {
  await page.goto(coursePage(`widget=lab&${extra('&service=redis&storage=unchecked')}`));
  const frame = page.frameLocator('#widget');
  const indicator = frame.getByText(/^Step \d+ of \d+$/);
  await expect(indicator).toHaveText(/^Step 1 of/);
  const of = Number((await indicator.textContent())!.match(/of (\d+)/)![1]);
  const labEvents = async () =>
    (await recorded(page, 'lockstepEvents')).filter((event) => (event as { widget?: string }).widget === 'lab');
  await expect
    .poll(labEvents)
    .toEqual([expect.objectContaining({ verb: 'progressed', step: 1, of, service: 'redis' })]);
  // In the middle of the run: progress only.
  await frame.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(indicator).toHaveText(`Step 2 of ${of}`);
  expect((await labEvents()).map((event) => event.verb)).toEqual(['progressed', 'progressed']);
  await frame.getByRole('button', { name: 'Go to the end' }).click();
  await expect
    .poll(async () => (await labEvents()).at(-1))
    .toEqual(expect.objectContaining({ verb: 'completed', service: 'redis', verdict: 'staleWriteLanded' }));
  // Stepping back and to the end again is the same run: one completion.
  await frame.getByRole('button', { name: 'Back', exact: true }).click();
  await frame.getByRole('button', { name: 'Go to the end' }).click();
  await expect(indicator).toHaveText(`Step ${of} of ${of}`);
  expect((await labEvents()).filter((event) => event.verb === 'completed')).toHaveLength(1);
});

test('embed-host.js hears only Lockstep frames, and caps the height one may ask for', async ({ page }) => {
  await page.goto(coursePage('widget=walkthrough&column=700&forger'));
  const forged = { source: 'lockstep', version: 1, kind: 'resize', height: 5e7 };
  // The third-party frame has posted its forged resize and its forged full score.
  await expect
    .poll(async () => (await recorded(page, 'rawMessages')).filter((data) => data.height === 5e7))
    .toHaveLength(1);
  await expect(page.frameLocator('#widget').getByText('Step 1 of 23', { exact: true })).toBeVisible();
  expect((await page.locator('#forger').boundingBox())?.height).toBe(120);
  expect(await page.evaluate(() => (window as unknown as { forgerEvents: unknown[] }).forgerEvents)).toEqual([]);
  expect((await recorded(page, 'lockstepEvents')).filter((event) => event.verb === 'completed')).toEqual([]);

  // Lockstep's own frame asking for 5e7 px gets the cap, 12,000 px.
  await page.frame({ url: /embed\.html/ })!.evaluate((message) => parent.postMessage(message, '*'), forged);
  await expect.poll(async () => (await page.locator('#widget').boundingBox())?.height).toBe(12000);
});

/** The frame's height on the course page, once the widget has settled. */
const frameHeight = async (page: Page) => (await page.locator('#widget').boundingBox())?.height ?? 0;

test('in a 700 px column on another origin, the map embed is one screen, one map at a time, with no author tools', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  for (const service of ['lesson', 'etcd', 'redlock']) {
    await page.goto(coursePage(`widget=map&column=700&${extra(`&service=${service}`)}`));
    const frame = page.frameLocator('#widget');
    await expect(frame.getByRole('grid')).toHaveCount(1, { timeout: 60_000 });
    await expect.poll(() => frameHeight(page)).toBeGreaterThan(400);
    expect(await frameHeight(page), service).toBeLessThanOrEqual(800);
    await expect(frame.getByRole('button', { name: /Download|Copy/ })).toHaveCount(0);
    // Its grid and what it says stand side by side: the map's words start beside its top, not under it.
    const grid = (await frame.getByRole('grid').boundingBox())!;
    const words = (await frame.getByRole('group', { name: /scrolls/ }).boundingBox())!;
    expect(words.x, service).toBeGreaterThanOrEqual(grid.x + grid.width);
    expect(words.y, service).toBeLessThan(grid.y + grid.height / 2);
  }
  // The switch shows the other map, in the same frame height.
  const frame = page.frameLocator('#widget');
  await page.goto(coursePage(`widget=map&column=700`));
  await frame.getByRole('button', { name: 'The table checks tokens' }).click();
  await expect(frame.getByRole('grid', { name: /^The table checks tokens/ })).toBeVisible({ timeout: 60_000 });
  expect(await frameHeight(page)).toBeLessThanOrEqual(800);

  await page.goto(coursePage(`widget=map&column=700&${extra('&tools=on')}`));
  await expect(frame.getByRole('button', { name: /SVG of the map/ })).toHaveCount(1, { timeout: 60_000 });
  await page.goto(coursePage(`widget=map&column=700&${extra('&layout=full')}`));
  await expect(frame.getByRole('grid')).toHaveCount(2, { timeout: 60_000 });
  await expect.poll(() => frameHeight(page)).toBeGreaterThan(1200);
});

test('in a 700 px column the quiz embed is one 640 px screen, one question at a time, with no embed codes', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(coursePage('widget=quiz&column=700'));
  const frame = page.frameLocator('#widget');
  const place = frame.getByText(/^Question \d+ of \d+$/);
  await expect(place).toHaveText(/^Question 1 of/);
  const count = Number((await place.textContent())!.match(/of (\d+)/)![1]);
  for (let at = 1; at <= count; at++) {
    await expect(place).toHaveText(`Question ${at} of ${count}`);
    // Answered, so every option's explanation shows: the question at its tallest.
    const question = new QuizQuestion(frame);
    // An order question has no choice to pick: it is checked as it stands.
    if (await question.form.locator('input').count()) await question.pickFirst();
    await question.check();
    // One screen of 640 px: the question scrolls within itself, and the moves stay in view below it.
    await expect(question.verdict).toBeVisible();
    expect(await frameHeight(page), `question ${at}`).toBe(640);
    await expect(frame.getByRole('button', { name: 'Next question' })).toBeInViewport({ ratio: 1 });
    expect(await page.frame({ url: /embed\.html/ })!.evaluate(() => document.scrollingElement!.scrollTop)).toBe(0);
    await expect(frame.getByRole('button', { name: /Copy embed code/ })).toHaveCount(0);
    if (at < count) await frame.getByRole('button', { name: 'Next question' }).click();
  }
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  await page.goto(coursePage(`widget=quiz&column=700&${extra('&layout=full&tools=on')}`));
  await expect(frame.getByRole('form')).toHaveCount(count);
  await expect(frame.getByRole('button', { name: 'Copy embed code for the quiz' })).toBeVisible();
});

test('a single-question embed is titled by its question, not by its number', async ({ page }) => {
  await page.goto(coursePage(`widget=question&column=700&${extra('&id=who-checks')}`));
  const frame = page.frameLocator('#widget');
  await expect(frame.getByRole('heading', { level: 1 })).toHaveText(
    'Who has to check the fencing token for it to protect the data?',
  );
  await expect(frame.getByText(/Question \d/)).toHaveCount(0);
  await expect(frame.getByRole('button', { name: 'Check answer', exact: true })).toBeVisible();
  expect(await frameHeight(page)).toBeLessThanOrEqual(800);
});

test('the compact lab embed keeps its run watchable with Settings open, has the time strip, and clips no panel', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(coursePage(`widget=lab&column=700&${extra('&service=redlock&storage=unchecked')}`));
  const frame = page.frameLocator('#widget');
  const run = frame.getByRole('region', { name: 'What happens' });
  await expect(run.getByRole('img', { name: /^Time to scale/ })).toBeInViewport({ ratio: 1 });
  // The Redlock nodes panel and its table whole: nothing wider than the box that holds it.
  const panels = run.getByRole('group', { name: 'What each part holds, scrolls' });
  await expect(panels.getByRole('table').first()).toBeVisible();
  const overflow = await panels.evaluate((box) => box.scrollWidth - box.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);

  await frame.getByText('Settings', { exact: true }).click();
  const glance = frame.getByTestId('run-glance');
  await expect(glance).toBeInViewport({ ratio: 1 });
  await expect(glance.getByRole('img', { name: /^Time to scale/ })).toBeVisible();
  await expect(glance).toContainText('Verdict: Stale write landed.');
  // Down to the pause, deep in the sheet: the glance stays in view above it and follows the slider.
  const pause = frame.getByRole('slider', { name: 'Pause length (s)' });
  await pause.focus();
  for (let press = 0; press < 20; press++) await page.keyboard.press('ArrowLeft');
  await expect(pause).toHaveAttribute('aria-valuetext', '20 s');
  await expect(glance).toContainText('Verdict: Safe.');
  await expect(glance).toBeInViewport({ ratio: 1 });
  await expect(pause).toBeInViewport();
  expect((await page.locator('#widget').boundingBox())?.height).toBe(640);
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  // "Step through it" closes the sheet on the run, from its first step.
  await glance.getByRole('button', { name: 'Step through it' }).click();
  await expect(run.getByText(/^Step 1 of \d+$/)).toBeInViewport();
  await expect(frame.getByRole('slider', { name: 'Pause length (s)' })).toBeHidden();
});
