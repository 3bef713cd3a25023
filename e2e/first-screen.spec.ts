import type { Locator } from '@playwright/test';
import { expect, test } from './fixtures';

/** Wholly inside the window, measured from its bounding box. */
async function wholly(target: Locator) {
  const box = await target.boundingBox();
  const height = target.page().viewportSize()!.height;
  return !!box && box.height > 0 && box.y >= 0 && box.y + box.height <= height;
}

test.describe('the picture first', () => {
  test('at 1440×900 a fresh visit shows the story, Next and the diagram before any scrolling', async ({
    walkthrough,
    page,
  }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await walkthrough.open();
    const lead = page.getByText(/^Renewer A takes the lock for the TLS certificate/);
    const firstRow = page.locator('#walkthrough .diagram g[data-row="current"]');
    expect([await wholly(lead), await wholly(walkthrough.next), await wholly(firstRow)]).toEqual([true, true, true]);
    await expect(page.locator('#walkthrough').getByRole('img', { name: /^Time to scale/ })).toBeInViewport({
      ratio: 1,
    });
    // The contents and the longer introduction follow the walkthrough.
    const order = await page.evaluate(() => {
      const at = (selector: string) => document.querySelector(selector)!.getBoundingClientRect().top;
      return [at('#walkthrough'), at('nav.toc')];
    });
    expect(order[0]).toBeLessThan(order[1]!);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    expect(new URL(page.url()).search).toBe('');
  });

  test('at 390×844 a fresh visit shows the story, Next and the time strip with the diagram directly below', async ({
    walkthrough,
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await walkthrough.open();
    const lead = page.getByText(/^Renewer A takes the lock for the TLS certificate/);
    const strip = page.locator('#walkthrough').getByRole('img', { name: /^Time to scale/ });
    expect([await wholly(lead), await wholly(walkthrough.next), await wholly(strip)]).toEqual([true, true, true]);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    expect(new URL(page.url()).search).toBe('');
  });
});
