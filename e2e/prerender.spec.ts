import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { QuizQuestion } from './pages/quiz-question';

/**
 * The build prerenders the lesson as a first visit sees it (scripts/prerender.mjs) and the page hydrates it. These
 * check what a reader sees without JavaScript, that hydration keeps it, and that no other page shows the lesson.
 */

/** What the first view says: the header, the story's lead, the step indicator, the caption and the table's row. */
async function firstViewText(page: Page) {
  return page.evaluate(() => {
    const text = (selector: string) => document.querySelector<HTMLElement>(selector)?.innerText.trim() ?? null;
    return {
      header: text('.site-header'),
      heading: text('main h2'),
      step: text('#walkthrough .step-indicator'),
      caption: text('#walkthrough [data-testid="step-caption"]'),
      table: text('#walkthrough table'),
    };
  });
}

/** Records, at every frame from the page's first, whether the prerendered lesson was drawn. */
async function watchPrerenderedLesson(page: Page) {
  await page.addInitScript(() => {
    const seen: boolean[] = [];
    (window as unknown as { prerenderedSeen: boolean[] }).prerenderedSeen = seen;
    const look = () => {
      const lesson = document.querySelector<HTMLElement>('#root[data-prerendered] #walkthrough');
      seen.push(!!lesson && lesson.getClientRects().length > 0);
      requestAnimationFrame(look);
    };
    requestAnimationFrame(look);
  });
}

/** Opens `address`, whose page replaces the prerendered markup, and checks no frame ever drew that markup. */
async function expectNeverDrawn(page: Page, address: string) {
  await watchPrerenderedLesson(page);
  await page.goto(address);
  await expect(page.locator('main').first()).toBeVisible();
  await expect(page.locator('#root[data-prerendered]')).toHaveCount(0);
  const seen = await page.evaluate(() => (window as unknown as { prerenderedSeen: boolean[] }).prerenderedSeen);
  expect(seen.length).toBeGreaterThan(0);
  expect(seen.filter(Boolean)).toEqual([]);
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  for (const viewport of [
    { width: 1440, height: 900 },
    { width: 390, height: 844 },
  ]) {
    test(`at ${viewport.width}×${viewport.height} the diagram at step 1, the table and the lesson are there`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport);
      await page.goto('./');
      const walkthrough = page.locator('#walkthrough');
      await expect(walkthrough.getByRole('img', { name: /^Sequence diagram.*step 1 of 23/i })).toBeVisible();
      await expect(walkthrough.getByRole('img', { name: /^Time to scale/ })).toBeVisible();
      await expect(walkthrough.getByText('Step 1 of 23', { exact: true })).toBeVisible();
      await expect(walkthrough.locator('table').first()).toContainText('1000');
      // The whole lesson's text, to its last sections and the quiz's questions.
      await expect(page.getByRole('heading', { name: 'Fencing tokens', exact: false }).first()).toBeAttached();
      await expect(page.getByRole('heading', { name: /^Quiz$/ })).toBeAttached();
      await expect(page.locator('main section.lesson-section').nth(5)).toBeAttached();
      // It says what needs JavaScript.
      await expect(page.locator('.noscript-note')).toBeVisible();
      await expect(page.locator('.noscript-note')).toContainText(/the\s+quiz and the interview questions/);
      // In their places, what cannot run without it says so; a live run shows how it ends, with its verdict.
      await expect(page.getByText(/^The outcome map runs the simulation once for each cell of its grid/)).toBeVisible();
      const run = page.getByRole('region', { name: "Try it: Snip's weekly email" });
      await expect(run.getByRole('img', { name: /step 21 of 21/ })).toBeVisible();
      await expect(run.getByText(/^Verdict: Duplicate work/)).toBeVisible();
      await expect(run.getByRole('button')).toHaveCount(0);
      // Laid out by the drawings' viewBox, so a phone does not scroll sideways before any script measured it.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    });
  }
});

test.describe('hydration', () => {
  for (const viewport of [
    { width: 1440, height: 900 },
    { width: 390, height: 844 },
  ]) {
    test(`at ${viewport.width}×${viewport.height} keeps the first view as prerendered, with no console error`, async ({
      page,
      browser,
      walkthrough,
    }) => {
      const scriptless = await browser.newContext({ viewport, javaScriptEnabled: false });
      const before = await scriptless.newPage();
      await before.goto(new URL('./', test.info().project.use.baseURL).toString());
      const prerendered = await firstViewText(before);
      await scriptless.close();
      expect(prerendered.caption).toMatch(/about to expire/);

      await page.setViewportSize(viewport);
      // The prerendered nodes of parts whose code loads separately (the time strip, the toolbar), taken before any
      // script runs: hydration must adopt them, not replace them while their code is still on its way.
      await page.addInitScript(() => {
        document.addEventListener('readystatechange', () => {
          if (document.readyState !== 'interactive') return;
          (window as unknown as { prerendered: Element[] }).prerendered = [
            document.querySelector('#walkthrough .walkthrough-bar svg[role="img"]')!,
            document.querySelector('#walkthrough [role="group"][aria-label]')!,
          ];
        });
      });
      await page.goto('./');
      await expect(page.locator('.noscript-note')).toBeHidden();
      // Hydrated: the stepper answers.
      await walkthrough.next.click();
      await expect(walkthrough.indicator).toHaveText('Step 2 of 23');
      await walkthrough.back.click();
      await expect(walkthrough.indicator).toHaveText('Step 1 of 23');
      await page.waitForLoadState('networkidle');
      expect(
        await page.evaluate(() =>
          (window as unknown as { prerendered: (Element | null)[] }).prerendered.map((node) => node?.isConnected),
        ),
      ).toEqual([true, true]);
      const hydrated = await firstViewText(page);
      if (viewport.width >= 720) expect(hydrated).toEqual(prerendered);
      // On a phone the options move out of the bar once the page knows its width; the words stay the same.
      else expect({ ...hydrated, step: null }).toEqual({ ...prerendered, step: null });
    });
  }

  test('a prerendered control whose code has not arrived stays disabled, then works', async ({ page, walkthrough }) => {
    // The walkthrough hydrates while the real-Postgres panel's code is held back: a click then would be lost.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/assets/real-postgres-*.js', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('./');
    await walkthrough.next.click();
    await expect(walkthrough.indicator).toHaveText('Step 2 of 23');
    const run = page.getByRole('region', { name: 'Real Postgres in this page' }).getByRole('button');
    await expect(run).toHaveText('Run on real Postgres');
    await expect(run).toBeDisabled();
    release();
    await expect(run).toBeEnabled();
    await page.unroute('**/assets/real-postgres-*.js');
  });

  test('a step link opens at step 1 and moves to its step, never blank', async ({ page, walkthrough }) => {
    await page.addInitScript(() => {
      const blank: number[] = [];
      (window as unknown as { blankFrames: number[] }).blankFrames = blank;
      let frame = 0;
      const look = () => {
        frame += 1;
        if (document.body && !document.querySelector('#walkthrough')) blank.push(frame);
        requestAnimationFrame(look);
      };
      requestAnimationFrame(look);
    });
    await page.goto('./?step=20&fencing=off');
    await expect(walkthrough.indicator).toHaveText('Step 20 of 23');
    await expect(walkthrough.caption).toContainText(/33/);
    expect(await page.evaluate(() => (window as unknown as { blankFrames: number[] }).blankFrames)).toEqual([]);
  });

  test('saved answers apply after hydration, with no mismatch', async ({ page, lesson, walkthrough }) => {
    await lesson.open();
    const snip = lesson.question(/Snip uses a Redis lock/);
    await snip.answer(/^No: it is an efficiency lock/);
    await expect(snip.correct).toBeVisible();
    await walkthrough.next.click();
    await page.reload();
    // The first visit's markup hydrated, then the saved answer and the step in the address applied.
    await walkthrough.expectStep(2, 23);
    await lesson.wakeEveryPart();
    await expect(lesson.question(/Snip uses a Redis lock/).correct).toBeVisible();
    await expect(page.getByText(/^Score: 1 of \d+ right/)).toBeVisible();
  });
});

test.describe('nothing before it is needed', () => {
  /** The code of the lesson's parts below the first view: its sections' widgets, the quiz and the interview. */
  const LATER = /\/assets\/(lesson-with-widgets|inline-run|inline-map|quiz|interview|lab-page)-[\w-]+\.js$/;

  test('a fresh visit loads none of the lesson below the first view until the reader scrolls to it', async ({
    page,
    walkthrough,
  }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    const fetched: string[] = [];
    page.on('request', (request) => fetched.push(new URL(request.url()).pathname));
    await walkthrough.open();
    await walkthrough.next.click();
    await expect(walkthrough.indicator).toHaveText('Step 2 of 23');
    await page.waitForLoadState('networkidle');
    expect(fetched.filter((path) => LATER.test(path))).toEqual([]);
    // Scrolled to, the quiz loads its code and works.
    const quiz = page.locator('#quiz');
    await quiz.scrollIntoViewIfNeeded();
    const question = new QuizQuestion(page, /Snip uses a Redis lock/);
    await question.answer(/^No: it is an efficiency lock/);
    await expect(question.correct).toBeVisible();
    expect(fetched.some((path) => /\/assets\/quiz-[\w-]+\.js$/.test(path))).toBe(true);
  });

  test("a step link clicked before its section's code has arrived opens its step, with no reload", async ({
    page,
    walkthrough,
  }) => {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/assets/lesson-with-widgets-*.js', async (route) => {
      await held;
      await route.continue();
    });
    await walkthrough.open();
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
    // The section's markup is there and readable; its code is held back while the reader clicks.
    const link = page.locator('main a[href^="?step=19&fencing=off"]').first();
    await link.click();
    release();
    await expect(walkthrough.indicator).toHaveText('Step 19 of 23');
    await expect(walkthrough.fencing).toHaveAttribute('aria-checked', 'false');
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
    await page.unroute('**/assets/lesson-with-widgets-*.js');
  });
});

test.describe('how the page starts', () => {
  test.use({ readerMoves: false });

  /** The JS and CSS the page fetches, as index.html names them (./assets/…), and the JS that is PGlite's own. */
  function recordFetches(page: Page) {
    const fetched = new Set<string>();
    const withPglite: string[] = [];
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (/\.(js|css)$/.test(path)) fetched.add(path.replace(/^\//, './'));
    });
    // PGlite's own code, by a method only it (and the worker that drives it) has.
    page.on('response', async (response) => {
      const body = /\.js$/.test(new URL(response.url()).pathname) ? await response.text().catch(() => '') : '';
      if (body.includes('execProtocolRawStream')) withPglite.push(new URL(response.url()).pathname);
    });
    return { fetched, withPglite };
  }

  test('a fresh visit nobody touches starts its code after the first paint, and never fetches PGlite', async ({
    page,
    walkthrough,
  }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    const { fetched, withPglite } = recordFetches(page);
    const response = await page.goto('./');
    const html = (await response?.text()) ?? '';
    // What index.html asks for itself (scripts, module preloads, stylesheets): the first view, as npm run size counts.
    const named = new Set(
      [...html.matchAll(/<(?:script|link)\b[^>]*?(?:src|href)="([^"]+\.(?:js|css))"/g)].map((m) => m[1]),
    );
    expect(named.size).toBeGreaterThan(1);
    // No move: the page's code comes once the page has painted, and the stepper works.
    await expect(walkthrough.next).toBeEnabled();
    expect([...fetched].some((path) => /^\.\/assets\/main-[\w-]+\.js$/.test(path) && !named.has(path))).toBe(true);
    await expect(page.locator('.noscript-note')).toBeHidden();
    // The rest of the walkthrough came with it: its toolbar, with real Postgres under it.
    await expect(page.getByRole('button', { name: 'Run on real Postgres' })).toBeEnabled();
    await walkthrough.next.click();
    await expect(walkthrough.indicator).toHaveText('Step 2 of 23');
    await page.waitForLoadState('networkidle');
    // Real Postgres's engine (PGlite) runs in its worker and is fetched only once asked for.
    expect(withPglite).toEqual([]);
  });

  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1920, height: 1080 },
  ]) {
    test(`at ${viewport.width}×${viewport.height} the page comes alive with no move, and a tap or click steps`, async ({
      browser,
    }) => {
      // Phones and big screens get the same markup as laptops, laid out by the stylesheet: their code, too, starts
      // once the page has painted.
      const context = await browser.newContext({ viewport, hasTouch: viewport.width < 720 });
      const page = await context.newPage();
      await page.goto(new URL('./', test.info().project.use.baseURL).toString());
      const root = page.locator('#walkthrough');
      const next = root.getByRole('button', { name: 'Next', exact: true });
      await expect(next).toBeEnabled();
      if (viewport.width < 720) await next.tap();
      else await next.click();
      await expect(root.getByText(/^Step \d+ of \d+$/)).toHaveText('Step 2 of 23');
      await context.close();
    });
  }

  test('a page that differs from the prerendered one starts at once, with no move: a linked step, saved progress', async ({
    page,
    walkthrough,
  }) => {
    await page.goto('./?step=20&fencing=off');
    await expect(walkthrough.indicator).toHaveText('Step 20 of 23');
    await expect(walkthrough.next).toBeEnabled();
    // Progress saved on an earlier visit (version 1, nothing answered yet): the bare address then starts at once too.
    await page.evaluate(() =>
      window.localStorage.setItem(
        'lockstep:progress',
        JSON.stringify({ version: 1, quiz: {}, interview: {}, predictions: {} }),
      ),
    );
    await page.goto('./');
    await expect(walkthrough.next).toBeEnabled();
    await expect(walkthrough.indicator).toHaveText('Step 1 of 23');
  });

  /** index.html's entry (assets/main-….js), told apart from the page's code it fetches, which is named alike. */
  async function entryOf(page: Page): Promise<string> {
    const html = await (await page.request.get('./')).text();
    const entry = /<script type="module"[^>]*src="\.\/(assets\/main-[\w-]+\.js)"/.exec(html)?.[1];
    expect(entry).toBeDefined();
    return entry ?? '';
  }

  test("while the page's code is on its way, the pointer over its loading controls shows progress", async ({
    page,
    walkthrough,
  }) => {
    const entry = await entryOf(page);
    // The page's code is held on its way until the test lets it go.
    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/main-[\w-]+\.js$/, async (route, request) => {
      if (!request.url().endsWith(`/${entry}`)) await released;
      await route.continue();
    });
    await page.goto('./');
    // The cursor over Next itself, which sits in a loading gate, and over the time slider, an input in another.
    const cursor = () => walkthrough.next.evaluate((button) => getComputedStyle(button).cursor);
    const slider = page.locator('#walkthrough').getByRole('slider', { name: 'Virtual time' });
    const sliderCursor = () => slider.evaluate((input) => getComputedStyle(input).cursor);
    expect(await cursor()).toBe('progress');
    expect(await sliderCursor()).toBe('progress');
    await expect(walkthrough.next).toBeDisabled();
    release();
    await expect(walkthrough.next).toBeEnabled();
    expect(await cursor()).toBe('pointer');
  });

  test('if the code cannot load, the page stays readable and says so at the foot of the screen', async ({
    page,
    walkthrough,
    consoleErrors,
  }) => {
    const entry = await entryOf(page);
    // The entry loads; the page's code it asks for once the page has painted does not.
    await page.route(/\/assets\/main-[\w-]+\.js$/, (route, request) =>
      request.url().endsWith(`/${entry}`) ? route.continue() : route.abort(),
    );
    await page.goto('./');
    // With no move: the code is asked for once the page has painted, and its failure is said at once.
    const note = page.locator('.start-failed-note');
    await expect(note).toBeInViewport();
    await expect(note).toContainText('did not load');
    await expect(note).toContainText('the walkthrough cannot be stepped through');
    await expect(page.locator('.noscript-note')).toBeHidden();
    await expect(walkthrough.indicator).toHaveText('Step 1 of 23');
    await expect(walkthrough.next).toBeDisabled();
    expect(consoleErrors.some((error) => error.startsWith('Lockstep could not load its code'))).toBe(true);
    // Those errors are this test's point, not a fault of the page.
    consoleErrors.length = 0;
  });

  test("if the page's entry itself is gone (a newer build replaced it), the note says so and its button reloads", async ({
    page,
    walkthrough,
    consoleErrors,
  }) => {
    const entry = await entryOf(page);
    let gone = true;
    await page.route(/\/assets\/main-[\w-]+\.js$/, (route, request) =>
      gone && request.url().endsWith(`/${entry}`)
        ? route.fulfill({ status: 404, body: 'not found' })
        : route.continue(),
    );
    const note = page.locator('.start-failed-note');
    // Under an address for another page, the lesson the note speaks of shows after all, not a blank page.
    await page.goto('./?lab');
    await expect(note).toBeInViewport();
    await expect(walkthrough.indicator).toBeVisible();
    await page.goto('./?step=4');
    await expect(note).toBeInViewport();
    await expect(note).toContainText('may have been updated');
    gone = false;
    await note.getByRole('button', { name: 'Reload' }).click();
    await expect(walkthrough.indicator).toHaveText('Step 4 of 23');
    await expect(note).toBeHidden();
    await expect(walkthrough.next).toBeEnabled();
    // The 404 is this test's point, not a fault of the page.
    consoleErrors.length = 0;
  });

  test('a reload keeps the reading position with no move: the page that puts it back starts at once', async ({
    page,
    walkthrough,
  }) => {
    await page.goto('./');
    await page.mouse.move(400, 300);
    await expect(walkthrough.next).toBeEnabled();
    await page.evaluate(() => window.scrollTo(0, 3000));
    await expect
      .poll(() => page.evaluate(() => window.sessionStorage.getItem('lockstep:reading-position')))
      .toBe('3000');
    await page.reload();
    await expect(walkthrough.next).toBeEnabled();
    // Back where it was: a few pixels more if the page's code redrew a part above it (the browser's scroll anchoring
    // keeps the same words in view), never the top.
    await expect.poll(() => page.evaluate(() => Math.round(window.scrollY))).toBeGreaterThanOrEqual(3000);
    expect(await page.evaluate(() => window.scrollY)).toBeLessThan(3050);
  });

  test('printed before the code runs, the page says how to get the frames; Ctrl+P then waits for them', async ({
    page,
  }) => {
    // Each frame is an item of the list (the first frame's strip key is a list of its own inside it).
    const frames = page.getByRole('list', { name: 'The walkthrough, frame by frame' }).locator(':scope > li');
    const line = page.getByText(/^Printed before the page had started, this copy has only the walkthrough's first/);
    // The page's code is held on its way, as on a slow connection, until Ctrl+P below.
    const entry = await entryOf(page);
    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/main-[\w-]+\.js$/, async (route, request) => {
      if (!request.url().endsWith(`/${entry}`)) await released;
      await route.continue();
    });
    await page.goto('./');
    // The browser's own print, from its menu, before the code has run: the print says what to do.
    await page.emulateMedia({ media: 'print' });
    await expect(line).toBeVisible();
    await expect(frames).toHaveCount(0);
    // What the line promises: the first step, its caption and its diagram, stand on paper in the frames' place.
    const stage = page.locator('.stage');
    const caption = page.locator('.caption');
    await expect(caption).toContainText('The certificate for go.shop.example is about to expire');
    await expect(stage.getByRole('img').first()).toBeVisible();
    await expect(page.locator('.playback')).toBeHidden();
    await page.emulateMedia({ media: 'screen' });
    await expect(line).toBeHidden();
    // Ctrl+P is held until the page has started, then prints: what the print sees has every frame.
    await page.evaluate(() => {
      (window as unknown as { printed: number[] }).printed = [];
      window.print = () => {
        window.dispatchEvent(new Event('beforeprint'));
        (window as unknown as { printed: number[] }).printed.push(
          document.querySelectorAll('[aria-label="The walkthrough, frame by frame"] > li').length,
        );
        window.dispatchEvent(new Event('afterprint'));
      };
    });
    await page.keyboard.press('Control+P');
    release();
    await expect.poll(() => page.evaluate(() => (window as unknown as { printed: number[] }).printed)).toEqual([23]);
    // Once the frames are there, they stand in for the live stage on paper.
    await page.emulateMedia({ media: 'print' });
    await expect(frames).toHaveCount(23);
    await expect(stage).toBeHidden();
    await expect(caption).toBeHidden();
  });
});

test.describe('other pages', () => {
  for (const address of ['./?lab', './?present&step=5']) {
    test(`${address} never draws the prerendered lesson`, async ({ page }) => {
      await expectNeverDrawn(page, address);
    });
  }

  test('the check fails when nothing marks the route: the lesson would show under ?lab', async ({ page }) => {
    // public/route-mark.js answered empty, and the app held back: the frames show what the mark prevents.
    await page.route(/\/route-mark(-[\w-]+)?\.js$/, (route) =>
      route.fulfill({ contentType: 'text/javascript', body: '' }),
    );
    await page.route('**/assets/main-*.js', (route) => route.fulfill({ contentType: 'text/javascript', body: '' }));
    await watchPrerenderedLesson(page);
    await page.goto('./?lab');
    await page.waitForFunction(() => (window as unknown as { prerenderedSeen: boolean[] }).prerenderedSeen.length > 5);
    const seen = await page.evaluate(() => (window as unknown as { prerenderedSeen: boolean[] }).prerenderedSeen);
    expect(seen.some(Boolean)).toBe(true);
  });
});

test.describe('embed.html', () => {
  test('without JavaScript, the compact player shows step 1 and says the widget has not started', async ({
    browser,
  }) => {
    const context = await browser.newContext({ viewport: { width: 390, height: 640 }, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(new URL('./embed.html', test.info().project.use.baseURL).toString());
    const player = page.locator('#walkthrough');
    await expect(player.getByText('Step 1 of 23', { exact: true })).toBeVisible();
    await expect(player.getByRole('img', { name: /^Sequence diagram.*step 1 of 23/i })).toBeVisible();
    await expect(player.getByText(/about to expire/)).toBeVisible();
    await expect(page.getByText(/This Lockstep widget has not started/)).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await context.close();
  });

  test('the compact player hydrates what was prerendered, adopting its nodes, and a linked step applies after', async ({
    page,
  }) => {
    await page.addInitScript(() => {
      document.addEventListener('readystatechange', () => {
        if (document.readyState !== 'interactive') return;
        (window as unknown as { prerendered: Element | null }).prerendered =
          document.querySelector('#walkthrough .step-indicator');
      });
    });
    await page.goto('./embed.html?widget=walkthrough&step=5');
    const player = page.locator('#walkthrough');
    await expect(player.locator('.step-indicator')).toHaveText('Step 5 of 23');
    await expect(page.getByText(/This Lockstep widget has not started/)).toBeHidden();
    await player.getByRole('button', { name: 'Next', exact: true }).click();
    await expect(player.locator('.step-indicator')).toHaveText('Step 6 of 23');
    expect(
      await page.evaluate(() => (window as unknown as { prerendered: Element | null }).prerendered?.isConnected),
    ).toBe(true);
  });

  for (const address of ['./embed.html?widget=quiz', './embed.html?widget=lab', './embed.html?layout=full']) {
    test(`${address} never draws the prerendered player`, async ({ page }) => {
      await expectNeverDrawn(page, address);
    });
  }
});
