import { expect, type Locator, type Page } from '@playwright/test';

/** The lock lab as a learner meets it, found by role and name. */
export class LabPage {
  readonly heading: Locator;
  readonly run: Locator;
  readonly settings: Locator;
  readonly service: Locator;
  readonly storage: Locator;
  readonly renewers: Locator;
  readonly pauseWhen: Locator;
  readonly next: Locator;
  readonly toEnd: Locator;
  readonly indicator: Locator;
  /** The run's verdict, once it has one; before that, what has happened so far. */
  readonly verdict: Locator;
  readonly soFar: Locator;
  readonly outcomeMap: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Lock lab', level: 1 });
    this.run = page.getByRole('region', { name: 'What happens' });
    this.settings = page.getByRole('region', { name: 'Settings' });
    this.service = page.getByRole('combobox', { name: 'Lock service' });
    this.storage = page.getByRole('combobox', { name: 'Storage' });
    this.renewers = page.getByRole('combobox', { name: 'Renewers' });
    this.pauseWhen = page.getByRole('combobox', { name: "A's pause comes" });
    this.next = page.getByRole('button', { name: 'Next', exact: true });
    this.toEnd = page.getByRole('button', { name: 'Go to the end' });
    this.indicator = page.getByText(/^Step \d+ of \d+$/);
    this.verdict = page.getByRole('status').filter({ hasText: 'Verdict:' });
    this.soFar = page.getByRole('status').filter({ hasText: /^So far/ });
    this.outcomeMap = page.getByRole('region', { name: 'Outcome map' });
  }

  async open(query = '') {
    await this.page.goto(`/?lab${query}`);
    await expect(this.heading).toBeVisible();
  }

  preset(name: string): Locator {
    return this.page.getByRole('button', { name, exact: true });
  }

  /** A numeric setting's text box, by its label (`Pause length (s)`). */
  field(label: string): Locator {
    return this.page.getByRole('textbox', { name: label });
  }

  /** The caption of the step on screen. */
  caption(): Locator {
    return this.page.locator('#lab section[aria-labelledby="run-heading"] .caption');
  }

  async expectStep(step: number) {
    await expect(this.page.getByText(new RegExp(`^Step ${step} of \\d+$`))).toBeVisible();
  }
}
