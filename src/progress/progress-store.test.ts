import { describe, expect, it } from 'vitest';
import { memoryStorage } from '@/testing/render-walkthrough';
import { createProgressActions, createProgressStore } from './progress-store';
import { SET_ASIDE_PREFIX, loadProgress, setAsideKeys } from './progress';
import { STORAGE_KEY } from './storage-key';

const answer = (option: string, checked = true) => ({ response: [option], checked });
const storageEvent = (
  storageArea: Storage,
  newValue: string | null,
  key = STORAGE_KEY,
  oldValue: string | null = null,
) => Object.assign(new Event('storage'), { key, newValue, oldValue, storageArea });

describe('the progress store, action by action', () => {
  it('keeps a response unchecked until it is checked, each saved as given', () => {
    const storage = memoryStorage();
    const store = createProgressStore(storage, null);
    const actions = createProgressActions(store);
    const response = ['b', 'a'];
    actions.respond('q1', response);
    response.push('c');
    expect(store.getState().quiz).toEqual({ q1: { response: ['b', 'a'], checked: false } });
    actions.check('q1', ['a', 'b']);
    expect(loadProgress(storage).progress.quiz).toEqual({ q1: { response: ['a', 'b'], checked: true } });
  });

  it('retries only the question asked, and saves that it is gone', () => {
    const storage = memoryStorage();
    const actions = createProgressActions(createProgressStore(storage, null));
    actions.check('q1', ['a']);
    actions.check('q2', ['b']);
    actions.retry('q2');
    expect(loadProgress(storage).progress.quiz).toEqual({ q1: answer('a') });
    actions.resetQuiz();
    expect(loadProgress(storage).progress.quiz).toEqual({});
  });

  it('keeps a draft when the model answer is revealed, and each interview question apart', () => {
    const store = createProgressStore(memoryStorage(), null);
    const actions = createProgressActions(store);
    actions.revealModelAnswer('i2');
    actions.writeDraft('i1', 'First thoughts.');
    actions.toggleRubricItem('i1', 'fencing');
    actions.revealModelAnswer('i1');
    actions.writeDraft('i1', 'Fence the write.');
    expect(store.getState().interview).toEqual({
      i1: { draft: 'Fence the write.', revealed: true, ticked: ['fencing'] },
      i2: { draft: '', revealed: true, ticked: [] },
    });
  });

  it('records one prediction per walkthrough setting', () => {
    const store = createProgressStore(memoryStorage(), null);
    const actions = createProgressActions(store);
    actions.predict('stale-certificate:on', 'rejected');
    actions.predict('stale-certificate:off', 'accepted');
    actions.predict('stale-certificate:on', 'accepted');
    expect(store.getState().predictions).toEqual({
      'stale-certificate:on': 'accepted',
      'stale-certificate:off': 'accepted',
    });
    // Every answer was saved, so there is nothing to tell the learner.
    expect(store.getState().notices).toEqual([]);
  });
});

describe('the progress store and the browser', () => {
  it('without storage, says so once on loading and not again when an answer is given', () => {
    const store = createProgressStore(null, null);
    createProgressActions(store).check('q1', ['a']);
    expect(store.getState().notices).toEqual([
      'This browser does not let the page store anything, so your answers will last until you leave.',
    ]);
    expect(store.getState().quiz).toEqual({ q1: answer('a') });
  });

  it('listens to the window for other pages’ answers by default', () => {
    const storage = memoryStorage();
    const store = createProgressStore(storage);
    const raw = JSON.stringify({ version: 1, quiz: { q9: answer('c') }, interview: {}, predictions: {} });
    storage.setItem(STORAGE_KEY, raw);
    window.dispatchEvent(storageEvent(storage, raw));
    expect(store.getState().quiz).toEqual({ q9: answer('c') });
  });

  it('ignores a change to another storage area or another key, and a removed entry', () => {
    const storage = memoryStorage();
    const events = new EventTarget();
    const store = createProgressStore(storage, events as unknown as Window);
    const raw = JSON.stringify({ version: 1, quiz: { q9: answer('c') } });
    events.dispatchEvent(storageEvent(memoryStorage(), raw));
    events.dispatchEvent(storageEvent(storage, raw, 'lockstep:progress:set-aside:2026-12-01T00:00:00.000Z'));
    events.dispatchEvent(storageEvent(storage, null));
    expect(store.getState().quiz).toEqual({});
  });

  it('saves this page’s next answer after taking in another page’s', () => {
    const storage = memoryStorage();
    const events = new EventTarget();
    const store = createProgressStore(storage, events as unknown as Window);
    const raw = JSON.stringify({ version: 1, quiz: { q9: answer('c') }, interview: {}, predictions: {} });
    storage.setItem(STORAGE_KEY, raw);
    events.dispatchEvent(storageEvent(storage, raw));
    createProgressActions(store).check('q1', ['a']);
    expect(loadProgress(storage).progress.quiz).toEqual({ q9: answer('c'), q1: answer('a') });
  });
});

/** Two tabs on one browser storage: the other tab writes, and this one hears of it through a storage event. */
describe('the progress store beside another tab', () => {
  const copies = (storage: Storage) => setAsideKeys(storage).map((key) => storage.getItem(key));

  it('sets aside, with a notice, a newer version another tab stored, before writing over it', () => {
    const storage = memoryStorage();
    const events = new EventTarget();
    const store = createProgressStore(storage, events as unknown as Window);
    const newer = JSON.stringify({ version: 2, quiz: {}, interview: { x: { draft: 'two pages…' } } });
    storage.setItem(STORAGE_KEY, newer);
    events.dispatchEvent(storageEvent(storage, newer));
    createProgressActions(store).check('q3', ['a']);
    expect(store.getState().notices).toEqual([
      expect.stringMatching(/^Your saved progress has version 2, which this page does not know\. A copy was set aside/),
    ]);
    expect(copies(storage)).toEqual([newer]);
    expect(loadProgress(storage).progress.quiz).toEqual({ q3: answer('a') });
  });

  it('keeps another tab’s unreadable entry in a copy, with a notice, and its readable ones in place', () => {
    const storage = memoryStorage();
    const store = createProgressStore(storage, null);
    const theirs = JSON.stringify({
      version: 1,
      quiz: { q1: answer('b') },
      interview: { x: { draft: 'two pages…', revealed: 'yes', ticked: [] } },
    });
    storage.setItem(STORAGE_KEY, theirs);
    createProgressActions(store).check('q3', ['a']);
    expect(store.getState().notices).toEqual([
      expect.stringMatching(/^1 saved answer could not be read\. A copy was set aside.*Everything else was kept\.$/),
    ]);
    expect(copies(storage)).toEqual([theirs]);
    expect(loadProgress(storage).progress.quiz).toEqual({ q1: answer('b'), q3: answer('a') });
  });

  it('tells of unreadable progress found on loading once, not again with every answer', () => {
    const storage = memoryStorage({ [STORAGE_KEY]: 'garbage' });
    const store = createProgressStore(storage, null);
    const actions = createProgressActions(store);
    actions.check('q1', ['a']);
    actions.dismissNotices();
    actions.check('q2', ['b']);
    expect(store.getState().notices).toEqual([]);
    expect(setAsideKeys(storage).map((key) => key.startsWith(SET_ASIDE_PREFIX))).toEqual([true]);
  });

  it('keeps an answer it could not save when another tab’s smaller write succeeds, and saves it later', () => {
    const storage = memoryStorage();
    let full = false;
    const setItem = storage.setItem.bind(storage);
    storage.setItem = (key, value) => {
      if (full) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      setItem(key, value);
    };
    const events = new EventTarget();
    const mine = createProgressStore(storage, events as unknown as Window);
    const theirs = createProgressActions(createProgressStore(storage, null));
    theirs.check('q1', ['b']);
    events.dispatchEvent(storageEvent(storage, storage.getItem(STORAGE_KEY)));
    full = true;
    createProgressActions(mine).check('q3', ['a']);
    expect(mine.getState().notices).toEqual([expect.stringMatching(/^Your answers are not being saved/)]);
    full = false;
    theirs.retry('q1');
    events.dispatchEvent(storageEvent(storage, storage.getItem(STORAGE_KEY)));
    expect(mine.getState().quiz).toEqual({ q3: answer('a') });
    createProgressActions(mine).check('q4', ['c']);
    expect(loadProgress(storage).progress.quiz).toEqual({ q3: answer('a'), q4: answer('c') });
  });
});

/*
 * Two tabs that save within a few milliseconds (red-team review, third pass): a browser syncs localStorage between
 * tabs asynchronously, so the second tab can write over the first one's answer from a copy that had not seen it.
 * Played here step by step: tab A writes, tab B writes from the older copy, and each then hears of the other.
 */
describe('two tabs saving at once', () => {
  const stored = (quiz: Record<string, ReturnType<typeof answer>>) =>
    JSON.stringify({ version: 1, quiz, interview: {}, predictions: {} });

  it('lose no answer: a write over one the writer had not seen is made again, and both tabs show both', () => {
    const storage = memoryStorage();
    const [eventsA, eventsB] = [new EventTarget(), new EventTarget()];
    const tabA = createProgressStore(storage, eventsA as unknown as Window);
    const tabB = createProgressStore(storage, eventsB as unknown as Window);
    const before = storage.getItem(STORAGE_KEY);
    createProgressActions(tabA).check('q1', ['a']);
    const written = storage.getItem(STORAGE_KEY);
    // Tab B's copy of the storage has not seen tab A's write yet: it stores q2 over the storage it knew.
    const stale = stored({ q2: answer('b') });
    storage.setItem(STORAGE_KEY, stale);
    // Each tab now hears of the other's write, in either order.
    eventsB.dispatchEvent(storageEvent(storage, written, STORAGE_KEY, before));
    eventsA.dispatchEvent(storageEvent(storage, stale, STORAGE_KEY, before));
    expect(loadProgress(storage).progress.quiz).toEqual({ q1: answer('a'), q2: answer('b') });
    expect(tabA.getState().quiz).toEqual({ q1: answer('a'), q2: answer('b') });
    // Tab A's second write reaches tab B as one more event.
    eventsB.dispatchEvent(storageEvent(storage, storage.getItem(STORAGE_KEY), STORAGE_KEY, stale));
    expect(tabB.getState().quiz).toEqual({ q1: answer('a'), q2: answer('b') });
  });

  it('let go of an answer another tab changed after it had seen it: a retry there is not undone here', () => {
    const storage = memoryStorage();
    const events = new EventTarget();
    const tabA = createProgressStore(storage, events as unknown as Window);
    createProgressActions(tabA).check('q1', ['a']);
    const seen = storage.getItem(STORAGE_KEY);
    const retried = stored({});
    storage.setItem(STORAGE_KEY, retried);
    events.dispatchEvent(storageEvent(storage, retried, STORAGE_KEY, seen));
    expect(tabA.getState().quiz).toEqual({});
    expect(loadProgress(storage).progress.quiz).toEqual({});
  });

  it('read the storage as it is when the event comes, not the event’s older value', () => {
    const storage = memoryStorage();
    const events = new EventTarget();
    const tab = createProgressStore(storage, events as unknown as Window);
    storage.setItem(STORAGE_KEY, stored({ q3: answer('c') }));
    events.dispatchEvent(storageEvent(storage, stored({ q2: answer('b') })));
    expect(tab.getState().quiz).toEqual({ q3: answer('c') });
  });
});
