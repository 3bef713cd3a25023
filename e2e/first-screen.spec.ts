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

  for (const size of [
    { width: 1440, height: 900 },
    { width: 390, height: 844 },
  ]) {
    test(`at ${size.width}×${size.height} the first screen does not shift as the code arrives and measures the diagram`, async ({
      walkthrough,
      page,
    }) => {
      await page.setViewportSize(size);
      await page.addInitScript(() => {
        const shifts: string[] = [];
        const observer = new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { sources: { node?: Node }[] })[])
            shifts.push(entry.sources.map((source) => source.node?.textContent?.slice(0, 40) ?? '?').join(', '));
        });
        observer.observe({ type: 'layout-shift', buffered: true });
        Object.assign(window, { shifts, shiftObserver: observer });
      });
      await walkthrough.open();
      // The diagram drawn at its measured width (not the prerender's 720 px), with its sticky lifeline names, which
      // come last: only then has everything that measuring moves been drawn.
      await expect
        .poll(() =>
          page.evaluate(() => {
            const box = document.querySelector('#walkthrough .diagram');
            const drawn = box?.querySelector(':scope > svg')?.getAttribute('width');
            return (
              !!box?.querySelector('.lane-header') && Number(drawn) === Math.floor(box.getBoundingClientRect().width)
            );
          }),
        )
        .toBe(true);
      // Two frames more, so a shift drawn by the last change is recorded, then whatever the observer still holds.
      const shifts = await page.evaluate(async () => {
        await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
        const { shifts, shiftObserver } = window as unknown as { shifts: string[]; shiftObserver: PerformanceObserver };
        for (const entry of shiftObserver.takeRecords() as (PerformanceEntry & { sources: { node?: Node }[] })[])
          shifts.push(entry.sources.map((source) => source.node?.textContent?.slice(0, 40) ?? '?').join(', '));
        return shifts;
      });
      expect(shifts).toEqual([]);
    });
  }
});
