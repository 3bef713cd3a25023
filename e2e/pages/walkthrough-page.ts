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
    // The lesson also holds live runs with their own Back, Next and step counter: look inside the walkthrough.
    const root = page.locator('#walkthrough');
    this.back = root.getByRole('button', { name: 'Back', exact: true });
    this.next = root.getByRole('button', { name: 'Next', exact: true });
    this.fencing = root.getByRole('switch', { name: 'Fencing tokens' });
    this.textVersion = root.getByRole('button', { name: 'Text version' });
    this.indicator = root.getByText(/^Step \d+ of \d+$/);
    this.certificates = root.getByRole('table', { name: 'Certificates table' });
    this.diagram = root.getByRole('img', { name: /^Sequence diagram/ });
    this.caption = root.getByTestId('step-caption');
    this.certificatesPanel = root.getByRole('region', { name: 'Certificates table' });
  }

  /**
   * Opens the page and waits until the walkthrough's controls work: the prerendered page shows them at once, loading
   * until their code has hydrated (a click then is held and acted on later, but a shortcut key would do nothing).
   * The parts below the stage load on the reader's first move or when the browser is idle.
   */
  async open(query = '') {
    await this.page.goto(`/${query}`);
    await expect(this.indicator).toBeVisible();
    await expect(this.page.locator('#walkthrough .walkthrough-bar > [data-gate="loading"]')).toHaveCount(0);
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

  /** Answers the step's prediction, if it asks one, so its prompt and then its result show at their tallest. */
  async answerPredictionIfAsked() {
    const prediction = this.page.locator('#walkthrough fieldset:not([data-gate]):has(> legend)');
    if (await prediction.isVisible()) await prediction.getByRole('radio').first().check();
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
