import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

/*
 * The printed handout as paper: Chromium's own PDF of the page, read back page by page with poppler's pdftotext
 * (Debian's poppler-utils, which .ci/run installs). Each frame carries its strip and table row, no page is empty,
 * and nothing the learner did not do prints as if they had.
 */

/** The text of each page of the page printed to A4. */
async function printedPages(page: Page) {
  await page.emulateMedia({ media: 'print' });
  const pdf = await page.pdf({ format: 'A4', printBackground: true });
  const folder = mkdtempSync(path.join(tmpdir(), 'lockstep-print-'));
  try {
    const file = path.join(folder, 'handout.pdf');
    writeFileSync(file, pdf);
    const count = Number(/^Pages:\s+(\d+)$/m.exec(execFileSync('pdfinfo', [file], { encoding: 'utf8' }))?.[1]);
    // pdftotext separates pages with a form feed.
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
    const pages = text.split('\f').slice(0, count);
    return { count, pages };
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

test('printed, every frame has its strip and table row, no page is empty, and an untaken quiz prints no score', async ({
  walkthrough,
  page,
}) => {
  test.slow();
  await walkthrough.open('?fencing=on');
  // The lesson's parts load after the first view: wait for the quiz and the last live run before printing.
  await expect(page.getByRole('button', { name: /Check answer/ }).first()).toBeAttached();
  await expect(page.getByRole('heading', { name: /^Try it:/ })).toHaveCount(10);
  const { count, pages } = await printedPages(page);
  const empty = pages.flatMap((text, index) => (text.trim() === '' ? [index + 1] : []));
  expect(empty, `${count} pages`).toEqual([]);
  const all = pages.join('\n');
  // Each of the 23 frames, with the strip's rows and the table's row under its caption.
  for (const step of [1, 12, 20, 23]) expect(all).toContain(`Step ${step} of 23`);
  const frames = page.getByRole('list', { name: 'The walkthrough, frame by frame' }).locator(':scope > li');
  await expect(frames).toHaveCount(23);
  for (const index of [0, 11, 19, 22]) {
    const frame = frames.nth(index);
    await expect(frame.getByRole('img', { name: /^Time to scale/ })).toBeVisible();
    await expect(frame.getByTestId('strip-row-now')).toBeVisible();
  }
  await expect(frames.nth(19).getByRole('img', { name: /^Time to scale/ })).toHaveAccessibleName(
    /at 42 s Renewer A's write is refused by the fence/,
  );
  await expect(frames.nth(19).getByTestId('strip-row-now')).toContainText('serial 1002');
  // Nothing taken, nothing scored; no empty answer boxes.
  expect(all).not.toMatch(/Score: \d+ of \d+/);
  expect(all).toContain('Answer key');
  await expect(page.locator('textarea').first()).toBeHidden();
  test.info().annotations.push({ type: 'printed pages', description: String(count) });
});

test('printed after answering, the score and what the learner drafted are on paper', async ({ lesson, page }) => {
  await lesson.open();
  const snip = lesson.question(/Snip uses a Redis lock/);
  await snip.answer(/^No: it is an efficiency lock/);
  await expect(snip.correct).toBeVisible();
  const draft = page.getByRole('textbox', { name: 'Your answer to interview question 1' });
  await draft.fill('Fence the write with the token, and read the row count it returns.');
  const { pages } = await printedPages(page);
  const all = pages.join('\n');
  expect(all).toMatch(/Score: 1 of 16 right/);
  expect(all).toContain('Fence the write with the token, and read the row count it returns.');
});
