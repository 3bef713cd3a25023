import content from 'virtual:lockstep/content';
import practice from 'virtual:lockstep/practice';
import { Scorm12API, Scorm2004API } from 'scorm-again';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PageStores } from '@/app/page-stores';
import { createProgressActions, createProgressStore } from '@/progress/progress-store';
import { createWalkthroughActions } from '@/store/actions';
import { DEFAULT_SCENARIO_ID, selectStepCount } from '@/store/selectors';
import { createWalkthroughStore } from '@/store/walkthrough-store';
import { memoryStorage } from '@/testing/render-walkthrough';
import { startLms } from './connect-lms';
import { decodeSuspendData, encodeSuspendData, type SuspendState } from './suspend-data';

/**
 * The package's side of a course, against a real SCORM runtime (scorm-again) on this window, as an LMS puts it on
 * the frame's parent. The browser end to end is in e2e/scorm.spec.ts.
 */
/** The last value the package set for each element (some, like cmi.exit, the runtime will not read back). */
let setValues = new Map<string, string>();

/**
 * The package's window inside the LMS's frame, one per test: the session adds listeners to it for the page's life,
 * which would otherwise carry over from test to test.
 */
function courseWindow() {
  const events = new EventTarget();
  const course = document.implementation.createHTMLDocument('course');
  // Served from the site's origin, as the package is.
  course.head.innerHTML = `<base href="${window.location.href}">`;
  const frame = {
    document: course,
    location: { origin: window.location.origin },
    localStorage: memoryStorage() as Storage,
    open: vi.fn(),
    addEventListener: events.addEventListener.bind(events),
    dispatchEvent: events.dispatchEvent.bind(events),
  } as Record<string, unknown>;
  frame.parent = frame;
  return frame;
}
let globals = courseWindow();
const browser = () => globals as unknown as Window & { open: ReturnType<typeof vi.fn> };

function launch12({ suspendData = '', mastery = '' }: { suspendData?: string; mastery?: string } = {}) {
  const api = new Scorm12API({ autocommit: false, logLevel: 5 });
  api.loadFromJSON({
    core: { student_id: 'learner-7', student_name: 'Learner, Test', entry: suspendData ? 'resume' : 'ab-initio' },
    student_data: { mastery_score: mastery },
    suspend_data: suspendData,
  });
  api.on('LMSSetValue.cmi.*', (element: string, value: unknown) => void setValues.set(element, String(value)));
  globals.API = api;
  return api;
}

function launch2004({ suspendData = '', passing = '' }: { suspendData?: string; passing?: string } = {}) {
  const api = new Scorm2004API({ autocommit: false, logLevel: 5 });
  api.loadFromJSON({
    learner_id: 'learner-7',
    learner_name: 'Learner, Test',
    scaled_passing_score: passing,
    suspend_data: suspendData,
    entry: suspendData ? 'resume' : 'ab-initio',
  });
  api.on('SetValue.cmi.*', (element: string, value: unknown) => void setValues.set(element, String(value)));
  globals.API_1484_11 = api;
  return api;
}

/** What the page hands the session: its walkthrough and, once loaded, the learner's answers. */
function pageStores() {
  const walkthroughStore = createWalkthroughStore({ scenarioId: DEFAULT_SCENARIO_ID, cursor: 0, fencing: true });
  const walkthroughActions = createWalkthroughActions(walkthroughStore);
  const store = createProgressStore(memoryStorage(), null);
  const actions = createProgressActions(store);
  const stores = { walkthroughStore, walkthroughActions, progress: Promise.resolve({ store, actions }) };
  return { stores: stores as unknown as PageStores, walkthroughStore, walkthroughActions, store, actions };
}

/** Every graded question answered: right ones with the key's answer, the rest with another option. */
function answerQuiz(actions: ReturnType<typeof createProgressActions>, rightCount: number) {
  practice.quiz.forEach((question, index) => {
    const right = index < rightCount;
    if (question.kind === 'order') {
      actions.check(question.id, right ? question.items.map((item) => item.id) : [...question.startOrder]);
    } else {
      const key = question.kind === 'single' ? [question.answer] : [...question.answers];
      const wrong = question.options.find((option) => !key.includes(option.id))!.id;
      actions.check(question.id, right ? key : [wrong]);
    }
  });
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const blank: SuspendState = {
  walkthroughDone: false,
  place: { cursor: 0, fencing: true },
  quiz: {},
  predictions: {},
  interactions: 0,
};
const value = (element: string) => setValues.get(element) ?? '';
const saved = () => decodeSuspendData(value('cmi.suspend_data'));

describe('a course session', () => {
  beforeEach(() => {
    setValues = new Map();
    globals = courseWindow();
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.useRealTimers();
  });

  it('is not started outside an LMS', () => {
    expect(startLms(browser())).toBeNull();
  });

  it('SCORM 1.2: reports the attempt as incomplete and suspended as soon as the page connects', async () => {
    const api = launch12();
    const commit = vi.spyOn(api, 'LMSCommit');
    const page = pageStores();
    const session = startLms(browser())!;
    expect(session.lms.version).toBe('1.2');
    session.connect(page.stores);
    await settle();
    expect(value('cmi.core.lesson_status')).toBe('incomplete');
    expect(value('cmi.core.exit')).toBe('suspend');
    // No score until both parts are done: an LMS could turn it into a pass.
    expect(value('cmi.core.score.raw')).toBe('');
    expect(saved()).toEqual({
      walkthroughDone: false,
      place: { cursor: 0, fencing: true },
      quiz: {},
      predictions: {},
      interactions: 0,
    });
    expect(commit).toHaveBeenCalled();
  });

  it('SCORM 1.2: keeps the place as the learner steps, and the walkthrough done once its last step is reached', async () => {
    launch12();
    const page = pageStores();
    startLms(browser())!.connect(page.stores);
    await settle();
    const last = selectStepCount(page.walkthroughStore.getState()) - 1;
    page.walkthroughActions.goToPlace({ cursor: last - 1, fencing: false });
    expect(saved()).toMatchObject({ walkthroughDone: false, place: { cursor: last - 1, fencing: false } });
    page.walkthroughActions.next();
    const lastOff = selectStepCount(page.walkthroughStore.getState()) - 1;
    expect(saved()).toMatchObject({ walkthroughDone: true, place: { cursor: lastOff, fencing: false } });
    // Going back later does not undo it.
    page.walkthroughActions.goToFirst();
    expect(saved()).toMatchObject({ walkthroughDone: true, place: { cursor: 0 } });
  });

  it('SCORM 1.2: passes or fails a complete attempt on the mastery score, and ends the suspension', async () => {
    launch12({ mastery: '80' });
    const page = pageStores();
    startLms(browser())!.connect(page.stores);
    await settle();
    page.walkthroughActions.goToLast();
    const total = practice.quiz.length;
    const justEnough = Math.ceil(total * 0.8);
    answerQuiz(page.actions, justEnough - 1);
    expect(value('cmi.core.lesson_status')).toBe('failed');
    expect(value('cmi.core.score.raw')).toBe(String(Math.round(((justEnough - 1) / total) * 100)));
    expect(value('cmi.core.exit')).toBe('');
    // Another learner, one more right: passed.
    setValues = new Map();
    globals = courseWindow();
    launch12({ mastery: '80' });
    const other = pageStores();
    startLms(browser())!.connect(other.stores);
    await settle();
    other.walkthroughActions.goToLast();
    answerQuiz(other.actions, justEnough);
    expect(value('cmi.core.lesson_status')).toBe('passed');
  });

  it('counts the first checked answer to each question: a retry with the answer shown never raises the score', async () => {
    launch12({ mastery: '80' });
    const page = pageStores();
    startLms(browser())!.connect(page.stores);
    await settle();
    // A poor first pass: every question wrong.
    answerQuiz(page.actions, 0);
    expect(value('cmi.core.lesson_status')).toBe('failed');
    const poor = value('cmi.core.score.raw');
    // Each question tried again with the right answer, as the feedback showed it.
    for (const question of practice.quiz) page.actions.retry(question.id);
    answerQuiz(page.actions, practice.quiz.length);
    expect(value('cmi.core.lesson_status')).toBe('failed');
    expect(value('cmi.core.score.raw')).toBe(poor);
    const first = practice.quiz[0]!;
    if (first.kind !== 'single') throw new Error('the first question is a single choice');
    expect(saved()?.quiz[first.id]).not.toEqual([first.answer]);
  });

  it('under --score best, a retry raises a wrong answer to a right one, and nothing lowers it', async () => {
    launch12({ mastery: '80' });
    const page = pageStores();
    startLms(browser(), 'best')!.connect(page.stores);
    await settle();
    answerQuiz(page.actions, 0);
    expect(value('cmi.core.lesson_status')).toBe('failed');
    for (const question of practice.quiz) page.actions.retry(question.id);
    answerQuiz(page.actions, practice.quiz.length);
    expect(value('cmi.core.lesson_status')).toBe('passed');
    expect(value('cmi.core.score.raw')).toBe('100');
    for (const question of practice.quiz) page.actions.retry(question.id);
    answerQuiz(page.actions, 0);
    expect(value('cmi.core.score.raw')).toBe('100');
  });

  it('restores what the LMS saved over what this browser has: the place, the checked answers and predictions', async () => {
    const first = practice.quiz[0]!;
    const state: SuspendState = {
      walkthroughDone: true,
      place: { cursor: 12, fencing: false },
      quiz: { [first.id]: ['a'] },
      predictions: { 'stale-certificate:firstAttempt': 'granted' },
      interactions: 0,
    };
    launch12({ suspendData: encodeSuspendData(state) });
    const page = pageStores();
    // This browser has other answers and another place of its own.
    page.walkthroughActions.goToPlace({ cursor: 3, fencing: true });
    page.actions.check(first.id, ['b']);
    page.actions.predict('stale-certificate:firstAttempt', 'refused');
    startLms(browser())!.connect(page.stores);
    expect(page.walkthroughStore.getState()).toMatchObject({ cursor: 12, fencing: false });
    await settle();
    expect(page.store.getState().quiz[first.id]).toEqual({ response: ['a'], checked: true });
    expect(page.store.getState().predictions).toEqual(state.predictions);
    expect(saved()).toEqual(state);
  });

  it('ignores suspend data it cannot read, starts afresh and says so, once', async () => {
    launch12({ suspendData: '{"v":99}' });
    const page = pageStores();
    startLms(browser())!.connect(page.stores);
    await settle();
    expect(page.walkthroughStore.getState()).toMatchObject({ cursor: 0, fencing: true });
    expect(saved()).toMatchObject({ walkthroughDone: false, quiz: {} });
    expect(page.store.getState().notices).toEqual([content.notices.lms.savedUnreadable]);
  });

  it('keeps the step in cmi.location, and opens there when the suspend data cannot be read', async () => {
    const api = launch2004();
    const page = pageStores();
    startLms(browser())!.connect(page.stores);
    await settle();
    page.walkthroughActions.goToPlace({ cursor: 8, fencing: true });
    expect(value('cmi.location')).toBe('9');
    const location = api.GetValue('cmi.location');
    setValues = new Map();
    globals = courseWindow();
    const again = new Scorm2004API({ autocommit: false, logLevel: 5 });
    again.loadFromJSON({ location, suspend_data: 'damaged', entry: 'resume' });
    globals.API_1484_11 = again;
    const relaunched = pageStores();
    startLms(browser())!.connect(relaunched.stores);
    await settle();
    expect(relaunched.walkthroughStore.getState().cursor).toBe(8);
    expect(relaunched.store.getState().notices).toEqual([content.notices.lms.savedUnreadable]);
  });

  it('SCORM 1.2: keeps the step in cmi.core.lesson_location; a location past the end is ignored', async () => {
    launch12({ suspendData: '' });
    const page = pageStores();
    startLms(browser())!.connect(page.stores);
    await settle();
    page.walkthroughActions.next();
    expect(value('cmi.core.lesson_location')).toBe('2');
    setValues = new Map();
    globals = courseWindow();
    const again = new Scorm12API({ autocommit: false, logLevel: 5 });
    again.loadFromJSON({ core: { lesson_location: '999', entry: 'resume' } });
    globals.API = again;
    const relaunched = pageStores();
    startLms(browser())!.connect(relaunched.stores);
    await settle();
    expect(relaunched.walkthroughStore.getState().cursor).toBe(0);
  });

  it('says nothing of a first launch, whose suspend data is empty', async () => {
    launch12();
    const page = pageStores();
    startLms(browser())!.connect(page.stores);
    await settle();
    expect(page.store.getState().notices).toEqual([]);
  });

  describe('interactions', () => {
    const plainPrompt = (prompt: string) => prompt.replace(/`/g, '').replace(/\s+/g, ' ').trim();

    it('SCORM 2004: each checked answer is one interaction, a retry its own, type set before the responses', async () => {
      vi.useFakeTimers({ now: new Date('2026-12-06T21:05:03Z'), toFake: ['Date'] });
      const api = launch2004({ passing: '0.8' });
      const order: string[] = [];
      api.on('SetValue.cmi.interactions.*', (element: string) => void order.push(element));
      const page = pageStores();
      startLms(browser())!.connect(page.stores);
      await settle();
      answerQuiz(page.actions, 0);
      const first = practice.quiz[0]!;
      if (first.kind !== 'single') throw new Error('the first question is a single choice');
      page.actions.retry(first.id);
      page.actions.check(first.id, [first.answer]);
      const total = practice.quiz.length;
      expect(api.GetValue('cmi.interactions._count')).toBe(String(total + 1));
      const field = (index: number, name: string) => api.GetValue(`cmi.interactions.${index}.${name}`);
      expect(field(0, 'id')).toBe(first.id);
      expect(field(0, 'type')).toBe('choice');
      expect(field(0, 'description')).toBe(plainPrompt(first.prompt).slice(0, 250));
      expect(field(0, 'result')).toBe('incorrect');
      expect(field(0, 'correct_responses.0.pattern')).toBe(first.answer);
      expect(field(0, 'timestamp')).toBe('2026-12-06T21:05:03.0Z');
      // The retry: its own interaction, right, and the score still the first attempt's.
      expect(field(total, 'id')).toBe(first.id);
      expect(field(total, 'learner_response')).toBe(first.answer);
      expect(field(total, 'result')).toBe('correct');
      expect(value('cmi.success_status')).toBe('failed');
      const orderIndex = practice.quiz.findIndex((question) => question.kind === 'order');
      const orderQuestion = practice.quiz[orderIndex]!;
      if (orderQuestion.kind !== 'order') throw new Error('expected an order question');
      expect(field(orderIndex, 'type')).toBe('sequencing');
      expect(field(orderIndex, 'learner_response')).toBe(orderQuestion.startOrder.join('[,]'));
      expect(field(orderIndex, 'correct_responses.0.pattern')).toBe(
        orderQuestion.items.map((item) => item.id).join('[,]'),
      );
      const multiple = practice.quiz.findIndex((question) => question.kind === 'multiple');
      expect(field(multiple, 'correct_responses.0.pattern')).toMatch(/^[\w-]+(\[,\][\w-]+)+$/);
      // Type before responses in every interaction.
      for (let index = 0; index <= total; index++) {
        const typeAt = order.indexOf(`cmi.interactions.${index}.type`);
        expect(typeAt).toBeGreaterThan(order.indexOf(`cmi.interactions.${index}.id`));
        expect(typeAt).toBeLessThan(order.indexOf(`cmi.interactions.${index}.learner_response`));
      }
    });

    it('SCORM 1.2: in the formats the 1.2 specification gives, letters for options and items', async () => {
      vi.useFakeTimers({ now: new Date('2026-12-06T09:08:07Z'), toFake: ['Date'] });
      const api = launch12({ mastery: '80' });
      const page = pageStores();
      startLms(browser())!.connect(page.stores);
      await settle();
      answerQuiz(page.actions, 5);
      const total = practice.quiz.length;
      expect(api.LMSGetValue('cmi.interactions._count')).toBe(String(total));
      // 1.2's interactions are write-only: what was set is read from what the package sent.
      for (let index = 0; index < total; index++) {
        const question = practice.quiz[index]!;
        const sent = (name: string) => value(`cmi.interactions.${index}.${name}`);
        expect(sent('id')).toBe(question.id);
        expect(sent('type')).toBe(question.kind === 'order' ? 'sequencing' : 'choice');
        // RTE 3.4.2.7: single characters 0-9 or a-z, separated by commas.
        expect(sent('student_response')).toMatch(/^[0-9a-z](,[0-9a-z])*$/);
        expect(sent('correct_responses.0.pattern')).toMatch(/^[0-9a-z](,[0-9a-z])*$/);
        expect(sent('result')).toBe(index < 5 ? 'correct' : 'wrong');
        expect(sent('time')).toBe('09:08:07');
      }
      const orderIndex = practice.quiz.findIndex((question) => question.kind === 'order');
      const orderQuestion = practice.quiz[orderIndex]!;
      if (orderQuestion.kind !== 'order') throw new Error('expected an order question');
      expect(value(`cmi.interactions.${orderIndex}.correct_responses.0.pattern`)).toBe(
        orderQuestion.items.map((_, position) => String.fromCharCode(97 + position)).join(','),
      );
    });

    it('a relaunch appends after the interactions the LMS holds, and never writes one again', async () => {
      const api = launch2004();
      const page = pageStores();
      startLms(browser())!.connect(page.stores);
      await settle();
      answerQuiz(page.actions, 3);
      const kept = JSON.parse(JSON.stringify(api.cmi)) as { interactions: unknown; suspend_data: string };
      // The next launch: the LMS hands back what it kept.
      setValues = new Map();
      globals = courseWindow();
      const again = new Scorm2004API({ autocommit: false, logLevel: 5 });
      again.loadFromJSON({ interactions: kept.interactions, suspend_data: kept.suspend_data, entry: 'resume' });
      const written: string[] = [];
      again.on('SetValue.cmi.interactions.*', (element: string) => void written.push(element));
      again.on('SetValue.cmi.*', (element: string, value: unknown) => void setValues.set(element, String(value)));
      globals.API_1484_11 = again;
      const relaunched = pageStores();
      startLms(browser())!.connect(relaunched.stores);
      await settle();
      // The saved answers came back, and were not reported again.
      expect(written).toEqual([]);
      const last = practice.quiz.at(-1)!;
      relaunched.actions.retry(last.id);
      if (last.kind === 'order')
        relaunched.actions.check(
          last.id,
          last.items.map((item) => item.id),
        );
      else relaunched.actions.check(last.id, last.kind === 'single' ? [last.answer] : [...last.answers]);
      const total = practice.quiz.length;
      expect(again.GetValue('cmi.interactions._count')).toBe(String(total + 1));
      expect(written.every((element) => element.startsWith(`cmi.interactions.${total}.`))).toBe(true);
      expect(decodeSuspendData(value('cmi.suspend_data'))?.interactions).toBe(total + 1);
    });

    it('an LMS that cannot say how many it holds: the count kept in suspend data places the next one', async () => {
      const api = launch2004({ suspendData: encodeSuspendData({ ...blank, interactions: 0 }) });
      vi.spyOn(api, 'GetValue').mockImplementation((element: string) =>
        element === 'cmi.interactions._count' ? '' : Scorm2004API.prototype.GetValue.call(api, element),
      );
      const page = pageStores();
      startLms(browser())!.connect(page.stores);
      await settle();
      answerQuiz(page.actions, 1);
      expect(decodeSuspendData(value('cmi.suspend_data'))?.interactions).toBe(practice.quiz.length);
    });
  });

  describe('an LMS that fails', () => {
    /** A 1.2 LMS whose calls named in `failing` throw (or answer "false", with `refuse`). */
    function failingLms(failing: readonly string[], how: 'throw' | 'refuse') {
      const api = launch12({ mastery: '80' });
      for (const name of failing) {
        const method = name as 'LMSSetValue' | 'LMSCommit' | 'LMSGetValue' | 'LMSFinish';
        vi.spyOn(api, method).mockImplementation(() => {
          if (how === 'throw') throw new Error(`${name} failed`);
          return 'false';
        });
      }
      return api;
    }

    for (const how of ['throw', 'refuse'] as const) {
      it(`leaves the lesson working when every change ${how === 'throw' ? 'throws' : 'answers "false"'}, with one note`, async () => {
        failingLms(['LMSSetValue', 'LMSCommit', 'LMSFinish'], how);
        const page = pageStores();
        // Another listener, as React's: it must hear every step the learner takes.
        const heard: number[] = [];
        startLms(browser())!.connect(page.stores);
        page.walkthroughStore.subscribe((state) => heard.push(state.cursor));
        await settle();
        for (let step = 0; step < 5; step++) page.walkthroughActions.next();
        expect(page.walkthroughStore.getState().cursor).toBe(5);
        expect(heard).toEqual([1, 2, 3, 4, 5]);
        answerQuiz(page.actions, 3);
        expect(Object.values(page.store.getState().quiz).filter((answer) => answer.checked)).toHaveLength(
          practice.quiz.length,
        );
        browser().dispatchEvent(new Event('pagehide'));
        expect(page.store.getState().notices).toEqual([content.notices.lms.failing]);
      });
    }

    it('a throwing read leaves the page working, with its note', async () => {
      failingLms(['LMSGetValue'], 'throw');
      const page = pageStores();
      const session = startLms(browser())!;
      expect(session.lms.version).toBe('1.2');
      session.connect(page.stores);
      await settle();
      page.walkthroughActions.next();
      expect(page.walkthroughStore.getState().cursor).toBe(1);
      expect(page.store.getState().notices).toEqual([content.notices.lms.failing]);
    });

    it('an LMS whose initialize throws or refuses leaves the page as the plain site', () => {
      const api = launch12();
      const initialize = vi.spyOn(api, 'LMSInitialize').mockImplementation(() => {
        throw new Error('no');
      });
      expect(startLms(browser())).toBeNull();
      initialize.mockReturnValue('false');
      expect(startLms(browser())).toBeNull();
    });
  });

  it('SCORM 2004: completion and success apart, scaled against the passing score, exit normal when complete', async () => {
    launch2004({ passing: '0.5' });
    const page = pageStores();
    const session = startLms(browser())!;
    expect(session.lms.version).toBe('2004');
    session.connect(page.stores);
    await settle();
    expect(value('cmi.completion_status')).toBe('incomplete');
    expect(value('cmi.success_status')).toBe('unknown');
    expect(value('cmi.exit')).toBe('suspend');
    answerQuiz(page.actions, practice.quiz.length);
    // The quiz alone: graded, but not complete until the walkthrough is.
    expect(value('cmi.success_status')).toBe('passed');
    expect(value('cmi.score.scaled')).toBe('1');
    expect(value('cmi.completion_status')).toBe('incomplete');
    expect(value('cmi.exit')).toBe('suspend');
    page.walkthroughActions.goToLast();
    expect(value('cmi.completion_status')).toBe('completed');
    expect(value('cmi.exit')).toBe('normal');
  });

  it('ends the session once when the page goes, with its length, and reports nothing after', async () => {
    vi.useFakeTimers({ now: new Date('2026-12-04T10:00:00Z'), toFake: ['Date'] });
    const api = launch2004();
    const terminate = vi.spyOn(api, 'Terminate');
    const commit = vi.spyOn(api, 'Commit');
    const page = pageStores();
    startLms(browser())!.connect(page.stores);
    await settle();
    vi.setSystemTime(new Date('2026-12-04T10:02:05.5Z'));
    browser().dispatchEvent(new Event('pagehide'));
    browser().dispatchEvent(new Event('pagehide'));
    expect(terminate).toHaveBeenCalledTimes(1);
    expect(value('cmi.session_time')).toBe('PT125.5S');
    const before = value('cmi.suspend_data');
    const commits = commit.mock.calls.length;
    page.walkthroughActions.next();
    page.actions.predict('stale-certificate:firstAttempt', 'granted');
    expect(value('cmi.suspend_data')).toBe(before);
    expect(commit).toHaveBeenCalledTimes(commits);
  });

  it('opens links to the lab and to other sites in a new window, so the course page and its session stay', async () => {
    launch12();
    const { open } = browser();
    const page = pageStores();
    startLms(browser())!.connect(page.stores);
    const { body } = browser().document;
    // Each clicked on the words inside it, as a reader's click lands.
    body.innerHTML = `
      <a id="lab" href="?lab&service=redis"><span>the lab</span></a>
      <a id="step" href="?step=3"><span>a step</span></a>
      <a id="own" href="?lab" target="_self"><span>the lab, in a window of its own choosing</span></a>
      <a id="away" href="https://example.org/?lab"><span>elsewhere</span></a>
      <a id="source" href="https://redis.io/docs/latest/develop/clients/patterns/distributed-locks/"><span>a source</span></a>
      <a id="heading" href="#fencing"><span>a heading</span></a>
      <p id="prose"><span>no link</span></p>`;
    const click = (id: string) =>
      body.querySelector(`#${id} span`)!.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
    expect(click('lab')).toBe(false);
    expect(open).toHaveBeenCalledExactlyOnceWith(`${window.location.origin}/?lab&service=redis`, '_blank', 'noopener');
    expect(click('step')).toBe(true);
    expect(click('own')).toBe(true);
    expect(click('heading')).toBe(true);
    expect(click('prose')).toBe(true);
    expect(open).toHaveBeenCalledTimes(1);
    // A link to another site too: following it would end the session.
    expect(click('away')).toBe(false);
    expect(click('source')).toBe(false);
    expect(open).toHaveBeenLastCalledWith(
      'https://redis.io/docs/latest/develop/clients/patterns/distributed-locks/',
      '_blank',
      'noopener',
    );
    expect(open).toHaveBeenCalledTimes(3);
  });

  it('reports a change of place or answers, fencing alone or a prediction alone, and nothing else', async () => {
    const api = launch12();
    const commit = vi.spyOn(api, 'LMSCommit');
    const page = pageStores();
    startLms(browser())!.connect(page.stores);
    await settle();
    const commits = () => commit.mock.calls.length;
    let before = commits();
    page.walkthroughActions.setFencing(false);
    expect(commits()).toBe(before + 1);
    expect(saved()?.place).toEqual({ cursor: 0, fencing: false });
    before = commits();
    page.actions.predict('stale-certificate:firstAttempt', 'refused');
    expect(commits()).toBe(before + 1);
    expect(saved()?.predictions).toEqual({ 'stale-certificate:firstAttempt': 'refused' });
    // Opening the text version, or a notice the page shows: nothing the LMS keeps.
    before = commits();
    page.walkthroughActions.toggleTextVersion();
    page.store.setState({ notices: ['Saved answers could not be read.'] });
    expect(commits()).toBe(before);
  });

  it('files drafts under “anonymous” when the LMS gives no learner id', () => {
    const api = launch12();
    // A runtime that has nothing for any element, the learner's id included.
    vi.spyOn(api, 'LMSGetValue').mockReturnValue('');
    startLms(browser())!.storage!.setItem('lockstep:progress', 'draft');
    const { localStorage } = browser();
    expect(localStorage.key(0)).toBe('lockstep:learner:anonymous:lockstep:progress');
  });

  it('keeps interview drafts under this learner, or nowhere when the browser stores nothing', () => {
    launch12();
    const session = startLms(browser())!;
    session.storage!.setItem('lockstep:progress', 'draft');
    const { localStorage } = browser();
    expect(localStorage.getItem('lockstep:progress')).toBeNull();
    const keys = Array.from({ length: localStorage.length }, (_, index) => localStorage.key(index));
    expect(keys).toEqual([expect.stringContaining('learner-7')]);
    globals = courseWindow();
    launch12();
    Object.defineProperty(globals, 'localStorage', {
      get: () => {
        throw new DOMException('denied', 'SecurityError');
      },
    });
    expect(startLms(browser())!.storage).toBeNull();
  });
});
