import { expect, test } from './fixtures';

test('the text version lists one item per step and links to each', async ({ walkthrough, page }) => {
  await walkthrough.open('?step=3');
  const { of } = await walkthrough.position();
  await expect(walkthrough.textVersion).toHaveAttribute('aria-pressed', 'false');
  await walkthrough.textVersion.click();
  await expect(walkthrough.textVersion).toHaveAttribute('aria-pressed', 'true');
  const list = page.getByRole('region', { name: /steps, fencing tokens on/ }).getByRole('listitem');
  await expect(list).toHaveCount(of);
  await expect(list.nth(2)).toHaveAttribute('aria-current', 'step');
  await list.nth(7).getByRole('link').click();
  await walkthrough.expectStep(8, of);
  await expect(list.nth(7)).toHaveAttribute('aria-current', 'step');
  await walkthrough.textVersion.click();
  await expect(list).toHaveCount(0);
});

test('each step is announced in a polite live region', async ({ walkthrough, page }) => {
  await walkthrough.open();
  await walkthrough.next.click();
  const live = page.locator('#walkthrough [aria-live="polite"]');
  await expect(live).toContainText(
    /^Step 2 of \d+, at 0 s: Renewer A asks the lock service for the lock: acquire lock:cert:go\.shop\.example, lease 30 s/,
  );
});
