import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { QuizQuestion } from './pages/quiz-question';

const APP = `http://127.0.0.1:${process.env.E2E_PORT ?? 4173}`;
const HOST = `http://127.0.0.1:${process.env.E2E_HOST_PORT ?? 4174}`;

type Recorded = { kind: string; verb?: string; step?: number; of?: number; questionId?: string; correct?: boolean };
const sendToWidget = (page: Page, message: Record<string, unknown>) =>
  page.evaluate((sent) => (window as unknown as { sendToWidget: (message: unknown) => void }).sendToWidget(sent), {
    source: 'lockstep-host',
    version: 1,
    ...message,
  });
const events = (page: Page) =>
  page.evaluate(() => (window as unknown as { lockstepEvents: Recorded[] }).lockstepEvents);

test('a course page on another origin embeds the walkthrough, resizes it, hears its progress and drives it', async ({
  page,
}) => {
  await page.goto(`${HOST}/?app=${encodeURIComponent(APP)}&widget=walkthrough&extra=${encodeURIComponent('&step=2')}`);
  const frame = page.frameLocator('#widget');
  await expect(frame.getByText(/^Step 2 of \d+$/)).toBeVisible();
  await expect.poll(async () => (await page.locator('#widget').boundingBox())?.height ?? 0).toBeGreaterThan(600);

  await frame.getByRole('button', { name: 'Next', exact: true }).click();
  await expect
    .poll(async () => (await events(page)).filter((event) => event.verb === 'progressed').at(-1))
    .toMatchObject({
      verb: 'progressed',
      step: 3,
    });

  await sendToWidget(page, { command: 'goToStep', step: 19 });
  await expect(frame.getByText(/^Step 19 of \d+$/)).toBeVisible();
  await sendToWidget(page, { command: 'setFencing', fencing: 'off' });
  await expect(frame.getByRole('switch', { name: 'Fencing tokens' })).toHaveAttribute('aria-checked', 'false');

  await frame.getByRole('button', { name: 'Next', exact: true }).focus();
  await page.keyboard.press('End');
  await expect.poll(async () => (await events(page)).some((event) => event.verb === 'completed')).toBe(true);
});

test('the embedded quiz reports each answer and the finished quiz', async ({ page }) => {
  await page.goto(
    `${HOST}/?app=${encodeURIComponent(APP)}&widget=question&extra=${encodeURIComponent('&id=who-checks')}`,
  );
  const frame = page.frameLocator('#widget');
  await new QuizQuestion(frame).answer(/The lock service, by revoking/);
  await expect
    .poll(async () => (await events(page)).filter((event) => event.verb === 'answered'))
    .toEqual([expect.objectContaining({ questionId: 'who-checks', correct: false })]);
  await expect
    .poll(async () => (await events(page)).find((event) => event.verb === 'completed'))
    .toMatchObject({
      widget: 'quiz',
      score: { right: 0, of: 1 },
    });
});

test('messages from an origin other than the configured parent change nothing and hear nothing', async ({ page }) => {
  // The same host page, but the widget was told its parent is somewhere else.
  await page.goto(
    `${HOST}/?app=${encodeURIComponent(APP)}&widget=walkthrough&parentOrigin=${encodeURIComponent('https://lms.example.edu')}`,
  );
  const frame = page.frameLocator('#widget');
  await expect(frame.getByText(/^Step 1 of \d+$/)).toBeVisible();
  await sendToWidget(page, { command: 'goToStep', step: 19 });
  await frame.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(frame.getByText(/^Step 2 of \d+$/)).toBeVisible();
  expect(await events(page)).toEqual([]);
  expect((await page.locator('#widget').boundingBox())?.height).toBe(150);
});

test('embed mode shows one widget without the site around it, and passes axe', async ({ page }) => {
  await page.goto('/embed.html?widget=walkthrough&step=4&fencing=off');
  await expect(page.getByText(/^Step 4 of \d+$/)).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Contents' })).toHaveCount(0);
  await expect(
    page.getByRole('heading', { name: 'Distributed locks, leases and fencing tokens, step by step' }),
  ).toHaveCount(0);
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
});

test('an embed of the quiz and a nonsense widget both render something useful', async ({ page }) => {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await page.goto('/embed.html?widget=quiz');
    await expect(page.getByRole('heading', { name: 'Quiz', exact: true })).toBeVisible();
    // Checked, with its explanations, in the screen that scrolls within itself (it opens on the first question not
    // yet checked: the second time round, question 2).
    const first = new QuizQuestion(page);
    await first.pickFirst();
    await first.check();
    await expect(first.verdict).toBeVisible();
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations.map((violation) => `${colorScheme} ${violation.id}`)).toEqual([]);
    await page.goto('/embed.html?widget=question&id=who-checks');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Who has to check/);
    const question = await new AxeBuilder({ page }).analyze();
    expect(question.violations.map((violation) => `${colorScheme} ${violation.id}`)).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/embed.html?widget=banana');
  await expect(page.getByRole('alert')).toContainText('Lockstep has no widget called “banana”');
  await page.goto('/embed.html?widget=question&id=nope');
  await expect(page.getByRole('alert')).toContainText('There is no quiz question with the id “nope”');
});

test('Copy embed code produces an iframe snippet for the current step', async ({ page, context, walkthrough }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await walkthrough.open('?step=7&fencing=off');
  await page.getByRole('button', { name: 'Copy embed code', exact: true }).click();
  await expect(page.getByText('Copied the embed code.')).toBeVisible();
  const snippet = await page.evaluate(() => navigator.clipboard.readText());
  expect(snippet).toMatch(
    /^<iframe src="http:\/\/127\.0\.0\.1:\d+\/embed\.html\?widget=walkthrough&amp;step=7&amp;fencing=off"/,
  );
  expect(snippet).toContain('loading="lazy"');
  expect(snippet).toContain('title="Lockstep');
  await page.getByRole('button', { name: 'Copy link to this step' }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(/\/\?step=7&fencing=off#walkthrough$/);
});

test('the built site works from a sub-path of a plain static host, loading nothing from elsewhere', async ({
  page,
}) => {
  const requests: string[] = [];
  page.on('request', (request) => requests.push(request.url()));
  await page.goto(`${HOST}/courses/lockstep/?step=3`);
  await expect(page.getByText(/^Step 3 of \d+$/)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Quiz', exact: true })).toBeVisible();
  await page.goto(`${HOST}/courses/lockstep/embed.html?widget=walkthrough&step=5`);
  await expect(page.getByText(/^Step 5 of \d+$/)).toBeVisible();
  expect(requests.filter((url) => !url.startsWith(`${HOST}/courses/lockstep/`) && !url.startsWith('data:'))).toEqual(
    [],
  );
});

test('a sandbox without allow-same-origin gets a plain message instead of a blank frame', async ({
  page,
  consoleErrors,
}) => {
  await page.goto(`${HOST}/?app=${encodeURIComponent(APP)}&widget=quiz&sandbox=allow-scripts`);
  await expect(page.frameLocator('#widget').getByText(/This Lockstep widget has not started/)).toBeVisible();
  await expect(page.frameLocator('#widget').getByText('allow-scripts allow-same-origin')).toBeVisible();
  // The browser reports the refused module scripts; that is the case under test.
  consoleErrors.splice(0, consoleErrors.length);
});

test('with a server that allows any origin, a sandbox without allow-same-origin still says what it needs', async ({
  page,
  consoleErrors,
}) => {
  // Access-Control-Allow-Origin: * lets the opaque-origin frame load its module scripts.
  await page.route(`${APP}/**`, async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, headers: { ...response.headers(), 'access-control-allow-origin': '*' } });
  });
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning') warnings.push(message.text());
  });
  await page.goto(`${HOST}/?app=${encodeURIComponent(APP)}&widget=walkthrough&sandbox=allow-scripts`);
  await expect.poll(() => warnings.join('\n')).toContain('sandboxed without allow-same-origin');
  const frame = page.frameLocator('#widget');
  await expect(frame.getByText(/This Lockstep widget has not started/)).toBeVisible();
  await expect(frame.getByText('allow-scripts allow-same-origin')).toBeVisible();
  await expect(frame.getByRole('button', { name: 'Next', exact: true })).toHaveCount(0);
  expect(await events(page)).toEqual([]);
  consoleErrors.splice(0, consoleErrors.length);
});

test('a page that pastes embed-host.js twice still hears each event once', async ({ page }) => {
  await page.goto(`${HOST}/?app=${encodeURIComponent(APP)}&widget=walkthrough&hostScripts=2`);
  const frame = page.frameLocator('#widget');
  await expect(frame.getByText(/^Step 1 of \d+$/)).toBeVisible();
  await frame.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(frame.getByText(/^Step 2 of \d+$/)).toBeVisible();
  await expect
    .poll(async () => (await events(page)).filter((event) => event.verb === 'progressed' && event.step === 2))
    .toHaveLength(1);
  await expect
    .poll(() => page.evaluate(() => document.querySelectorAll('script[src$="embed-host.js"]').length))
    .toBe(2);
});

test('without a referrer or parentOrigin the widget works, stays silent and says why in the console', async ({
  page,
}) => {
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning') warnings.push(message.text());
  });
  await page.goto(`${HOST}/?app=${encodeURIComponent(APP)}&widget=walkthrough&noParentOrigin`);
  const frame = page.frameLocator('#widget');
  await frame.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(frame.getByText(/^Step 2 of \d+$/)).toBeVisible();
  await expect.poll(() => warnings.join('\n')).toContain('Add parentOrigin=https://your.site');
  expect(await events(page)).toEqual([]);
});

test('a lab embed keeps its host origin in its own address, so a reload inside the frame still talks', async ({
  page,
}) => {
  await page.goto(`${HOST}/?app=${encodeURIComponent(APP)}&widget=lab`);
  const frame = page.frameLocator('#widget');
  await frame.getByText('Settings', { exact: true }).click();
  await frame.getByRole('combobox', { name: 'Lock service' }).selectOption('etcd');
  const widget = page.frames().find((candidate) => candidate.url().includes('embed.html'))!;
  await expect.poll(() => widget.url()).toContain('service=etcd');
  expect(new URL(widget.url()).searchParams.get('parentOrigin')).toBe(HOST);
  await widget.evaluate(() => location.reload());
  await frame.getByText('Settings', { exact: true }).click();
  await expect(frame.getByRole('combobox', { name: 'Lock service' })).toHaveValue('etcd');
  await expect.poll(async () => (await page.locator('#widget').boundingBox())?.height ?? 0).toBeGreaterThan(600);
});
