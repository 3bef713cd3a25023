import { expect, type Locator, type Page } from '@playwright/test';

/** The lesson around the walkthrough: sections, quiz and interview questions, found by role and name. */
export class LessonPage {
  constructor(readonly page: Page) {}

  /** Opens the lesson and reads down to its end and back, as a reader would before using its parts. */
  async open(query = '') {
    await this.page.goto(`/${query}`);
    await expect(this.page.getByRole('heading', { name: 'Quiz' })).toBeVisible();
    await this.readThrough();
  }

  /**
   * The prerendered lesson hydrates each part as it comes near the screen; until then its controls are disabled,
   * and Playwright scrolls to a control only once it is enabled. So scroll through, a screen at a time, until every
   * part has hydrated, then go back to the top.
   */
  async readThrough() {
    // A part inside another starts watching only once the outer one has hydrated: pass again until all have.
    const waiting = this.page.locator('main fieldset[role="none"][disabled]');
    await expect
      .poll(async () => {
        await this.page.evaluate(async () => {
          const frame = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
          for (let y = 0; y < document.documentElement.scrollHeight; y += window.innerHeight) {
            window.scrollTo(0, y);
            await frame();
          }
        });
        return waiting.count();
      })
      .toBe(0);
    await this.page.evaluate(() => window.scrollTo(0, 0));
  }

  /** A quiz question's form, found by the words of its prompt. */
  question(prompt: string | RegExp): Locator {
    return this.page.getByRole('form', { name: prompt });
  }

  interviewDraft(number: number): Locator {
    return this.page.getByRole('textbox', { name: `Your answer to interview question ${number}` });
  }
}
