import type { Page } from '@playwright/test';
import { drawEverySection, expect, test } from './fixtures';

/**
 * The lesson's sections below the first view are laid out only when near the screen (content-visibility: auto in
 * src/styles.css), yet stay in the page for find-in-page, deep links and print.
 */
const SECTIONS = 'main section.lesson-section';

/** Each section: its heading id, whether the browser skips its contents, its height and its estimated height. */
function sections(page: Page) {
  return page.evaluate((selector) => {
    return [...document.querySelectorAll<HTMLElement>(selector)].map((section) => ({
      id: section.getAttribute('aria-labelledby'),
      // The section's own box stays; what is skipped is inside it, its heading first.
      drawn: document.getElementById(section.getAttribute('aria-labelledby') ?? '')!.checkVisibility({
        contentVisibilityAuto: true,
      }),
      height: section.getBoundingClientRect().height,
      estimate: Number.parseFloat(getComputedStyle(section).containIntrinsicHeight.replace(/^auto\s+/, '')),
    }));
  }, SECTIONS);
}

for (const viewport of [
  { width: 390, height: 844 },
  // Lighthouse's phone: there a section drawn taller than its estimate overlaps the next, and axe's target size fails.
  { width: 412, height: 823 },
  { width: 1440, height: 900 },
  { width: 1920, height: 1080 },
]) {
  test(`at ${viewport.width}×${viewport.height} sections off screen are skipped, each estimated near its height`, async ({
    page,
    walkthrough,
    lesson,
  }) => {
    await page.setViewportSize(viewport);
    await walkthrough.open();
    const first = await sections(page);
    expect(first.length).toBeGreaterThan(8);
    // The first section (the walkthrough) is drawn; the ones far below it are not.
    expect(first[0]!.drawn).toBe(true);
    expect(first.at(-1)!.drawn).toBe(false);
    expect(first.slice(3).filter((section) => section.drawn)).toEqual([]);
    // Every part woken and drawn by its code: each section's real height is within a third of what the
    // stylesheet guessed for it.
    await lesson.wakeEveryPart();
    // The outcome map computes its grid in a worker after its code arrives: wait until no section still grows.
    let last = -1;
    await expect
      .poll(
        async () => {
          const total = (await sections(page)).reduce((sum, section) => sum + section.height, 0);
          const settled = total === last;
          last = total;
          return settled;
        },
        { intervals: [1_000] },
      )
      .toBe(true);
    // A section off screen keeps the height it had when it was last drawn (`auto`), which can be a moment of its
    // hydration: draw every section before measuring, so what is compared is the height a reader will see.
    await drawEverySection(page);
    const drawn = await sections(page);
    for (const [at, section] of drawn.slice(1).entries()) {
      const estimate = first[at + 1]!.estimate;
      expect(estimate, `${section.id}'s estimate`).toBeGreaterThan(0);
      expect(
        Math.abs(section.height - estimate) / section.height,
        `${section.id}: ${section.height} px drawn`,
      ).toBeLessThan(1 / 3);
      if (viewport.width === 412) expect(estimate, `${section.id}'s estimate`).toBeGreaterThanOrEqual(section.height);
    }
  });
}

test('find-in-page finds words in a skipped section, and a link to its heading lands on it', async ({
  page,
  walkthrough,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await walkthrough.open();
  const recap = page.locator('#recap');
  expect(await recap.evaluate((heading) => heading.checkVisibility({ contentVisibilityAuto: true }))).toBe(false);
  // Words only the recap section has, found though it is skipped.
  const recapHeading = (await recap.textContent()) ?? '';
  expect(recapHeading.length).toBeGreaterThan(3);
  // window.find is Chromium's find-in-page from script (not in TypeScript's DOM types).
  const found = await page.evaluate(
    (words) => (window as unknown as { find: (text: string) => boolean }).find(words),
    recapHeading,
  );
  expect(found).toBe(true);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.goto('./#implementations');
  await expect(page.locator('#implementations')).toBeInViewport();
  // Still there once the sections above it have been drawn at their real heights.
  await page.waitForLoadState('networkidle');
  await expect(page.locator('#implementations')).toBeInViewport();
});

test('printed, every section is drawn', async ({ page, walkthrough }) => {
  await walkthrough.open();
  await page.emulateMedia({ media: 'print' });
  const drawn = await sections(page);
  expect(drawn.filter((section) => !section.drawn)).toEqual([]);
});
