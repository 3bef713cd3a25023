import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

/** Is each thing on the projected screen, inside the window, with a size? Measured from bounding boxes. */
async function onScreen(page: Page) {
  return page.evaluate(() => {
    const inside = (element: Element | null) => {
      if (!element) return false;
      const box = element.getBoundingClientRect();
      return box.height > 0 && box.top >= 0 && box.bottom <= window.innerHeight + 0.5 && box.left >= 0;
    };
    const row = document.querySelector('.presenter .diagram-scroll-box g.row.current');
    const box = document.querySelector('.presenter .diagram-scroll-box')!.getBoundingClientRect();
    const rowBox = row?.getBoundingClientRect();
    return {
      caption: inside(document.querySelector('.presenter [data-testid="step-caption"]')),
      row: inside(row) && !!rowBox && rowBox.top >= box.top - 1 && rowBox.bottom <= box.bottom + 1,
      tableRow: inside(document.querySelector('.presenter .strip-row-now')),
      pageScrolls: document.scrollingElement!.scrollHeight > window.innerHeight + 1,
    };
  });
}

for (const [width, height] of [
  [1024, 768],
  [1280, 720],
  [1920, 1080],
] as const) {
  test(`presenter at ${width}×${height}: caption, current arrow and table row on screen at every step`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height });
    for (const fencing of ['on', 'off']) {
      await page.goto(`/?present&step=1&fencing=${fencing}`);
      const indicator = page.getByText(/^Step \d+ of 23$/);
      await expect(indicator).toHaveText('Step 1 of 23');
      for (let step = 1; step <= 23; step++) {
        await expect(indicator).toHaveText(`Step ${step} of 23`);
        expect(await onScreen(page), `fencing ${fencing}, step ${step}`).toEqual({
          caption: true,
          row: true,
          tableRow: true,
          pageScrolls: false,
        });
        if (step < 23) await page.keyboard.press('PageDown');
      }
    }
  });
}

test('while blank, a clicker only brings the screen back, and the room sees nothing but black', async ({ page }) => {
  await page.goto('/?present&step=5');
  const indicator = page.getByText(/^Step \d+ of 23$/);
  // Presenter mode loads after the page: its keys work once it is there.
  await expect(indicator).toHaveText('Step 5 of 23');
  await page.keyboard.press('b');
  const blank = page.getByRole('dialog', { name: 'Screen blanked' });
  await expect(blank).toBeVisible();
  // Nothing visible but black: the return button, focused for the keyboard, is clipped away (screen readers only).
  expect(
    await page.evaluate(() => {
      const button = document.querySelector('.blank-screen button')!;
      const dialog = document.querySelector('.blank-screen')!;
      return [
        document.activeElement === button,
        getComputedStyle(button).clip,
        getComputedStyle(dialog).backgroundColor,
        dialog.textContent,
      ];
    }),
  ).toEqual([true, 'rect(0px, 0px, 0px, 0px)', 'rgb(0, 0, 0)', 'Return to the presentation']);
  await page.keyboard.press('PageDown');
  await expect(blank).toHaveCount(0);
  await expect(indicator).toHaveText('Step 5 of 23');
  await page.keyboard.press('.');
  await expect(blank).toBeVisible();
  await blank.click();
  await expect(blank).toHaveCount(0);
  await expect(indicator).toHaveText('Step 5 of 23');
});

test('the speaker view opens in its own window and keeps in step with the projected one, both ways', async ({
  page,
  context,
}) => {
  await page.goto('/?present&step=3&fencing=off');
  const projected = page.getByText(/^Step \d+ of 23$/);
  await expect(page.getByRole('button', { name: 'Speaker view' })).toBeVisible();
  const opened = context.waitForEvent('page');
  await page.keyboard.press('s');
  const speaker = await opened;
  await speaker.waitForLoadState();
  const speakerStep = speaker.getByText(/^Step \d+ of 23$/);
  await expect(speakerStep).toHaveText('Step 3 of 23');
  await expect(speaker.getByRole('heading', { name: 'Notes for this step' })).toBeVisible();
  await expect(speaker.getByRole('timer', { name: 'Time presenting' })).toHaveText(/^\d+:\d\d$/);
  // The projected screen never shows the notes.
  await expect(page.getByRole('heading', { name: 'Notes for this step' })).toHaveCount(0);

  await page.keyboard.press('PageDown');
  await expect(projected).toHaveText('Step 4 of 23');
  await expect(speakerStep).toHaveText('Step 4 of 23');
  await speaker.getByRole('button', { name: 'Next', exact: true }).click();
  await speaker.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(speakerStep).toHaveText('Step 6 of 23');
  await expect(projected).toHaveText('Step 6 of 23');
  await speaker.getByRole('button', { name: 'Back', exact: true }).click();
  await expect(projected).toHaveText('Step 5 of 23');
  const results = await new AxeBuilder({ page: speaker }).analyze();
  expect(results.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
});
