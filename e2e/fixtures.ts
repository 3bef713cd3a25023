import { test as base, expect } from '@playwright/test';
import { LessonPage } from './pages/lesson-page';
import { WalkthroughPage } from './pages/walkthrough-page';

/** Every test gets the walkthrough page object, and fails if the page logged an error. */
export const test = base.extend<{ walkthrough: WalkthroughPage; lesson: LessonPage; consoleErrors: string[] }>({
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
});

export { expect };
