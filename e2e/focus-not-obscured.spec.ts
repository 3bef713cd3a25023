import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

/*
 * WCAG 2.2, 2.4.11 Focus Not Obscured: whatever has focus is not hidden by the walkthrough's sticky bar, nor by the
 * diagram's lifeline names stuck below it. Checked where it failed (a Tab to Play after End put Play behind the bar),
 * then through a whole Tab cycle of the page.
 */

/** What the reader sees of the focused element: is its top edge and middle the element itself, not something over it? */
function focusSeen(page: Page) {
  return page.evaluate(async () => {
    // The page moves a control clear of the bar in the frame after focus: look after that.
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const focused = document.activeElement;
    if (!focused || focused === document.body) return { name: 'body', seen: true };
    // A link that wraps is several boxes: its first line's is where it starts.
    const box = focused.getClientRects()[0] ?? focused.getBoundingClientRect();
    const name = `${focused.tagName.toLowerCase()} "${(focused.getAttribute('aria-label') ?? focused.textContent ?? '').trim().slice(0, 40)}"`;
    // Off screen (a zero-size or scrolled-away element) is not this check's business: the browser scrolls to focus.
    if (box.width === 0 || box.height === 0 || box.bottom <= 0 || box.top >= window.innerHeight) {
      return { name, seen: true };
    }
    const x = Math.min(Math.max(box.left + Math.min(box.width / 2, 20), 0), window.innerWidth - 1);
    const points = [box.top + 2, box.top + box.height / 2].filter((y) => y >= 0 && y < window.innerHeight);
    const seen = points.every((y) => {
      const hit = document.elementFromPoint(x, y);
      return hit !== null && (focused.contains(hit) || hit.contains(focused));
    });
    return { name, seen };
  });
}

/**
 * Presses Tab from where focus is, round to the walkthrough's Back button (`whole`: through the whole page), or until
 * focus leaves the walkthrough; returns the presses made and any focused element that was covered.
 */
async function tabThrough(page: Page, whole: boolean) {
  await page
    .locator('#walkthrough')
    .getByRole('button', { name: 'Back', exact: true })
    .evaluate((back) => back.setAttribute('data-tab-cycle-end', ''));
  const hidden: string[] = [];
  let presses = 0;
  while (presses < 600) {
    await page.keyboard.press('Tab');
    presses++;
    const { name, seen } = await focusSeen(page);
    if (!seen) hidden.push(`Tab ${presses}: ${name}`);
    const { atBack, inWalkthrough } = await page.evaluate(() => ({
      atBack: document.activeElement?.hasAttribute('data-tab-cycle-end') ?? false,
      inWalkthrough: document.activeElement?.closest('#walkthrough') !== null,
    }));
    if (presses > 1 && (whole ? atBack : !inWalkthrough)) break;
  }
  return { presses, hidden };
}

/** Waits until the page has followed the diagram down, so the sticky bar is stuck at the top. */
async function barStuck(page: Page) {
  const bar = page.locator('#walkthrough .walkthrough-bar');
  await expect.poll(() => bar.evaluate((element) => element.getBoundingClientRect().top)).toBe(0);
}

test('at 1440×900, Next to step 20 then Tab through the whole page: nothing focused is under the sticky bar', async ({
  walkthrough,
  page,
}) => {
  test.slow();
  await page.setViewportSize({ width: 1440, height: 900 });
  await walkthrough.open('?step=19');
  await walkthrough.focusKeys();
  await page.keyboard.press('Enter');
  await walkthrough.expectStep(20);
  await barStuck(page);
  // Play, Speed and the time slider sit just under the bar here: the first Tabs after the options reach them.
  const { presses, hidden } = await tabThrough(page, true);
  expect(presses).toBeGreaterThan(20);
  expect(presses).toBeLessThan(600);
  expect(hidden).toEqual([]);
});

for (const { viewport, open, keys } of [
  { viewport: { width: 1280, height: 800 }, open: '?step=1', keys: ['End'] },
  { viewport: { width: 390, height: 844 }, open: '?step=19', keys: ['Enter'] },
  // Short screens, where the caption and its prediction under the bar once stayed put too and covered the toolbar.
  { viewport: { width: 720, height: 500 }, open: '?step=8', keys: ['End'] },
  { viewport: { width: 960, height: 600 }, open: '?step=8', keys: ['End'] },
]) {
  test(`at ${viewport.width}×${viewport.height}, after ${keys.join(', ')} from ${open}, nothing focused in the walkthrough is under the sticky bar`, async ({
    walkthrough,
    page,
  }) => {
    await page.setViewportSize(viewport);
    await walkthrough.open(open);
    await walkthrough.focusKeys();
    for (const key of keys) await page.keyboard.press(key);
    await barStuck(page);
    const { presses, hidden } = await tabThrough(page, false);
    expect(presses).toBeGreaterThan(5);
    expect(hidden).toEqual([]);
  });
}

test('at 1280×720, the diagram’s lifeline names stay within the diagram: scrolled past it, the toolbar is not under them', async ({
  walkthrough,
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await walkthrough.open('?step=8');
  await walkthrough.focusKeys();
  const download = page.locator('#walkthrough').getByRole('button', { name: 'Download SVG' });
  // The toolbar just under the sticky bar and moment, where the names would hang if they outran the diagram.
  await download.evaluate((button) => {
    const stuck = Number.parseFloat(
      getComputedStyle(button.closest('#walkthrough')!).getPropertyValue('--bar-height') || '0',
    );
    window.scrollBy(0, button.getBoundingClientRect().top - stuck - 8);
  });
  await expect
    .poll(() =>
      download.evaluate((button) => {
        const box = button.getBoundingClientRect();
        const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
        return hit !== null && button.contains(hit);
      }),
    )
    .toBe(true);
});
