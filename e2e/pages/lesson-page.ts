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
   * and Playwright scrolls to a control only once it is enabled. So bring each waiting part on screen in turn, as a
   * reader scrolling down would, until every part has hydrated, then go back to the top.
   */
  async readThrough() {
    // A part inside another starts watching only once the outer one has hydrated: pass again until all have. One
    // stop per waiting part, not per screen: a frame of this long page can take a while on a busy machine.
    // What is polled names each part still waiting (its slot's id or its first words), for a failure to show.
    await expect
      .poll(
        () =>
          this.page.evaluate(async () => {
            // Two frames, or a second if the browser draws none meanwhile (a starved headless renderer once drew
            // nothing for a minute): the poll then passes again rather than waiting on one frame.
            const frame = () =>
              new Promise((resolve) => {
                requestAnimationFrame(() => requestAnimationFrame(resolve));
                setTimeout(resolve, 1_000);
              });
            const waiting = () => [...document.querySelectorAll('main [data-gate="loading"]')];
            for (const part of waiting()) {
              // A skipped section is drawn once its own box nears the screen; a part inside it is placed by a layout
              // forced for the measure, which may reach past that box. Bring the section's start on screen first, so
              // it is drawn and the part sits where the reader will find it.
              part.closest('.lesson-section')?.scrollIntoView({ block: 'start' });
              await frame();
              // The gate adds no box (display: contents): its parent is the part's own box.
              part.parentElement?.scrollIntoView({ block: 'center' });
              await frame();
            }
            return waiting().map((part) => part.closest('[id]')?.id ?? part.textContent?.slice(0, 40));
          }),
        { message: 'every part of the lesson hydrates once each has been on screen', timeout: 60_000 },
      )
      .toEqual([]);
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
