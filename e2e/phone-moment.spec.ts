import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

/**
 * On a 390×844 phone, stepping with Next: is each part of the moment on screen, and clear of the sticky bar?
 * Measured from bounding boxes at every step.
 */
async function moment(page: Page) {
  return page.evaluate(() => {
    const root = document.querySelector('#walkthrough')!;
    const box = (selector: string) => root.querySelector(selector)?.getBoundingClientRect();
    const bar = box('.walkthrough-bar')!;
    const onScreen = (rect: DOMRect | undefined) =>
      !!rect && rect.height > 0 && rect.top >= -0.5 && rect.bottom <= window.innerHeight + 0.5;
    const row = box('.diagram g[data-row="current"]');
    const mark = root.querySelector('.diagram g[data-row="current"] [data-mark]')?.getBoundingClientRect();
    return {
      caption: onScreen(box('[data-testid="step-caption"]')),
      tableRow: onScreen(box('[data-testid="strip-row-now"]')),
      // The arrow sits in the page under the bar: wholly below it, and above the screen's foot.
      arrow: onScreen(row) && row!.top >= bar.bottom - 0.5,
      // Where the step has a write's outcome, its mark is drawn in that same row, so it is on screen with it.
      mark: mark === undefined || (onScreen(mark) && mark.top >= bar.bottom - 0.5),
    };
  });
}

for (const fencing of ['on', 'off'] as const) {
  test(`on a 390×844 phone, every step's caption, current arrow and table row are on screen and uncovered, fencing ${fencing}`, async ({
    walkthrough,
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await walkthrough.open(`?fencing=${fencing}`);
    const { of } = await walkthrough.position();
    for (let step = 1; step <= of; step++) {
      await walkthrough.expectStep(step, of);
      await walkthrough.answerPredictionIfAsked();
      // The diagram follows the step once the browser has laid it out, so the moment may settle a frame later.
      await expect
        .poll(() => moment(page), { message: `fencing ${fencing}, step ${step}` })
        .toEqual({
          caption: true,
          tableRow: true,
          arrow: true,
          mark: true,
        });
      if (step < of) await walkthrough.next.click();
    }
    // At the last step a pointer in the bar leads down to the end card.
    const pointer = page.getByRole('link', { name: /Your result and what to try next/ });
    await expect(pointer).toBeInViewport({ ratio: 1 });
    const card = page.getByRole('region', { name: 'The end of the evening' });
    await expect(card).not.toBeInViewport();
    await pointer.click();
    await expect(card).toBeFocused();
    await expect(card.getByRole('heading', { name: 'The end of the evening' })).toBeInViewport({ ratio: 1 });
  });
}
