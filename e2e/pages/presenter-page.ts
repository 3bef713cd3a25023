import { expect, type Locator, type Page } from '@playwright/test';

/** Presenter mode as an instructor meets it: the projected screen, or the speaker view in its own window. */
export class PresenterPage {
  readonly controls: Locator;
  readonly indicator: Locator;
  readonly fencing: Locator;
  readonly blanked: Locator;
  readonly showOfHands: Locator;
  readonly speakerViewButton: Locator;
  readonly notes: Locator;

  constructor(readonly page: Page) {
    this.controls = page.getByRole('group', { name: 'Presentation controls' });
    this.indicator = page.getByText(/^Step \d+ of \d+$/);
    this.fencing = page.getByRole('switch', { name: /Fencing tokens/ });
    this.blanked = page.getByRole('dialog', { name: 'Screen blanked' });
    this.showOfHands = page.getByRole('region', { name: 'Show of hands' });
    this.speakerViewButton = page.getByRole('button', { name: 'Speaker view' });
    this.notes = page.getByRole('heading', { name: 'Notes for this step' });
  }

  async open(query = '') {
    await this.page.goto(`/?present${query}`);
    await expect(this.controls).toBeVisible();
  }

  next(): Locator {
    return this.controls.getByRole('button', { name: 'Next', exact: true });
  }

  back(): Locator {
    return this.controls.getByRole('button', { name: 'Back', exact: true });
  }

  async expectStep(step: number, of = 23) {
    await expect(this.page.getByText(`Step ${step} of ${of}`, { exact: true })).toBeVisible();
  }
}
