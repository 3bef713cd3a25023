import { expect, test } from './fixtures';

const FINAL_ROWS = {
  on: { domain: 'go.shop.example', cert: 'serial 1002, issued at 36 s', fence: '34' },
  off: { domain: 'go.shop.example', cert: 'serial 1001, issued at 5 s', fence: '33' },
} as const;

for (const mode of ['on', 'off'] as const) {
  test(`walks every step with Next and back with Back, fencing ${mode}`, async ({ walkthrough }) => {
    await walkthrough.open(`?fencing=${mode}`);
    await expect(walkthrough.fencing).toHaveAttribute('aria-checked', mode === 'on' ? 'true' : 'false');
    const { step, of } = await walkthrough.position();
    expect(step).toBe(1);
    expect(of).toBeGreaterThan(10);
    await expect(walkthrough.back).toBeDisabled();

    for (let expected = 2; expected <= of; expected += 1) {
      await walkthrough.next.click();
      await walkthrough.expectStep(expected, of);
    }
    await expect(walkthrough.next).toBeDisabled();
    expect(await walkthrough.certificateRow()).toEqual(FINAL_ROWS[mode]);
    if (mode === 'off') {
      await expect(walkthrough.caption).toContainText('a stale certificate replaced a newer one');
      await expect(walkthrough.certificatesPanel).toContainText('Stale certificate.');
    } else {
      await expect(walkthrough.caption).toContainText('The late write with a lower token changed nothing');
      await expect(walkthrough.certificatesPanel).toContainText('UPDATE 0 (rejected: a higher token has written)');
      await expect(walkthrough.certificatesPanel).not.toContainText('Stale certificate.');
    }

    for (let expected = of - 1; expected >= 1; expected -= 1) {
      await walkthrough.back.click();
      await walkthrough.expectStep(expected, of);
    }
    await expect(walkthrough.back).toBeDisabled();
    expect(await walkthrough.certificateRow()).toEqual({ domain: 'go.shop.example', cert: 'serial 1000', fence: '32' });
  });

  test(`steps with the keyboard, fencing ${mode}`, async ({ walkthrough, page }) => {
    await walkthrough.open(`?fencing=${mode}`);
    const { of } = await walkthrough.position();
    // Outside the walkthrough the arrows scroll the page as usual.
    await page.keyboard.press('ArrowRight');
    await walkthrough.expectStep(1, of);
    await walkthrough.focusKeys();
    for (let expected = 2; expected <= of; expected += 1) {
      await page.keyboard.press('ArrowRight');
      await walkthrough.expectStep(expected, of);
    }
    await page.keyboard.press('ArrowRight');
    await walkthrough.expectStep(of, of);
    expect(await walkthrough.certificateRow()).toEqual(FINAL_ROWS[mode]);
    for (let expected = of - 1; expected >= 1; expected -= 1) {
      await page.keyboard.press('ArrowLeft');
      await walkthrough.expectStep(expected, of);
    }
    await page.keyboard.press('End');
    await walkthrough.expectStep(of, of);
    await page.keyboard.press('Home');
    await walkthrough.expectStep(1, of);
  });
}

test('the late write is rejected with fencing on and lands with fencing off', async ({ walkthrough, page }) => {
  await walkthrough.open('?fencing=on');
  const { of } = await walkthrough.position();
  await walkthrough.focusKeys();
  await page.keyboard.press('End');
  await walkthrough.textVersion.click();
  const steps = page.getByRole('region', { name: /steps, fencing tokens/ });
  await expect(steps).toContainText('Renewer A stores serial 1001 with its token');
  await expect(steps).toContainText('The table answers UPDATE 0: token 33 is lower than the fence 34');
  await walkthrough.fencing.click();
  await walkthrough.expectStep(of);
  await expect(steps).toContainText('A stale certificate replaced a newer one');
});

test('toggling fencing keeps the learner at the same step and updates the link', async ({ walkthrough, page }) => {
  await walkthrough.open('?step=10&fencing=on');
  await walkthrough.expectStep(10);
  await walkthrough.fencing.click();
  await expect(walkthrough.fencing).toHaveAttribute('aria-checked', 'false');
  await walkthrough.expectStep(10);
  await expect(page).toHaveURL(/step=10&fencing=off/);
  await walkthrough.next.click();
  await expect(page).toHaveURL(/step=11&fencing=off/);
});

test('belief and truth part ways while A is paused', async ({ walkthrough, page }) => {
  await walkthrough.open('?step=10&fencing=on');
  const renewerA = page
    .locator('#walkthrough')
    .getByRole('listitem')
    .filter({ hasText: /^Renewer A/ });
  await expect(renewerA).toContainText('Believes: it holds the lock with token 33.');
  await expect(renewerA).toContainText('In truth: Renewer B holds the lock with token 34.');
  await expect(page.getByRole('region', { name: 'Lock service' })).toContainText('Renewer B, token 34');
});
