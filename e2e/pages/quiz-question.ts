import type { FrameLocator, Locator, Page } from '@playwright/test';

const CORRECT = 'Correct.';
const NOT_QUITE = 'Not quite: see why under each answer.';

/**
 * One quiz question as a learner meets it, in the lesson, an embed or an LMS's frame: its form, found by the words of
 * its prompt (or the only form there, in an embed that shows one question at a time).
 */
export class QuizQuestion {
  readonly form: Locator;
  /** The verdict once checked, right or wrong. */
  readonly verdict: Locator;
  readonly correct: Locator;
  readonly notQuite: Locator;
  readonly checkButton: Locator;

  constructor(scope: Page | FrameLocator | Locator, prompt?: string | RegExp) {
    this.form = prompt === undefined ? scope.getByRole('form') : scope.getByRole('form', { name: prompt });
    this.correct = this.form.getByText(CORRECT, { exact: true });
    this.notQuite = this.form.getByText(NOT_QUITE, { exact: true });
    this.verdict = this.form.getByText(new RegExp(`^(${escape(CORRECT)}|${escape(NOT_QUITE)})$`));
    this.checkButton = this.form.getByRole('button', { name: /^Check answer/ });
  }

  /** Picks the one answer (a radio) or one of several (a checkbox) whose words match. */
  async pick(answer: string | RegExp, kind: 'radio' | 'checkbox' = 'radio') {
    await this.form.getByRole(kind, { name: answer }).check();
  }

  /** Picks the first choice the question offers, whatever it is. */
  async pickFirst() {
    await this.form.locator('input').first().check();
  }

  async check() {
    await this.checkButton.click();
  }

  /** Picks one answer and checks it. */
  async answer(answer: string | RegExp) {
    await this.pick(answer);
    await this.check();
  }

  async tryAgain() {
    await this.form.getByRole('button', { name: /^Try question \d+ again/ }).click();
  }
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
