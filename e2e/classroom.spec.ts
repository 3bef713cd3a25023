import AxeBuilder from '@axe-core/playwright';
import { readFile } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';

test('presenter mode steps with clicker keys and blanks the screen', async ({ walkthrough, page }) => {
  await walkthrough.open('?step=3');
  await page.getByRole('button', { name: 'Present' }).click();
  await expect(page).toHaveURL(/[?&]present/);
  await expect(page.getByRole('navigation', { name: 'Contents' })).toHaveCount(0);
  const indicator = page.getByText(/^Step \d+ of \d+$/);
  await expect(indicator).toHaveText(/^Step 3 of/);
  for (const [key, step] of [
    ['PageDown', 4],
    ['Space', 5],
    ['ArrowRight', 6],
    ['PageUp', 5],
    ['ArrowLeft', 4],
  ] as const) {
    await page.keyboard.press(key);
    await expect(indicator).toHaveText(new RegExp(`^Step ${step} of`));
  }
  await page.keyboard.press('b');
  await expect(page.getByRole('dialog', { name: 'Screen blanked' })).toBeVisible();
  await page.keyboard.press('b');
  await expect(page.getByRole('dialog', { name: 'Screen blanked' })).toHaveCount(0);
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
  await page.getByRole('button', { name: 'Exit presentation' }).click();
  await expect(page.getByRole('navigation', { name: 'Contents' })).toBeVisible();
  await expect(page).not.toHaveURL(/present/);
});

test('presenter mode goes on to the quiz, and keeps answers hidden until revealed', async ({ page }) => {
  await page.goto('/?present&step=23');
  await expect(page.getByText(/^Step 23 of 23$/)).toBeVisible();
  await page.keyboard.press('PageDown');
  await expect(page.getByText(/^Question 1 of \d+$/)).toBeVisible();
  await expect(page.getByText('The right answer.')).toHaveCount(0);
  await expect(page.getByText(/Nothing enforces it/)).toBeVisible();
  await page.getByRole('button', { name: 'Reveal answer' }).click();
  await expect(page.getByText('The right answer.')).toHaveCount(1);
  await page.keyboard.press('PageDown');
  await expect(page.getByText(/^Question 2 of \d+$/)).toBeVisible();
  await expect(page.getByText('The right answer.')).toHaveCount(0);
  await page.keyboard.press('r');
  await expect(page.getByText('The right answer.')).toHaveCount(1);
  await page.keyboard.press('PageUp');
  await page.keyboard.press('PageUp');
  await expect(page.getByText(/^Step 23 of 23$/)).toBeVisible();
});

test('the diagram downloads as a valid SVG and a valid PNG', async ({ walkthrough, page }) => {
  await walkthrough.open('?step=19&fencing=off');
  const [svgDownload] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download SVG' }).click(),
  ]);
  expect(svgDownload.suggestedFilename()).toBe('lockstep-step-19-fencing-off.svg');
  const svg = await readFile(await svgDownload.path(), 'utf8');
  expect(svg).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<svg /);
  expect(svg).toContain('xmlns="http://www.w3.org/2000/svg"');
  expect(svg).toContain('<style>');
  // The embedded stylesheet names the drawing's own classes (CSS Module names, generated at build time).
  const rootClass = /<svg [^>]*class="([^" ]+)/.exec(svg)?.[1];
  expect(rootClass).toBeTruthy();
  expect(svg).toContain(`.${rootClass}`);
  expect(svg).toContain('UPDATE … (no check)');
  // Above the diagram, the step's heading and caption, and the run to scale with its rows and its lease bars.
  expect(svg).toMatch(/<title>Step 19 of 23, at 42 s: Renewer A /);
  expect(svg).toMatch(/<text [^>]*>Step 19 of 23, at 42 s<\/text>/);
  // (The row's name is short where the bar's strip is narrow.)
  expect(svg).toMatch(/>(Table writes|Writes)<\/text>/);
  expect(svg).toContain('>A · 33</text>');
  // Parsed on a blank page: a <style> parsed under the app's Content-Security-Policy would be reported.
  const blank = await page.context().newPage();
  const parsed = await blank.evaluate((text) => {
    const doc = new DOMParser().parseFromString(text, 'image/svg+xml');
    return { root: doc.documentElement.nodeName, errors: doc.getElementsByTagName('parsererror').length };
  }, svg);
  expect(parsed).toEqual({ root: 'svg', errors: 0 });
  await blank.close();

  const [pngDownload] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download PNG' }).click(),
  ]);
  expect(pngDownload.suggestedFilename()).toBe('lockstep-step-19-fencing-off.png');
  const png = await readFile(await pngDownload.path());
  expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const width = png.readUInt32BE(16);
  const height = png.readUInt32BE(20);
  expect(width).toBeGreaterThan(800);
  expect(height).toBeGreaterThan(800);
});

test('compare side by side shows the same step with fencing off and on', async ({ walkthrough, page }) => {
  await walkthrough.open('?step=23');
  await page.getByRole('button', { name: 'Compare side by side' }).click();
  const off = page.getByRole('region', { name: 'Fencing tokens off', exact: true });
  const on = page.getByRole('region', { name: 'Fencing tokens on', exact: true });
  await expect(off.getByRole('table', { name: 'Certificates table' })).toContainText('serial 1001, issued at 5 s');
  await expect(on.getByRole('table', { name: 'Certificates table' })).toContainText('serial 1002, issued at 36 s');
  await expect(off.getByRole('img', { name: /^Fencing tokens off\. Sequence diagram, step 23/ })).toBeVisible();
  await walkthrough.back.click();
  await expect(on.getByRole('img', { name: /step 22 of/ })).toBeVisible();
  const boxes = [await off.boundingBox(), await on.boundingBox()];
  expect(boxes[0]!.x).toBeLessThan(boxes[1]!.x);
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((violation) => `${violation.id} ${violation.nodes[0]?.target}`)).toEqual([]);
  await page.setViewportSize({ width: 390, height: 844 });
  const stacked = [await off.boundingBox(), await on.boundingBox()];
  expect(stacked[0]!.y + stacked[0]!.height).toBeLessThanOrEqual(stacked[1]!.y);
});

/** Each side's current row, measured from its bounding box. */
async function compareRows(page: Page) {
  return page.evaluate(() =>
    ['off', 'on'].map((mode) => {
      const side = document.querySelector(`#walkthrough section[aria-label="Fencing tokens ${mode}"]`)!;
      const row = side.querySelector('g[data-row="current"]')!.getBoundingClientRect();
      return { top: Math.round(row.top), bottom: Math.round(row.bottom), height: window.innerHeight };
    }),
  );
}

for (const step of [19, 20]) {
  test(`compare opens with both endings of step ${step} in view and level, each with its run to scale`, async ({
    walkthrough,
    page,
  }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await walkthrough.open(`?step=${step}&fencing=off`);
    await page.getByRole('button', { name: 'Compare side by side' }).click();
    for (const mode of ['off', 'on']) {
      const side = page.getByRole('region', { name: `Fencing tokens ${mode}`, exact: true });
      await expect(side.getByRole('img', { name: /^Time to scale/ })).toBeVisible();
    }
    await expect(
      page.locator('#walkthrough section[aria-label="Fencing tokens on"] g[data-row="current"]'),
    ).toBeInViewport();
    const [off, on] = await compareRows(page);
    expect(off!.top).toBe(on!.top);
    for (const row of [off!, on!]) expect(row.top >= 0 && row.bottom <= row.height).toBe(true);

    // On a phone the sides are stacked: the first ending is in view, the second within a screen below it.
    await page.setViewportSize({ width: 390, height: 844 });
    await walkthrough.open(`?step=${step}&fencing=off`);
    await page.getByRole('button', { name: 'Compare side by side' }).click();
    await expect(
      page.locator('#walkthrough section[aria-label="Fencing tokens off"] g[data-row="current"]'),
    ).toBeInViewport({ ratio: 1 });
    const [first, second] = await compareRows(page);
    expect(second!.bottom - first!.top).toBeLessThan(844);
  });
}

test('printed, the walkthrough becomes numbered frames with captions and the controls disappear', async ({
  walkthrough,
  page,
}) => {
  await walkthrough.open('?step=5&fencing=off');
  await expect(page.getByRole('button', { name: 'Copy embed code', exact: true })).toBeVisible();
  await page.emulateMedia({ media: 'print' });
  // Each frame is an item of the list (the first frame's strip key is a list of its own inside it).
  const frames = page.getByRole('list', { name: 'The walkthrough, frame by frame' }).locator(':scope > li');
  await expect(frames).toHaveCount(23);
  await expect(frames.first()).toContainText('Step 1 of 23, 0 s, fencing tokens off.');
  await expect(frames.nth(19)).toContainText('Step 20 of 23, 42 s, fencing tokens off. The table answers UPDATE 1.');
  await expect(frames.nth(22).getByRole('img', { name: /step 23 of 23/ })).toBeVisible();
  await expect(walkthrough.next).toBeHidden();
  await expect(page.getByRole('button', { name: 'Copy embed code', exact: true })).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Why not just a stronger lock?' })).toBeVisible();
  // The handout carries the other ending too, and an answer key on a page of its own.
  const other = page.getByRole('region', { name: 'The other ending' });
  await expect(other).toContainText('With fencing tokens on, the same evening ends like this');
  await expect(other).toContainText('The table answers UPDATE 0');
  const key = page.getByRole('region', { name: 'Answer key' });
  await expect(key).toContainText('No: it is an efficiency lock');
  expect(await key.evaluate((element) => getComputedStyle(element).breakBefore)).toBe('page');
  await page.emulateMedia({ media: 'screen' });
  await expect(frames).toHaveCount(0);
  await expect(walkthrough.next).toBeVisible();
});

test('the printed handout reads in order: story, frames, lesson, quiz, and the answer key last; live runs print their end', async ({
  walkthrough,
  page,
}) => {
  await walkthrough.open();
  // The lesson's parts load after the first view: wait for the quiz and the last live run before printing.
  await expect(page.getByRole('button', { name: /Check answer/ }).first()).toBeAttached();
  await expect(page.getByRole('heading', { name: /^Try it:/ })).toHaveCount(10);
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('region', { name: 'Answer key' })).toBeVisible();
  // Top to bottom on paper, only what prints (a box with a size).
  const order = await page.evaluate(() => {
    const top = (element: Element | null) => {
      if (!element) return null;
      const box = element.getBoundingClientRect();
      return box.height > 0 ? box.top + window.scrollY : null;
    };
    const byText = (selector: string, text: RegExp) =>
      [...document.querySelectorAll(selector)].find((element) => text.test(element.textContent ?? '')) ?? null;
    return {
      lead: top(byText('main p', /^Renewer A takes the lock for the TLS certificate/)),
      story: top(byText('main p', /^Snip keeps the TLS certificate/)),
      frames: top(document.querySelector('[aria-label="The walkthrough, frame by frame"]')),
      otherEnding: top(document.querySelector('[aria-label="The other ending"]')),
      lesson: top(byText('main h2', /^Why not just a stronger lock\?$/)),
      quiz: top(document.getElementById('quiz')),
      answerKey: top(document.querySelector('[aria-label="Answer key"]')),
      contents: top(document.querySelector('nav.toc')),
    };
  });
  expect(order.contents).toBeNull();
  const sequence = [
    order.lead,
    order.story,
    order.frames,
    order.otherEnding,
    order.lesson,
    order.quiz,
    order.answerKey,
  ];
  expect(sequence.every((value) => typeof value === 'number')).toBe(true);
  expect([...(sequence as number[])].sort((a, b) => a - b)).toEqual(sequence);
  // Nothing prints after the answer key.
  const after = await page.evaluate(() => {
    const key = document.querySelector('[aria-label="Answer key"]')!.getBoundingClientRect();
    return [...document.querySelectorAll('main *')].filter((element) => {
      const box = element.getBoundingClientRect();
      return box.height > 0 && box.top > key.bottom + 1;
    }).length;
  });
  expect(after).toBe(0);
  // Each live run prints its last frame and its verdict, not an unstepped first step.
  const runs = page.getByRole('region', { name: /^Try it:/ });
  for (const run of await runs.all()) {
    await expect(run.getByText(/^Verdict:/)).toBeVisible();
    await expect(run.getByRole('img', { name: /Sequence diagram, step (\d+) of \1\./ })).toBeVisible();
    await expect(run.getByRole('button')).toHaveCount(0);
  }
  // Early frames are not boxes of rows yet to come: the first frame draws its one row and one blank row.
  const frameList = page.getByRole('list', { name: 'The walkthrough, frame by frame' }).locator(':scope > li');
  const diagramOf = (frame: Locator) => frame.getByRole('img', { name: /^Sequence diagram/ });
  const heights = [
    (await diagramOf(frameList.first()).boundingBox())!.height,
    (await diagramOf(frameList.last()).boundingBox())!.height,
  ];
  expect(heights[0]).toBeLessThan(heights[1]! / 2);
});

test('a presenter link past the end opens at the last step with the same notice as the walkthrough', async ({
  page,
}) => {
  await page.goto('/?present&step=999');
  await expect(page.getByText(/^Step (\d+) of \1$/)).toBeVisible();
  await expect(page.getByText(/The link asked for step 999, but this walkthrough has \d+ steps/)).toBeVisible();
});

test('with single-key shortcuts turned off, the clicker keys do nothing and the buttons still work', async ({
  page,
}) => {
  await page.goto('/?present&step=3');
  await page.getByRole('button', { name: 'Keyboard shortcuts' }).click();
  await page.getByRole('checkbox', { name: 'Use single-key shortcuts' }).uncheck();
  await page.getByRole('button', { name: 'Done' }).click();
  await page.keyboard.press('PageDown');
  await page.keyboard.press('b');
  await expect(page.getByText(/^Step 3 of \d+$/)).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Screen blanked' })).toHaveCount(0);
  await page.getByRole('button', { name: /^Next/ }).click();
  await expect(page.getByText(/^Step 4 of \d+$/)).toBeVisible();
  // The choice is kept: after a reload the keys stay off.
  await page.reload();
  await page.keyboard.press('PageDown');
  await expect(page.getByText(/^Step 4 of \d+$/)).toBeVisible();
});
