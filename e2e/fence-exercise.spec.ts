import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { drawEverySection, expect, test } from './fixtures';

// The simulator's evenings (about 27,000 runs in a worker) and PGlite's start, on a slow machine.
const CHECKED = { timeout: 120_000 };
const LESSON_ANSWER = 'UPDATE certificates SET cert = $2, fence = $3 WHERE domain = $1 AND fence <= $3';

function exercise(page: Page) {
  return page.getByRole('form', { name: 'Write the fence yourself' });
}

test("a wrong statement gets its count and an example that opens in the lab, and the lesson's statement passes", async ({
  page,
}) => {
  test.setTimeout(240_000);
  await page.goto('./#write-the-fence');
  const form = exercise(page);
  const box = form.getByRole('textbox', { name: /^Your statement/ });
  // The unsafe statement it starts from.
  await expect(box).toHaveValue('UPDATE certificates SET cert = $2 WHERE domain = $1');
  await form.getByRole('button', { name: 'Check it on real Postgres' }).click();
  const result = form.getByTestId('fence-result');
  const landed = result.getByText(
    /^It lets the late write land, or report a row, in ([\d,]+) of the map's \1 evenings that have one, for example a 30 s lease with a 40 s pause\.$/,
  );
  await expect(landed).toBeVisible(CHECKED);
  await expect(result.getByText(/^No condition on the token\./)).toBeVisible();
  await expect(result.getByRole('listitem').filter({ hasText: 'retry after a timeout' })).toContainText('Wrong');
  await expect(result.getByRole('img', { name: /^Your statement\./ })).toBeVisible();

  await drawEverySection(page);
  const axe = await new AxeBuilder({ page }).include('form[aria-labelledby="write-the-fence"]').analyze();
  expect(axe.violations.map((violation) => `${violation.id} ${violation.nodes[0]?.target}`)).toEqual([]);

  // The example is the map's own run: it opens in the lab with the table checking nothing, where the write lands stale.
  await result.getByRole('link', { name: 'Open this evening in the lab' }).click();
  await expect(page).toHaveURL(/[?&]lab\b/);
  expect(new URL(page.url()).searchParams.get('ttl')).toBe('30000');
  expect(new URL(page.url()).searchParams.get('pause')).toBe('40000');
  expect(new URL(page.url()).searchParams.get('storage')).toBe('unchecked');
  await expect(page.getByText('Stale write landed').first()).toBeVisible();
  // Beside the write, the row count the learner's statement got on real Postgres.
  await page.getByRole('button', { name: 'Go to the end' }).first().click();
  const yours = page.getByRole('region', { name: 'Your own fence' });
  await expect(yours.getByText('UPDATE certificates SET cert = $2 WHERE domain = $1')).toBeVisible();
  await expect(yours.getByRole('listitem')).toHaveText([
    "Renewer B's write with token 34: UPDATE 1",
    "Renewer A's write with token 33: UPDATE 1",
  ]);

  // Kept with the learner's progress: back on the lesson, the statement is still there.
  await page.goto('./#write-the-fence');
  const again = exercise(page);
  await expect(again.getByRole('textbox', { name: /^Your statement/ })).toHaveValue(
    'UPDATE certificates SET cert = $2 WHERE domain = $1',
  );
  await again.getByRole('textbox', { name: /^Your statement/ }).fill(LESSON_ANSWER);
  await again.getByRole('button', { name: 'Check it on real Postgres' }).click();
  await expect(
    again.getByText(
      /^Your statement refuses the late write in all ([\d,]+) of the map's 1,600 evenings that have one \(\d+ sequences of writes\), keeps every fresh certificate in all 1,600, and does the same in all \d+ sequences across the services that issue tokens\.$/,
    ),
  ).toBeVisible(CHECKED);
});

test('by keyboard alone: write, check with Control+Enter, open the example, fix it, and read < against <=', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await page.goto('./#write-the-fence');
  const form = exercise(page);
  const box = form.getByRole('textbox', { name: /^Your statement/ });
  const write = async (statement: string) => {
    await box.focus();
    await page.keyboard.press('Control+A');
    await page.keyboard.type(statement);
    await page.keyboard.press('Control+Enter');
  };
  await write('UPDATE certificates SET cert = $2, fence = $3 WHERE domain = $1');
  await expect(form.getByText(/^It lets the late write land, or report a row, in [\d,]+ of the map's/)).toBeVisible(
    CHECKED,
  );
  // From the box: Check, Start again, then the example's link.
  for (const name of [
    'Check it on real Postgres',
    'Start again from the unsafe statement',
    'Open this evening in the lab',
  ]) {
    await page.keyboard.press('Tab');
    await expect(page.locator(':focus')).toHaveAccessibleName(name);
  }
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/[?&]ttl=30000&.*[?&]lab\b/);

  await page.goto('./#write-the-fence');
  await write(LESSON_ANSWER);
  await expect(form.getByText(/^Your statement refuses the late write in all/)).toBeVisible(CHECKED);
  await write('UPDATE certificates SET cert = $2, fence = $3 WHERE domain = $1 AND fence < $3');
  await expect(form.getByText(/^`?<`? instead of `?<=`?\./)).toBeVisible(CHECKED);
  await expect(
    form.getByText(/^In the map's 1,600 evenings it refuses every late write and keeps every fresh certificate\.$/),
  ).toBeVisible();
  // A statement that is not a write on certificates is refused at once, with nothing run.
  await box.focus();
  await page.keyboard.press('Control+A');
  await page.keyboard.type('DELETE FROM certificates');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await expect(form.getByRole('alert')).toHaveText(/^The check runs only an UPDATE or an INSERT on certificates/);
});
