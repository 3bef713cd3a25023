import { readFileSync } from 'node:fs';
import type { FrameLocator, Page } from '@playwright/test';
import { unzipSync, strFromU8 } from 'fflate';
import { controlDocuments } from '../scripts/scorm/manifests.mjs';
import { validateManifest } from '../scripts/scorm/validate-manifest.mjs';
import { expect, test } from './fixtures';
import { QuizQuestion } from './pages/quiz-question';

/*
 * The SCORM packages (npm run package) in a real SCORM runtime: scorm-again plays the LMS in e2e/fixtures/lms,
 * serving each package from inside its zip. scorm-again does not read the manifest, so the test LMS seeds the
 * mastery score as an LMS would from it, and the manifest is checked on its own.
 */

const HOST = `http://127.0.0.1:${process.env.E2E_HOST_PORT ?? 4174}`;
type Option = { id: string; text: string };
type Question =
  | { id: string; kind: 'single'; prompt: string; answer: string; options: Option[] }
  | { id: string; kind: 'multiple'; prompt: string; answers: string[]; options: Option[] }
  | { id: string; kind: 'order'; prompt: string };
const QUIZ: Question[] = JSON.parse(readFileSync('content/practice/quiz.json', 'utf8')).questions;
const plain = (text: string) => text.replace(/`/g, '');
const escaped = (text: string) =>
  plain(text)
    .slice(0, 40)
    .replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const startsWith = (text: string) => new RegExp(`^${escaped(text)}`);
/** A question's form is named by "Question N. " and its prompt. */
const questionNamed = (prompt: string) => new RegExp(`^Question \\d+\\. ${escaped(prompt)}`);

type Logged = { kind: string; element: string | null; value: string | null };
const lmsLog = (page: Page) => page.evaluate(() => (window as unknown as { lmsLog: Logged[] }).lmsLog);
const last = (page: Page, element: string) =>
  page.evaluate((name) => (window as unknown as { lastValue: (e: string) => string | null }).lastValue(name), element);
const launch = (page: Page, init: { learnerId: string; mastery: number; suspendData?: string }) =>
  page.evaluate((settings) => (window as unknown as { launch: (s: unknown) => void }).launch(settings), init);

/** Answers every question: right where `right` says so (order questions are checked as given, so wrong). */
async function answerQuiz(sco: FrameLocator, right: (question: Question) => boolean) {
  for (const question of QUIZ) {
    const asked = new QuizQuestion(sco, questionNamed(question.prompt));
    if (question.kind === 'single') {
      const pick = right(question)
        ? question.options.find((option) => option.id === question.answer)!
        : question.options.find((option) => option.id !== question.answer)!;
      await asked.pick(startsWith(pick.text));
    } else if (question.kind === 'multiple') {
      const picks = right(question)
        ? question.answers
        : [question.options.find((o) => !question.answers.includes(o.id))!.id];
      for (const id of picks) await asked.pick(startsWith(question.options.find((o) => o.id === id)!.text), 'checkbox');
    }
    await asked.check();
    await expect(asked.verdict).toBeVisible();
  }
}

const graded = QUIZ.filter((question) => question.kind !== 'order').length;

for (const version of ['12', '2004'] as const) {
  const element = (v12: string, v2004: string) => (version === '12' ? v12 : v2004);

  test(`SCORM ${version === '12' ? '1.2' : '2004'}: progress, score and status reach the LMS, and a relaunch resumes`, async ({
    page,
  }) => {
    test.slow();
    await page.goto(`${HOST}/lms/?version=${version}`);
    await launch(page, { learnerId: 'learner-7', mastery: 80 });
    const sco = page.frameLocator('#sco');
    const indicator = sco.locator('#walkthrough').getByText(/^Step \d+ of 23$/);
    await expect(indicator).toHaveText('Step 1 of 23');
    // Not complete until the walkthrough has been stepped to its end and the quiz answered.
    await expect.poll(() => last(page, element('cmi.core.lesson_status', 'cmi.completion_status'))).toBe('incomplete');

    const scoPage = () => page.frame({ url: /packages/ })!;
    const historyBefore = await scoPage().evaluate(() => history.length);
    await sco.locator('#walkthrough').getByRole('button', { name: 'Next', exact: true }).click();
    await page.keyboard.press('End');
    await expect(indicator).toHaveText('Step 23 of 23');
    expect(await last(page, element('cmi.core.lesson_status', 'cmi.completion_status'))).toBe('incomplete');
    // The page inside the LMS adds no history entries and keeps its launch address.
    expect(await scoPage().evaluate(() => [history.length, location.search])).toEqual([historyBefore, '']);

    // 1.2 passes (every graded answer right: 15 of 16, 94 %); 2004 fails (only the first four right: 25 %).
    const rightOnes = version === '12' ? QUIZ.filter((q) => q.kind !== 'order') : QUIZ.slice(0, 4);
    await answerQuiz(sco, (question) => rightOnes.includes(question));
    const right = version === '12' ? graded : 4;
    const raw = String(Math.round((100 * right) / QUIZ.length));
    await expect.poll(() => last(page, element('cmi.core.score.raw', 'cmi.score.raw'))).toBe(raw);
    expect(await last(page, element('cmi.core.score.min', 'cmi.score.min'))).toBe('0');
    expect(await last(page, element('cmi.core.score.max', 'cmi.score.max'))).toBe('100');
    if (version === '12') {
      expect(await last(page, 'cmi.core.lesson_status')).toBe('passed');
    } else {
      expect(await last(page, 'cmi.completion_status')).toBe('completed');
      expect(await last(page, 'cmi.success_status')).toBe('failed');
      expect(await last(page, 'cmi.score.scaled')).toBe(String(right / QUIZ.length));
    }
    const suspendData = (await last(page, 'cmi.suspend_data'))!;
    // Every question answered still fits SCORM 1.2's 4,096 characters.
    expect(suspendData.length).toBeGreaterThan(100);
    expect(suspendData.length).toBeLessThanOrEqual(4096);
    // Each change is committed as it happens.
    const log = await lmsLog(page);
    expect(log.filter((entry) => entry.kind === 'commit').length).toBeGreaterThan(QUIZ.length);

    // Relaunch on another computer (nothing in this browser): the LMS hands back its suspend_data, and the learner
    // finds the lesson as they left it.
    await scoPage().evaluate(() => localStorage.clear());
    await launch(page, { learnerId: 'learner-7', mastery: 80, suspendData });
    await expect(indicator).toHaveText('Step 23 of 23');
    // The first page ended its session as it went (pagehide): its length, a commit and a finish.
    // The host records the old frame's pagehide when it gets to it: on a busy machine, after the new frame loads.
    await expect
      .poll(async () => (await lmsLog(page)).slice(log.length).map((entry) => entry.kind))
      .toContain('finish');
    const sinceRelaunch = (await lmsLog(page)).slice(log.length);
    expect(sinceRelaunch.some((entry) => entry.element === element('cmi.core.session_time', 'cmi.session_time'))).toBe(
      true,
    );
    const snip = new QuizQuestion(sco, /Snip uses a Redis lock/);
    // The launch page is prerendered: the quiz hydrates, with the answers given, as the learner scrolls to it.
    await snip.form.scrollIntoViewIfNeeded();
    await expect(snip.verdict).toBeVisible();
    await expect.poll(() => last(page, element('cmi.core.score.raw', 'cmi.score.raw'))).toBe(raw);
  });
}

test('each package holds a valid manifest and its control documents at its root, and its SCO launches a file in the zip', async ({
  page,
}) => {
  for (const [name, checks] of [
    ['scorm12', { namespace: 'http://www.imsproject.org/xsd/imscp_rootv1p1p2', version: '1.2', mastery: '80' }],
    [
      'scorm2004',
      { namespace: 'http://www.imsglobal.org/xsd/imscp_v1p1', version: '2004 4th Edition', mastery: '0.80' },
    ],
  ] as const) {
    const files = unzipSync(new Uint8Array(readFileSync(`packages/lockstep-${name}.zip`)));
    expect(Object.keys(files)).toContain('imsmanifest.xml');
    expect(Object.keys(files).some((path) => /pglite|postgres\.worker/.test(path))).toBe(false);
    const xml = strFromU8(files['imsmanifest.xml']!);
    const read = await page.evaluate((text) => {
      const doc = new DOMParser().parseFromString(text, 'application/xml');
      if (doc.getElementsByTagName('parsererror').length > 0) return null;
      const sco = [...doc.getElementsByTagName('resource')].find(
        (resource) => (resource.getAttribute('adlcp:scormtype') ?? resource.getAttribute('adlcp:scormType')) === 'sco',
      );
      return {
        namespace: doc.documentElement.namespaceURI,
        version: doc.getElementsByTagName('schemaversion')[0]?.textContent,
        href: sco?.getAttribute('href'),
        files: [...(sco?.getElementsByTagName('file') ?? [])].map((file) => file.getAttribute('href')),
        mastery: (
          doc.getElementsByTagName('adlcp:masteryscore')[0] ?? doc.getElementsByTagName('imsss:minNormalizedMeasure')[0]
        )?.textContent,
        satisfiedByMeasure: doc.getElementsByTagName('imsss:primaryObjective')[0]?.getAttribute('satisfiedByMeasure'),
      };
    }, xml);
    expect(read, `${name}: imsmanifest.xml is well-formed`).not.toBeNull();
    expect(read).toMatchObject({
      namespace: checks.namespace,
      version: checks.version,
      href: 'index.html',
      mastery: checks.mastery,
    });
    if (name === 'scorm2004') expect(read!.satisfiedByMeasure).toBe('true');
    // Valid against the official schemas, which the zip carries at its root, byte for byte as published.
    expect(await validateManifest(name, xml)).toEqual({ valid: true, errors: [] });
    for (const [file, bytes] of Object.entries(controlDocuments(name)))
      expect(Buffer.from(files[file] ?? []).equals(bytes), `${name} carries ${file} unchanged`).toBe(true);
    expect(Object.keys(files)).toContain(read!.href);
    for (const file of read!.files) expect(Object.keys(files), `${name} lists ${file}`).toContain(file);
    // The launch page is prerendered from the package's own build: readable before its script runs, and its
    // real-Postgres part links to the hosted site instead of a button for an engine the package does not hold.
    const launch = strFromU8(files['index.html']!);
    expect(launch).toContain('<div id="root" data-prerendered>');
    expect(launch).toContain('Step 1 of 23');
    expect(launch).toContain('https://lockstep.example/');
    expect(launch).not.toContain('Run on real Postgres</button>');
    // So does the fence exercise, which needs that engine: it links to itself on the site, and reports nothing.
    expect(launch).toContain('href="https://lockstep.example/#write-the-fence"');
    expect(launch).not.toContain('Check it on real Postgres');
  }
});
