import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

/*
 * The run to scale stays on screen with the step controls: from 720 px up it sits in the sticky bar, beside the
 * caption (below it up to 959 px), so the page following the diagram down never takes it away.
 */

/** Is the bar's strip wholly on screen, and uncovered at its middle and its ends? */
function stripInView(page: Page) {
  return page.evaluate(() => {
    const strip = document.querySelector('#walkthrough .walkthrough-bar svg[role="img"]');
    if (!strip) return 'no strip in the bar';
    const box = strip.getBoundingClientRect();
    if (box.height === 0) return 'the strip is not drawn';
    if (box.top < -0.5 || box.bottom > window.innerHeight + 0.5) return `off screen at ${box.top}..${box.bottom}`;
    for (const x of [box.left + 4, box.left + box.width / 2, box.right - 4]) {
      const hit = document.elementFromPoint(x, box.top + box.height / 2);
      if (!hit || !strip.contains(hit)) return `covered at x ${Math.round(x)} by ${hit?.tagName}.${hit?.className}`;
    }
    return 'in view';
  });
}

test('at 1440×900, from step 19 then Next, the strip is on screen at the climax', async ({ walkthrough, page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await walkthrough.open('?step=19');
  await walkthrough.next.click();
  await walkthrough.expectStep(20);
  // The page follows the diagram down: the bar is stuck at the top, and the strip with it.
  const bar = page.locator('#walkthrough .walkthrough-bar');
  await expect.poll(() => bar.evaluate((element) => element.getBoundingClientRect().top)).toBe(0);
  expect(await stripInView(page)).toBe('in view');
  // It shows the moment: now is 42 s, the pause has lasted 40 s, and the late write is refused.
  const strip = bar.getByRole('img', { name: /^Time to scale/ });
  await expect(strip).toHaveAccessibleName(/now 42 s/);
  await expect(strip).toHaveAccessibleName(/Renewer A paused from 2 s to 42 s/);
  await expect(strip).toHaveAccessibleName(/at 42 s Renewer A's write is refused by the fence/);
});

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 800, height: 900 },
  { width: 390, height: 844 },
]) {
  test(`at ${viewport.width}×${viewport.height}, stepping with Next from step 1 to 20, the strip is on screen at every step`, async ({
    walkthrough,
    page,
  }) => {
    await page.setViewportSize(viewport);
    await walkthrough.open('?step=1&fencing=off');
    for (let step = 1; step <= 20; step++) {
      await walkthrough.expectStep(step);
      // The page scrolls to follow the diagram once the step is laid out: the strip must be in view after that.
      await expect.poll(() => stripInView(page), { message: `step ${step}` }).toBe('in view');
      if (step < 20) await walkthrough.next.click();
    }
    await expect(
      page.locator('#walkthrough .walkthrough-bar').getByRole('img', { name: /^Time to scale/ }),
    ).toHaveAccessibleName(/at 42 s Renewer A's stale write lands/);
  });
}

for (const fencing of ['on', 'off'] as const) {
  test(`at 390×844, the sticky bar takes at most a third of the screen at every step, predictions answered, fencing ${fencing}`, async ({
    walkthrough,
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await walkthrough.open(`?fencing=${fencing}`);
    const { of } = await walkthrough.position();
    const bar = page.locator('#walkthrough .walkthrough-bar');
    const heights: number[] = [];
    for (let step = 1; step <= of; step++) {
      await walkthrough.expectStep(step, of);
      await walkthrough.answerPredictionIfAsked();
      heights.push(await bar.evaluate((element) => element.getBoundingClientRect().height));
      if (step < of) await walkthrough.next.click();
    }
    expect(Math.max(...heights)).toBeLessThanOrEqual(844 / 3);
    // It does stay put: scrolled past the walkthrough's top, the bar is at the top of the screen.
    await page.mouse.wheel(0, 600);
    await expect.poll(() => bar.evaluate((element) => element.getBoundingClientRect().top)).toBe(0);
  });
}
