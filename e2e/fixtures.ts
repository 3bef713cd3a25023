import { test as base, expect, type Page } from '@playwright/test';
import { LabPage } from './pages/lab-page';
import { LessonPage } from './pages/lesson-page';
import { PresenterPage } from './pages/presenter-page';
import { WalkthroughPage } from './pages/walkthrough-page';

/** Every test gets the walkthrough page object, and fails if the page logged an error. */
export const test = base.extend<{
  walkthrough: WalkthroughPage;
  lesson: LessonPage;
  lab: LabPage;
  presenter: PresenterPage;
  consoleErrors: string[];
  readerMoves: boolean;
}>({
  /**
   * The pointer moves over the page as each page loads, as a reader's does: a fresh visit to the lesson starts its
   * code on the reader's first move or once it has painted and the browser is idle (src/boot.ts), whichever comes
   * first. Tests of a page nobody touches turn this off.
   */
  readerMoves: [true, { option: true }],
  page: async ({ page, readerMoves }, use) => {
    if (readerMoves) {
      let x = 1;
      // From one pixel to the next, so each load sees a move.
      page.on('load', () => void page.mouse.move((x = 3 - x), 1).catch(() => {}));
    }
    await use(page);
  },
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`));
      await use(errors);
      expect(errors, 'console errors').toEqual([]);
    },
    { auto: true },
  ],
  walkthrough: async ({ page }, use) => {
    await use(new WalkthroughPage(page));
  },
  lesson: async ({ page }, use) => {
    await use(new LessonPage(page));
  },
  lab: async ({ page }, use) => {
    await use(new LabPage(page));
  },
  presenter: async ({ page }, use) => {
    await use(new PresenterPage(page));
  },
});

export { expect };

/**
 * Draws every lesson section, for axe: the page skips drawing sections off screen (content-visibility: auto), and
 * axe, reading colours from what is drawn, would judge their text against whatever is drawn at the same place.
 * Set through the CSSOM, which the page's CSP allows (a <style> element it would refuse).
 */
export async function drawEverySection(page: Page) {
  await page.evaluate(() => {
    for (const section of document.querySelectorAll<HTMLElement>('.lesson-section')) {
      section.style.contentVisibility = 'visible';
    }
  });
}
