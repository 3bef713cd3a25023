import { expect, type Locator, type Page } from '@playwright/test';

/** The walkthrough as a learner meets it: found by role and name, never by the store. */
export class WalkthroughPage {
  readonly back: Locator;
  readonly next: Locator;
  readonly fencing: Locator;
  readonly textVersion: Locator;
  readonly indicator: Locator;
  readonly certificates: Locator;
  readonly diagram: Locator;
  readonly caption: Locator;
  readonly certificatesPanel: Locator;

  constructor(readonly page: Page) {
    this.back = page.getByRole('button', { name: 'Back', exact: true });
    this.next = page.getByRole('button', { name: 'Next', exact: true });
    this.fencing = page.getByRole('switch', { name: 'Fencing tokens' });
    this.textVersion = page.getByRole('button', { name: 'Text version' });
    this.indicator = page.getByText(/^Step \d+ of \d+$/);
    this.certificates = page.getByRole('table', { name: 'Certificates table' });
    this.diagram = page.getByRole('img', { name: /^Sequence diagram/ });
    this.caption = page.getByTestId('step-caption');
    this.certificatesPanel = page.getByRole('region', { name: 'Certificates table' });
  }

  async open(query = '') {
    await this.page.goto(`/${query}`);
    await expect(this.indicator).toBeVisible();
  }

  /** The step keys act only while focus is inside the walkthrough, as a reader's Tab would put it there. */
  async focusKeys() {
    await this.next.focus();
  }

  async position(): Promise<{ step: number; of: number }> {
    const text = (await this.indicator.textContent()) ?? '';
    const match = /^Step (\d+) of (\d+)$/.exec(text.trim());
    if (!match) throw new Error(`Unexpected step indicator: "${text}"`);
    return { step: Number(match[1]), of: Number(match[2]) };
  }

  async expectStep(step: number, of?: number) {
    await expect(this.indicator).toHaveText(
      of === undefined ? new RegExp(`^Step ${step} of \\d+$`) : `Step ${step} of ${of}`,
    );
  }

  /** The certificates table's single row as { domain, cert, fence }. */
  async certificateRow() {
    const cells = this.certificates.getByRole('row').nth(1).getByRole('cell');
    const [domain, cert, fence] = await cells.allTextContents();
    return {
      domain,
      cert: cert?.replace(' (changed in this step)', ''),
      fence: fence?.replace(' (changed in this step)', ''),
    };
  }
}
