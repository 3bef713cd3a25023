import { expect, type Locator, type Page } from '@playwright/test';
import { QuizQuestion } from './quiz-question';

/** The lesson around the walkthrough: sections, quiz and interview questions, found by role and name. */
export class LessonPage {
  constructor(readonly page: Page) {}

  /** Opens the lesson and wakes every part of it, as a reader would before using them. */
  async open(query = '') {
    await this.page.goto(`/${query}`);
    await expect(this.page.getByRole('heading', { name: 'Quiz' })).toBeVisible();
    await this.wakeEveryPart();
  }

  /**
   * The prerendered lesson hydrates each part as it comes near the screen or as the reader presses on it; until then
   * its controls say they are loading. Press on each waiting part where it is, as a reader's pointer would, until
   * every part has hydrated.
   *
   * Not by scrolling to each part in turn: on a loaded machine, jumping through this 45,000 px page that way now and
   * then left headless Chromium 156 drawing nothing for good (a pending layer tree that never became ready to
   * activate, seen in a cc scheduler trace), and with no frame no observer fires. Hydration on scroll is tested where
   * it is the subject: the quiz in prerender.spec.ts, the outcome map in lesson.spec.ts.
   */
  async wakeEveryPart() {
    // A part inside another starts listening only once the outer one has hydrated: press again until all have.
    // What is polled names each part still waiting (its slot's id or its first words), for a failure to show.
    await expect
      .poll(
        () =>
          this.page.evaluate(() => {
            const waiting = [...document.querySelectorAll('main [data-gate="loading"]')];
            for (const part of waiting) part.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true }));
            return waiting.map((part) => part.closest('[id]')?.id ?? part.textContent?.slice(0, 40));
          }),
        { message: 'every part of the lesson hydrates once the reader presses on it', timeout: 60_000 },
      )
      .toEqual([]);
  }

  /** A quiz question, found by the words of its prompt. */
  question(prompt: string | RegExp): QuizQuestion {
    return new QuizQuestion(this.page, prompt);
  }

  interviewDraft(number: number): Locator {
    return this.page.getByRole('textbox', { name: `Your answer to interview question ${number}` });
  }
}
