import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { PresenterPage } from './pages/presenter-page';

/** Is each thing on the projected screen, inside the window, with a size? Measured from bounding boxes. */
async function onScreen(page: Page) {
  return page.evaluate(() => {
    const inside = (element: Element | null) => {
      if (!element) return false;
      const box = element.getBoundingClientRect();
      return box.height > 0 && box.top >= 0 && box.bottom <= window.innerHeight + 0.5 && box.left >= 0;
    };
    const row = document.querySelector('main .diagram-scroll-box g[data-row="current"]');
    const box = document.querySelector('main .diagram-scroll-box')?.getBoundingClientRect();
    const rowBox = row?.getBoundingClientRect();
    // The step the diagram draws, from its name: it must be the step the counter shows, not the one before.
    const drawn = /step (\d+) of/.exec(
      document.querySelector('main .diagram-scroll-box svg')?.getAttribute('aria-label') ?? '',
    );
    return {
      step: drawn ? Number(drawn[1]) : null,
      caption: inside(document.querySelector('main [data-testid="step-caption"]')),
      row: inside(row) && !!box && !!rowBox && rowBox.top >= box.top - 1 && rowBox.bottom <= box.bottom + 1,
      tableRow: inside(document.querySelector('main [data-testid="strip-row-now"]')),
      pageScrolls: document.scrollingElement!.scrollHeight > window.innerHeight + 1,
    };
  });
}

for (const [width, height] of [
  [1024, 768],
  [1280, 720],
  [1920, 1080],
] as const) {
  test(`presenter at ${width}×${height}: caption, current arrow and table row on screen at every step`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height });
    for (const fencing of ['on', 'off']) {
      await page.goto(`/?present&step=1&fencing=${fencing}`);
      const indicator = page.getByText(/^Step \d+ of 23$/);
      await expect(indicator).toHaveText('Step 1 of 23');
      for (let step = 1; step <= 23; step++) {
        await expect(indicator).toHaveText(`Step ${step} of 23`);
        // Polled: the presenter's parts arrive after its step counter, later on a busy machine.
        await expect
          .poll(() => onScreen(page), { message: `fencing ${fencing}, step ${step}` })
          .toEqual({
            step,
            caption: true,
            row: true,
            tableRow: true,
            pageScrolls: false,
          });
        if (step < 23) await page.keyboard.press('PageDown');
      }
    }
  });
}

test('while blank, a clicker only brings the screen back, and the room sees nothing but black', async ({
  page,
  presenter,
}) => {
  await page.goto('/?present&step=5');
  const indicator = page.getByText(/^Step \d+ of 23$/);
  // Presenter mode loads after the page: its keys work once it is there.
  await expect(indicator).toHaveText('Step 5 of 23');
  await page.keyboard.press('b');
  const blank = presenter.blanked;
  await expect(blank).toBeVisible();
  // Nothing visible but black: the return button, focused for the keyboard, is clipped away (screen readers only).
  expect(
    await page.evaluate(() => {
      const dialog = document.querySelector('[role="dialog"][aria-label="Screen blanked"]')!;
      const button = dialog.querySelector('button')!;
      return [
        document.activeElement === button,
        getComputedStyle(button).clip,
        getComputedStyle(dialog).backgroundColor,
        dialog.textContent,
      ];
    }),
  ).toEqual([true, 'rect(0px, 0px, 0px, 0px)', 'rgb(0, 0, 0)', 'Return to the presentation']);
  await page.keyboard.press('PageDown');
  await expect(blank).toHaveCount(0);
  await expect(indicator).toHaveText('Step 5 of 23');
  await page.keyboard.press('.');
  await expect(blank).toBeVisible();
  await blank.click();
  await expect(blank).toHaveCount(0);
  await expect(indicator).toHaveText('Step 5 of 23');
});

test('the speaker view opens in its own window and keeps in step with the projected one, both ways', async ({
  page,
  context,
  presenter,
}) => {
  await page.goto('/?present&step=3&fencing=off');
  const projected = page.getByText(/^Step \d+ of 23$/);
  await expect(presenter.speakerViewButton).toBeVisible();
  const opened = context.waitForEvent('page');
  await page.keyboard.press('s');
  const speaker = await opened;
  const speakerView = new PresenterPage(speaker);
  await speaker.waitForLoadState();
  const speakerStep = speaker.getByText(/^Step \d+ of 23$/);
  await expect(speakerStep).toHaveText('Step 3 of 23');
  await expect(speakerView.notes).toBeVisible();
  await expect(speaker.getByRole('timer', { name: 'Time presenting' })).toHaveText(/^\d+:\d\d$/);
  // The projected screen never shows the notes.
  await expect(presenter.notes).toHaveCount(0);

  await page.keyboard.press('PageDown');
  await expect(projected).toHaveText('Step 4 of 23');
  await expect(speakerStep).toHaveText('Step 4 of 23');
  await speakerView.next().click();
  await speakerView.next().click();
  await expect(speakerStep).toHaveText('Step 6 of 23');
  await expect(projected).toHaveText('Step 6 of 23');
  await speakerView.back().click();
  await expect(projected).toHaveText('Step 5 of 23');
  for (const [colorScheme, forcedColors] of [
    ['light', 'none'],
    ['dark', 'none'],
    ['light', 'active'],
  ] as const) {
    await speaker.emulateMedia({ colorScheme, forcedColors });
    const results = await new AxeBuilder({ page: speaker }).analyze();
    expect(
      results.violations.map((violation) => `${colorScheme} ${forcedColors} ${violation.id}: ${violation.help}`),
    ).toEqual([]);
  }
});

test('a prediction is a poll for the room: answers by letter, revealed with R, gone on the next step', async ({
  page,
  presenter,
}) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto('/?present&step=1&fencing=on');
  const indicator = page.getByText(/^Step \d+ of 23$/);
  await expect(indicator).toHaveText('Step 1 of 23');
  const poll = presenter.showOfHands;
  // The first poll comes on the step before B asks for the lock; step through to it, as a presenter would.
  let step = 1;
  while ((await poll.count()) === 0 && step < 23) {
    await page.keyboard.press('PageDown');
    await expect(indicator).toHaveText(`Step ${++step} of 23`);
  }
  await expect(poll).toContainText('Will the lock service grant it?');
  await expect(poll.getByRole('listitem')).toHaveText(['Yes, B gets the lock', "No, it is still A's"]);
  await expect(poll.getByText('What happens:')).toHaveCount(0);
  // The poll and the current arrow share the screen.
  expect(await onScreen(page)).toMatchObject({ caption: true, row: true, pageScrolls: false });
  await page.keyboard.press('r');
  await expect(poll.getByRole('status')).toContainText(
    "What happens: A's lease runs until 30 s. The lock service sees a lease that has not ended",
  );
  await expect(poll.locator('li[data-right-answer]')).toHaveText("No, it is still A's");
  // The reveal did not step on.
  await expect(indicator).toHaveText(`Step ${step} of 23`);
  // The controls are back in sight for the check (a key hid them).
  await page.mouse.move(300, 300);
  await expect(presenter.controls).toHaveCSS('opacity', '1');
  for (const [colorScheme, forcedColors] of [
    ['light', 'none'],
    ['dark', 'none'],
    ['light', 'active'],
  ] as const) {
    await page.emulateMedia({ colorScheme, forcedColors });
    const results = await new AxeBuilder({ page }).analyze();
    expect(
      results.violations.map((violation) => `${colorScheme} ${forcedColors} ${violation.id}: ${violation.help}`),
    ).toEqual([]);
  }
  await page.keyboard.press('PageDown');
  await expect(indicator).toHaveText(`Step ${step + 1} of 23`);
  await expect(poll).toHaveCount(0);
});

test('the controls fade once the presenter steps by key, and come back when the mouse moves or the keyboard reaches them', async ({
  page,
  presenter,
}) => {
  await page.goto('/?present&step=3');
  const indicator = page.getByText(/^Step \d+ of 23$/);
  await expect(indicator).toHaveText('Step 3 of 23');
  const bar = presenter.controls;
  await expect(bar).toHaveCSS('opacity', '1');
  await page.keyboard.press('PageDown');
  await expect(indicator).toHaveText('Step 4 of 23');
  await expect(bar).toHaveCSS('opacity', '0');
  // Clicking Next with the mouse is not presenting from a clicker: the controls stay.
  await page.mouse.move(300, 300);
  await expect(bar).toHaveCSS('opacity', '1');
  await bar.getByRole('button', { name: /Next/ }).click();
  await expect(indicator).toHaveText('Step 5 of 23');
  await expect(bar).toHaveCSS('opacity', '1');
  await page.keyboard.press('PageUp');
  await expect(bar).toHaveCSS('opacity', '0');
  // A keyboard user tabbing to the controls sees them.
  await page.keyboard.press('Tab');
  await expect(bar).toHaveCSS('opacity', '1');
});

test('at 1920×1080 the side panels read from the back of the room: no text under 20 px, scrollable by keyboard', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1920, height: 1080 });
  await page.goto('/?present&step=20&fencing=on');
  await expect(page.getByText(/^Step \d+ of 23$/)).toHaveText('Step 20 of 23');
  const panels = page.getByRole('region', { name: 'Lock service and certificates table' });
  await expect(panels).toBeVisible();
  const smallest = await panels.evaluate((element) => {
    const sizes: number[] = [];
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (node.textContent?.trim() && node.parentElement)
        sizes.push(parseFloat(getComputedStyle(node.parentElement).fontSize));
    }
    return Math.min(...sizes);
  });
  expect(smallest).toBeGreaterThanOrEqual(20);
  await expect(panels).toHaveAttribute('tabindex', '0');
  // The lock's key wraps only between its parts: each part sits on one line.
  const key = panels.locator('code.lock-key');
  await expect(key).toHaveText('lock:cert:go.shop.example');
  const linesPerPart = await key.evaluate((code) =>
    [...code.childNodes]
      .filter((node) => node.nodeType === Node.TEXT_NODE)
      .map((node) => {
        const range = document.createRange();
        range.selectNodeContents(node);
        return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
      }),
  );
  expect(linesPerPart).toEqual([1, 1, 1, 1, 1]);
});

test('presenter views pass axe in forced colours: a step, a quiz question revealed, and the blank screen', async ({
  page,
  presenter,
}) => {
  await page.emulateMedia({ forcedColors: 'active' });
  await page.goto('/?present&step=20&fencing=off');
  const indicator = page.getByText(/^(Step|Question) \d+ of \d+$/);
  await expect(indicator).toHaveText('Step 20 of 23');
  let mouseX = 10;
  const violations = async (what: string) => {
    // The controls are back in sight for each check (the keys below hide them).
    await page.mouse.move((mouseX += 10), 10);
    await expect(presenter.controls).toHaveCSS('opacity', '1');
    return (await new AxeBuilder({ page }).analyze()).violations.map(
      (violation) => `${what} ${violation.id}: ${violation.help}`,
    );
  };
  expect(await violations('step 20')).toEqual([]);
  await page.keyboard.press('End');
  await expect(indicator).toHaveText('Step 23 of 23');
  await page.keyboard.press('PageDown');
  await expect(indicator).toHaveText(/^Question 1 of/);
  await page.keyboard.press('r');
  await expect(page.getByText('Answer revealed.').or(page.getByText('Shown in the right order.'))).toBeVisible();
  expect(await violations('question revealed')).toEqual([]);
  await page.keyboard.press('b');
  await expect(presenter.blanked).toBeVisible();
  expect(await violations('blank')).toEqual([]);
});

test("on a phone the presenter's lifeline names keep apart", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/?present&step=20');
  await expect(page.getByText(/^Step 20 of 23$/)).toBeVisible();
  const gaps = await page.evaluate(() => {
    const titles = [...document.querySelectorAll('main .diagram svg > g text')]
      .filter((text) => /^(Renewer ?A|Renewer ?B|Lock ?service|Certificates ?table)$/.test(text.textContent ?? ''))
      .map((text) => text.getBoundingClientRect());
    return titles.slice(1).map((box, index) => Math.round(box.left - titles[index]!.right));
  });
  expect(gaps).toHaveLength(3);
  for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(4);
});

/** Rendered text sizes in CSS pixels: a drawing's text by its scale on screen, HTML text by its computed size. */
const presenterSizes = (page: Page) =>
  page.evaluate(() => {
    const px = (element: Element | null) => (element ? Number.parseFloat(getComputedStyle(element).fontSize) : 0);
    const strip = document.querySelector('main svg[aria-label^="Time to scale"]')!;
    const drawnScale = strip.getBoundingClientRect().width / Number(strip.getAttribute('viewBox')!.split(' ')[2]);
    const rowName = strip.querySelector('text')!;
    return {
      caption: px(document.querySelector('main [data-testid="step-caption"] .caption, main .caption')),
      stripLabels: Math.round(px(rowName) * drawnScale),
      tableRow: px(document.querySelector('main [data-testid="strip-row-now"]')),
      key: px(strip.parentElement!.querySelector('ul li')),
      panels: px(document.querySelector('main .panels dd, main .panels td')),
      panelHeadings: px(document.querySelector('main .panels :is(h2, h3, h4)')),
    };
  });

test('at 1920×1080 the strip, its key, the table row and the panels grow with the caption: 24 px or more', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1920, height: 1080 });
  await page.goto('/?present&step=20&fencing=off');
  await expect(page.getByText('Step 20 of 23', { exact: true })).toBeVisible();
  await expect(page.locator('main .panels')).toBeVisible();
  const big = await presenterSizes(page);
  expect(big.caption).toBeGreaterThanOrEqual(28);
  for (const part of ['stripLabels', 'tableRow', 'key', 'panels', 'panelHeadings'] as const)
    expect(big[part], part).toBeGreaterThanOrEqual(24);
  // At 1280×720 the strip keeps its size, which fits that screen.
  await page.setViewportSize({ width: 1280, height: 720 });
  await expect.poll(async () => (await presenterSizes(page)).stripLabels).toBe(15);
  expect((await presenterSizes(page)).tableRow).toBe(14);
});

test("the speaker view's Reveal, Blank and fencing act on the projected screen, and the projected screen's on it", async ({
  page,
  context,
  presenter,
}) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto('/?present&step=1&fencing=on');
  const projected = page.getByText(/^Step \d+ of 23$/);
  await expect(projected).toHaveText('Step 1 of 23');
  const opened = context.waitForEvent('page');
  await page.keyboard.press('s');
  const speaker = await opened;
  const speakerView = new PresenterPage(speaker);
  await speaker.setViewportSize({ width: 1280, height: 900 });
  const speakerStep = speaker.getByText(/^Step \d+ of 23$/);
  await expect(speakerStep).toHaveText('Step 1 of 23');
  // Pictures of the screen now and after Next, named by their steps.
  await expect(speaker.getByRole('img', { name: 'The projected screen now: step 1' })).toBeVisible();
  await expect(speaker.getByRole('img', { name: 'The screen after Next: step 2' })).toBeVisible();

  // Step from the speaker's window to the first poll; the projected screen asks the room.
  const speakerPoll = speaker.getByRole('region', { name: 'Ask the room first' });
  const roomPoll = presenter.showOfHands;
  let step = 1;
  while ((await speakerPoll.count()) === 0 && step < 23) {
    await speakerView.next().click();
    await expect(projected).toHaveText(`Step ${++step} of 23`);
  }
  await expect(speakerPoll).toContainText('Will the lock service grant it?');
  await expect(speakerPoll).toContainText("The answer to reveal: No, it is still A's");
  await expect(roomPoll.getByText('What happens:')).toHaveCount(0);
  await speakerPoll.getByRole('button', { name: 'Reveal' }).click();
  await expect(roomPoll.getByRole('status')).toContainText('What happens:');
  await expect(roomPoll.locator('li[data-right-answer]')).toHaveText("No, it is still A's");
  await expect(speakerPoll.getByRole('status')).toHaveText('Revealed on the screen.');

  // Blank from the speaker's window; the room's key brings the screen back, and the speaker's button says so.
  const blankToggle = speaker.getByRole('button', { name: 'Blank the screen' });
  await blankToggle.click();
  const blanked = page.getByRole('button', { name: 'Return to the presentation' });
  await expect(blanked).toBeVisible();
  await expect(blankToggle).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.press('b');
  await expect(blanked).toHaveCount(0);
  await expect(blankToggle).toHaveAttribute('aria-pressed', 'false');
  await page.keyboard.press('b');
  await expect(blankToggle).toHaveAttribute('aria-pressed', 'true');
  await blankToggle.click();
  await expect(blanked).toHaveCount(0);

  // Fencing, both ways.
  const speakerFencing = speakerView.fencing;
  const roomFencing = presenter.fencing;
  await speakerFencing.click();
  await expect(roomFencing).toHaveAttribute('aria-checked', 'false');
  await roomFencing.click();
  await expect(speakerFencing).toHaveAttribute('aria-checked', 'true');
  await expect(speakerStep).toHaveText((await projected.textContent()) ?? '');

  // On into the quiz from the speaker's window, and on from the room's: both show the same question.
  await speaker.keyboard.press('End');
  await expect(projected).toHaveText('Step 23 of 23');
  await speakerView.next().click();
  await expect(page.getByText(/^Question 1 of \d+$/)).toBeVisible();
  await expect(speaker.getByText(/^Question 1 of \d+$/).first()).toBeVisible();
  await page.keyboard.press('PageDown');
  await expect(speakerView.controls).toContainText(/Question 2 of \d+/);
  await speaker.getByRole('region', { name: 'On the screen' }).getByRole('button', { name: 'Reveal answer' }).click();
  await expect(page.getByText('Answer revealed.')).toBeVisible();

  for (const colorScheme of ['light', 'dark'] as const) {
    await speaker.emulateMedia({ colorScheme });
    const results = await new AxeBuilder({ page: speaker }).analyze();
    expect(results.violations.map((violation) => `${colorScheme} ${violation.id}: ${violation.help}`)).toEqual([]);
  }
});
