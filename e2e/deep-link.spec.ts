import { expect, test } from './fixtures';

test('a link opens at its step with its fencing setting', async ({ walkthrough }) => {
  await walkthrough.open('?step=19&fencing=off');
  await walkthrough.expectStep(19);
  await expect(walkthrough.fencing).toHaveAttribute('aria-checked', 'false');
  await expect(walkthrough.diagram).toHaveAttribute('aria-label', /step 19 of/);
});

const nonsense = [
  { query: '?step=-3', step: 'first', notice: /steps start at 1/ },
  { query: '?step=999', step: 'last', notice: /has \d+ steps, so it opens at the last one/ },
  { query: '?step=abc&fencing=on', step: 'first', notice: /not a number/ },
  { query: '?step=4&fencing=banana', step: 4, notice: /neither on nor off/ },
] as const;

for (const { query, step, notice } of nonsense) {
  test(`a nonsense link (${query}) falls back to a valid state and says why`, async ({ walkthrough, page }) => {
    await walkthrough.open(query);
    const { of } = await walkthrough.position();
    await walkthrough.expectStep(step === 'first' ? 1 : step === 'last' ? of : step, of);
    await expect(walkthrough.fencing).toHaveAttribute('aria-checked', 'true');
    await expect(page.getByRole('status').filter({ hasText: notice })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.getByRole('button', { name: 'Dismiss' }).click();
    await expect(page.getByRole('status').filter({ hasText: notice })).toHaveCount(0);
  });
}

for (const viewport of [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
]) {
  test(`at ${viewport.width}×${viewport.height} a corrected link's notice is on screen with the walkthrough it opened`, async ({
    walkthrough,
    page,
  }) => {
    await page.setViewportSize(viewport);
    await walkthrough.open('?step=999&fencing=banana');
    await walkthrough.expectStep(23, 23);
    await expect(page.getByRole('status').filter({ hasText: /neither on nor off/ })).toBeInViewport();
    await expect(walkthrough.indicator).toBeInViewport();
    await expect(walkthrough.caption).toBeInViewport();
  });
}

test('a fresh visit opens at the top, and the address gains step and fencing only once the learner steps', async ({
  walkthrough,
  page,
}) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeInViewport();
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  await page.waitForTimeout(400);
  expect(new URL(page.url()).search).toBe('');
  await walkthrough.next.click();
  await expect(page).toHaveURL(/\?step=2&fencing=on$/);
});

test('a deep link brings the walkthrough into view; a reload keeps the reading position instead', async ({
  walkthrough,
  page,
}) => {
  await walkthrough.open('?step=19&fencing=off');
  await expect(walkthrough.caption).toBeInViewport();
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight / 2));
  const reading = await page.evaluate(() => window.scrollY);
  await page.reload();
  await walkthrough.expectStep(19);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(reading - 50);
});

test('a step link in the lesson is a visit: Back returns to where the reader was, at the step they left', async ({
  lesson,
  walkthrough,
  page,
}) => {
  await lesson.open();
  await walkthrough.focusKeys();
  await page.keyboard.press('ArrowRight');
  await walkthrough.expectStep(2);
  const link = page.getByRole('link', { name: 'the same write with fencing off' });
  await link.scrollIntoViewIfNeeded();
  await link.click();
  await walkthrough.expectStep(19);
  await expect(walkthrough.caption).toBeInViewport();
  await expect(link).not.toBeInViewport();
  await page.goBack();
  await walkthrough.expectStep(2);
  await expect(walkthrough.fencing).toHaveAttribute('aria-checked', 'true');
  await expect(page).toHaveURL(/step=2&fencing=on/);
  // Where the reader was: the link they followed is on screen again. (Not a number of pixels: a part above it that
  // hydrates meanwhile changes its height, and the browser keeps the reader's place by moving the scroll position.)
  await expect(link).toBeInViewport();
  await page.goForward();
  await walkthrough.expectStep(19);
});

test('the text version and the side-by-side view open in view', async ({ walkthrough, page }) => {
  await walkthrough.open('?step=5');
  await walkthrough.textVersion.click();
  await expect(page.getByRole('heading', { name: /steps, fencing tokens on/ })).toBeInViewport();
  await page.getByRole('button', { name: 'Compare side by side' }).click();
  await expect(page.getByRole('heading', { name: 'Fencing tokens off', level: 4 })).toBeInViewport();
});
