import AxeBuilder from '@axe-core/playwright';
import { drawEverySection, expect, test } from './fixtures';

test('the lesson has its twelve sections in order, each reachable from the table of contents', async ({
  lesson,
  page,
}) => {
  await lesson.open();
  const toc = page.getByRole('navigation', { name: 'Contents' }).getByRole('link');
  await expect(toc).toHaveCount(12);
  await expect(toc.first()).toHaveText('The problem: two renewers, one certificate');
  await expect(toc.last()).toHaveText('Practice');
  await page.getByRole('navigation', { name: 'Contents' }).getByRole('link', { name: 'The check in Postgres' }).click();
  await expect(page).toHaveURL(/#the-check-in-postgres$/);
  await expect(page.getByRole('heading', { name: 'The check in Postgres' })).toBeInViewport();
});

test('a link to a later section works even though that section loads after the first view', async ({ page }) => {
  await page.goto('/#why-not-a-stronger-lock');
  await expect(page.getByRole('heading', { name: 'Why not just a stronger lock?' })).toBeInViewport();
});

test('every internal link on the page resolves', async ({ lesson, page }) => {
  await lesson.open();
  const hrefs = await page
    .locator('a[href^="#"], a[href^="?"]')
    .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
  expect(hrefs.length).toBeGreaterThan(12);
  for (const href of new Set(hrefs)) {
    const [query = '', hash = ''] = href.split('#');
    if (hash) expect(await page.locator(`[id="${hash}"]`).count(), `target of ${href}`).toBe(1);
    if (query) expect(query, href).toMatch(/^\?(step=\d+(&fencing=(on|off))?|lab(&[A-Za-z]+=[\w-]+)*)$/);
  }
});

test('a lesson link to a walkthrough step moves the walkthrough without reloading', async ({
  lesson,
  walkthrough,
  page,
}) => {
  await lesson.open();
  await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
  await page.getByRole('link', { name: 'the same write with fencing off' }).click();
  await walkthrough.expectStep(19);
  await expect(walkthrough.fencing).toHaveAttribute('aria-checked', 'false');
  await expect(page).toHaveURL(/step=19&fencing=off/);
  expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
});

test('code is highlighted and the <= choice is explained where the SQL is shown', async ({ lesson, page }) => {
  await lesson.open();
  const section = page.getByRole('region', { name: 'The check in Postgres' });
  await expect(section.locator('code.language-sql .hljs-keyword').first()).toHaveText('CREATE TABLE');
  await expect(section.getByRole('heading', { name: 'Why <= and not <' })).toBeVisible();
});

test('the source cards link to their sources', async ({ lesson, page }) => {
  await lesson.open();
  const cards = page.getByRole('region', { name: 'Seen in production' }).getByRole('listitem');
  expect(await cards.count()).toBeGreaterThanOrEqual(4);
  await expect(
    page.getByRole('link', { name: /^Read the source:? ?: How to do distributed locking$/ }),
  ).toHaveAttribute('href', 'https://martin.kleppmann.com/2016/02/08/how-to-do-distributed-locking.html');
  await expect(page.getByRole('heading', { name: /The Chubby lock service/ })).toBeVisible();
});

test('axe finds no violations on the lesson page, with quiz feedback and a model answer showing', async ({
  lesson,
  page,
}) => {
  await lesson.open();
  await lesson.question(/Snip uses a Redis lock/).answer(/^No: it is an efficiency lock/);
  await lesson.question(/Put the evening's events in the order/).check();
  await page.getByRole('button', { name: 'Show our answer to question 1' }).click();
  await drawEverySection(page);
  const results = await new AxeBuilder({ page }).analyze();
  expect(
    results.violations.map((violation) => `${violation.id}: ${violation.help} ${violation.nodes[0]?.target}`),
  ).toEqual([]);
});

test('sections 2 to 6 and 9 each hold a live run that steps, ends with its verdict and opens in the lab', async ({
  lesson,
  page,
}) => {
  await lesson.open();
  const sections = [
    'What is the lock for?',
    'The simple lock: one Redis key',
    'Why no lock alone is enough',
    'Fencing tokens',
    'The check in Postgres',
    'Implementations at a glance',
  ];
  for (const name of sections) {
    const section = page
      .locator('section.lesson-section')
      .filter({ has: page.getByRole('heading', { name, exact: true }) });
    const run = section.getByRole('region', { name: /^Try it: / }).first();
    // The heading's level follows the page; any level will do.
    await run.scrollIntoViewIfNeeded();
    await expect(run, name).toBeVisible();
    await run.getByRole('button', { name: 'Next' }).click();
    await expect(run.getByText(/^Step 2 of \d+$/)).toBeVisible();
    // On screen only: the run also holds its last frame, with its verdict, for paper.
    await expect(run.getByText(/^Verdict:/).filter({ visible: true })).toHaveCount(0);
    await run.getByRole('button', { name: 'Go to the end' }).click();
    await expect(run.getByText(/^Verdict:/).filter({ visible: true })).toBeVisible();
    await expect(run.getByRole('link', { name: 'Open this run in the lock lab' })).toHaveAttribute(
      'href',
      /[?&]lab(&|#|$)/,
    );
  }
});

test("the fencing section's outcome map: both sides computed, and a cell opens its run in the lab", async ({
  page,
}) => {
  await page.goto('/');
  const section = page.locator('section.lesson-section', {
    has: page.getByRole('heading', { name: 'Fencing tokens', level: 2 }),
  });
  // The prerendered page holds a note in the map's place; the map's code comes, and it computes, once the reader
  // has scrolled near it.
  await section.getByText('Loading the outcome map…').scrollIntoViewIfNeeded();
  const map = section.getByRole('region', { name: 'Outcome map' });
  await expect(map.getByRole('heading', { name: 'Outcome map', level: 3 })).toBeVisible();
  await expect(map.getByText(/^The table checks tokens: the stale write lands in 0 of 1,600 runs/)).toBeVisible({
    timeout: 60_000,
  });
  await expect(map.getByText(/^The table checks nothing: the stale write lands in [\d,]+ of 1,600 runs/)).toBeVisible();
  const grid = map.getByRole('grid', { name: /^The table checks nothing/ });
  await expect(grid.getByRole('gridcell')).toHaveText(
    'Lease TTL 30 s, Pause length 40 s: Stale write landed. The lock service gave out tokens, but the table did not check them.',
  );
  await grid.focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\?.*storage=unchecked.*lab/);
  await expect(page.getByRole('heading', { name: 'Lock lab', level: 1 })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Lease TTL (s)' })).not.toHaveValue('30');
});
