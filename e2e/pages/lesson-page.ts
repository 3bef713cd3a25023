import { expect, type Locator, type Page } from '@playwright/test';

/** The lesson around the walkthrough: sections, quiz and interview questions, found by role and name. */
export class LessonPage {
  constructor(readonly page: Page) {}

  async open(query = '') {
    await this.page.goto(`/${query}`);
    await expect(this.page.getByRole('heading', { name: 'Quiz' })).toBeVisible();
  }

  /** A quiz question's form, found by the words of its prompt. */
  question(prompt: string | RegExp): Locator {
    return this.page.getByRole('form', { name: prompt });
  }

  interviewDraft(number: number): Locator {
    return this.page.getByRole('textbox', { name: `Your answer to interview question ${number}` });
  }
}
