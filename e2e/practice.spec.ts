import { expect, test } from './fixtures';
import { QuizQuestion } from './pages/quiz-question';

test('the Snip question: wrong first, then right after a retry, with explanations and a link', async ({
  lesson,
  page,
}) => {
  await lesson.open();
  const snip = lesson.question(/Snip uses a Redis lock/);
  await snip.answer(/^Yes: a majority of five nodes/);
  await expect(snip.notQuite).toBeVisible();
  await expect(snip.form.getByText(/Redlock does not stop duplicates caused by pauses/)).toBeVisible();
  await expect(snip.form.getByText(/A duplicate email is Kleppmann's own example/)).toBeVisible();
  await snip.tryAgain();
  await snip.answer(/^No: it is an efficiency lock/);
  await expect(snip.correct).toBeVisible();
  await snip.form.getByRole('link', { name: /^Read:/ }).click();
  await expect(page).toHaveURL(/#the-practical-lesson$/);
  await expect(page.getByText(/^Score: 1 of \d+ right/)).toBeVisible();
});

test('the timeline question is put in order with the keyboard alone', async ({ lesson, walkthrough, page }) => {
  await lesson.open();
  const order = lesson.question(/Put the evening's events in the order/);
  const right = [
    'A takes the lock with token 33',
    'A is frozen by a 40 s garbage-collection pause',
    "A's 30 s lease expires",
    'B takes the lock with token 34',
    'B stores its certificate with token 34',
    'A wakes up, still believing it holds the lock',
    "A's write with token 33 matches 0 rows",
  ];
  for (const [target, text] of right.entries()) {
    for (;;) {
      const items = await order.form.getByRole('listitem').allTextContents();
      if (items.findIndex((item) => item.startsWith(text)) <= target) break;
      await order.form.getByRole('button', { name: `Move up: ${text}` }).focus();
      await page.keyboard.press('Enter');
    }
  }
  await order.checkButton.focus();
  await page.keyboard.press('Enter');
  await expect(order.correct).toBeVisible();
  await order.form.getByRole('link', { name: /See it in the walkthrough: step 19/ }).click();
  await walkthrough.expectStep(19);
});

test('an interview draft, the revealed answer and ticked points survive a reload', async ({ lesson, page }) => {
  await lesson.open();
  await lesson.interviewDraft(1).fill('Take a lease with SET NX PX, then fence every write with a token.');
  await page.getByRole('button', { name: 'Show our answer to question 1' }).click();
  await page.getByRole('checkbox', { name: 'Proposed fencing tokens checked by the storage' }).check();
  await lesson.question(/Snip uses a Redis lock/).answer(/^No: it is an efficiency lock/);

  await page.reload();
  await lesson.wakeEveryPart();
  await expect(lesson.interviewDraft(1)).toHaveValue(
    'Take a lease with SET NX PX, then fence every write with a token.',
  );
  await expect(page.getByRole('checkbox', { name: 'Proposed fencing tokens checked by the storage' })).toBeChecked();
  await expect(lesson.question(/Snip uses a Redis lock/).correct).toBeVisible();
});

test('corrupt saved progress is set aside with a notice, and the page still works', async ({ lesson, page }) => {
  await lesson.open();
  await page.evaluate(() => localStorage.setItem('lockstep:progress', '{"version":1,"quiz":{'));
  await page.reload();
  const notice = page.getByRole('status').filter({ hasText: 'could not be read' });
  await expect(notice).toContainText(
    /A copy was set aside in this browser's storage under "lockstep:progress:set-aside:/,
  );
  const key = /"(lockstep:progress:set-aside:[^"]+)"/.exec((await notice.textContent()) ?? '')![1]!;
  expect(await page.evaluate((named) => localStorage.getItem(named), key)).toBe('{"version":1,"quiz":{');
  await lesson.wakeEveryPart();
  await lesson.interviewDraft(2).fill('Still works');
  await page.reload();
  await lesson.wakeEveryPart();
  await expect(lesson.interviewDraft(2)).toHaveValue('Still works');
});

test('saved progress from an unknown version is kept aside, not wiped', async ({ lesson, page }) => {
  await lesson.open();
  await page.evaluate(() => localStorage.setItem('lockstep:progress', '{"version":99,"quiz":{}}'));
  await page.reload();
  await expect(page.getByRole('status').filter({ hasText: 'has version 99' })).toBeVisible();
  const copies = await page.evaluate(() =>
    Object.keys(localStorage)
      .filter((key) => key.startsWith('lockstep:progress:set-aside:'))
      .map((key) => localStorage.getItem(key)),
  );
  expect(copies).toEqual(['{"version":99,"quiz":{}}']);
});

test('predict the late write, then see the prediction judged, and remembered', async ({ walkthrough, page }) => {
  await walkthrough.open('?step=18&fencing=on');
  const predict = page.getByRole('group', { name: /will the table accept A's write/ });
  await predict.getByRole('radio', { name: 'No, it matches 0 rows' }).check();
  await walkthrough.next.click();
  await expect(page.getByText(/You predicted/)).toHaveCount(0);
  await walkthrough.next.click();
  const result = page.getByText(/^You predicted it: /);
  await expect(result).toHaveText('You predicted it: “No, it matches 0 rows”.');
  // The reason opens from the one-line result.
  const why = page.getByText(/WHERE fence <= 33 matches no row/);
  await expect(why).toBeHidden();
  await page.locator('#walkthrough summary', { hasText: 'Why' }).click();
  await expect(why).toBeVisible();
  await page.reload();
  await expect(result).toHaveText('You predicted it: “No, it matches 0 rows”.');
});

test('two embedded questions in two tabs keep both answers, and an open tab sees the other one', async ({
  page,
  context,
}) => {
  await page.goto('/embed.html?widget=quiz&layout=full');
  const other = await context.newPage();
  await other.goto('/embed.html?widget=question&id=duplicate-order');
  const duplicateOrder = new QuizQuestion(other);
  await duplicateOrder.answer(/^An efficiency failure/);
  await expect(duplicateOrder.correct).toBeVisible();

  // The open quiz hears of it without a reload, and its own answer does not overwrite it.
  const correct = (on: typeof page) => on.getByText('Correct.', { exact: true });
  await expect(correct(page)).toHaveCount(1);
  await new QuizQuestion(page, /harder than a mutex between threads/).answer(/^Nothing enforces it/);
  await expect(correct(page)).toHaveCount(2);
  await other.reload();
  await expect(correct(other)).toHaveCount(1);
  const fresh = await context.newPage();
  await fresh.goto('/embed.html?widget=quiz&layout=full');
  await expect(correct(fresh)).toHaveCount(2);
});
