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
