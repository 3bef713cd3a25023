import { describe, expect, it } from 'vitest';
import { memoryStorage } from '@/testing/render-walkthrough';
import { createProgressActions, createProgressStore } from './progress-store';
import {
  SET_ASIDE_LIMIT,
  SET_ASIDE_PREFIX,
  applyChanges,
  changesBetween,
  loadProgress,
  saveProgress,
  setAsideKeys,
} from './progress';
import { STORAGE_KEY } from './storage-key';

/** Every copy set aside so far, oldest first. */
const asideOf = (storage: Storage) => setAsideKeys(storage).map((key) => storage.getItem(key));

const saved = (value: unknown) => memoryStorage({ [STORAGE_KEY]: JSON.stringify(value) });

describe('progress.loadProgress', () => {
  it('starts empty with nothing stored', () => {
    expect(loadProgress(memoryStorage())).toEqual({
      progress: { quiz: {}, interview: {}, predictions: {}, exercises: {} },
      notices: [],
    });
  });

  it('reads back what saveProgress wrote', () => {
    const storage = memoryStorage();
    const progress = {
      quiz: { q1: { response: ['b'], checked: true } },
      interview: { i1: { draft: 'Use fencing tokens.', revealed: true, ticked: ['fencing'] } },
      predictions: { 'stale-certificate:on': 'rejected' },
      exercises: { 'write-the-fence': { statement: 'UPDATE certificates SET cert = $2', verdict: 'failed' as const } },
    };
    expect(saveProgress(storage, progress)).toBe(true);
    expect(JSON.parse(storage.getItem(STORAGE_KEY)!)).toMatchObject({ version: 1 });
    expect(loadProgress(storage)).toEqual({ progress, notices: [] });
  });

  it('sets corrupt JSON aside with a notice instead of crashing', () => {
    const storage = memoryStorage({ [STORAGE_KEY]: '{"version":1,"quiz":' });
    const { progress, notices } = loadProgress(storage);
    expect(progress.quiz).toEqual({});
    expect(notices).toEqual([expect.stringContaining('could not be read (it is not valid JSON)')]);
    expect(asideOf(storage)).toEqual(['{"version":1,"quiz":']);
  });

  it('sets aside progress from an unknown version rather than misreading it', () => {
    const storage = saved({ version: 7, quiz: { q1: 'something new' } });
    const { notices } = loadProgress(storage);
    expect(notices).toEqual([expect.stringContaining('has version 7, which this page does not know')]);
    expect(asideOf(storage).map((copy) => JSON.parse(copy!))).toEqual([{ version: 7, quiz: { q1: 'something new' } }]);
  });

  it('keeps every entry it can read when some are broken, and sets aside exactly what it found', () => {
    const storage = saved({
      version: 1,
      quiz: { good: { response: ['a'], checked: false }, bad: { response: 'a' } },
      interview: { draft: { draft: 'My answer', revealed: false, ticked: [] } },
      predictions: { 'stale-certificate:on': 3 },
      exercises: {},
    });
    const found = storage.getItem(STORAGE_KEY);
    expect(found).toMatch(/"bad"/);
    const { progress, notices } = loadProgress(storage);
    expect(progress.quiz).toEqual({ good: { response: ['a'], checked: false } });
    expect(progress.interview.draft?.draft).toBe('My answer');
    expect(notices).toEqual([
      expect.stringMatching(/^2 saved answers could not be read\..*Everything else was kept\.$/),
    ]);
    expect(asideOf(storage)).toEqual([found]);
  });

  it('reads a stored `__proto__` entry as unreadable: set aside and reported, never the record’s prototype', () => {
    const raw =
      '{"version":1,"quiz":{"__proto__":{"response":["a"],"checked":true},"q1":{"response":["b"],"checked":true}}}';
    const storage = memoryStorage({ [STORAGE_KEY]: raw });
    const { progress, notices } = loadProgress(storage);
    expect(Object.getPrototypeOf(progress.quiz)).toBe(Object.prototype);
    expect(Object.keys(progress.quiz)).toEqual(['q1']);
    expect((progress.quiz as Record<string, unknown>).response).toBeUndefined();
    expect(notices).toEqual([expect.stringMatching(/^1 saved answer could not be read\./)]);
    expect(asideOf(storage)).toEqual([raw]);
  });

  it('keeps an earlier copy beside a new one, each under its own key, and names the new one', () => {
    const first = `${SET_ASIDE_PREFIX}2026-11-30T08:00:00.000Z`;
    const storage = memoryStorage({ [STORAGE_KEY]: 'garbage', [first]: 'the first copy' });
    const { notices } = loadProgress(storage, Date.parse('2026-12-01T09:30:00Z'));
    const second = `${SET_ASIDE_PREFIX}2026-12-01T09:30:00.000Z`;
    expect(setAsideKeys(storage)).toEqual([first, second]);
    expect(storage.getItem(first)).toBe('the first copy');
    expect(storage.getItem(second)).toBe('garbage');
    expect(notices).toEqual([expect.stringContaining(`under "${second}"`)]);
  });

  it('does not copy the same broken progress twice when the page is reloaded', () => {
    const storage = memoryStorage({ [STORAGE_KEY]: 'garbage' });
    const once = loadProgress(storage, Date.parse('2026-12-01T09:00:00Z')).notices;
    const again = loadProgress(storage, Date.parse('2026-12-01T09:05:00Z')).notices;
    expect(asideOf(storage)).toEqual(['garbage']);
    expect(again).toEqual(once);
  });

  it(`keeps at most ${SET_ASIDE_LIMIT} copies, dropping the oldest`, () => {
    const storage = memoryStorage();
    for (let day = 1; day <= SET_ASIDE_LIMIT + 1; day += 1) {
      storage.setItem(STORAGE_KEY, `garbage from day ${day}`);
      loadProgress(storage, Date.UTC(2026, 11, day));
    }
    expect(asideOf(storage)).toEqual(
      Array.from({ length: SET_ASIDE_LIMIT }, (_, index) => `garbage from day ${index + 2}`),
    );
  });

  it('works without storage and says answers will not be kept', () => {
    expect(loadProgress(null).notices).toEqual([expect.stringContaining('does not let the page store anything')]);
    const throwing = {
      ...memoryStorage(),
      getItem: () => {
        throw new Error('SecurityError');
      },
    } as Storage;
    expect(loadProgress(throwing).notices).toHaveLength(1);
  });
});

describe('progress store', () => {
  it('saves every answer as it is given', () => {
    const storage = memoryStorage();
    const actions = createProgressActions(createProgressStore(storage));
    actions.respond('q1', ['a']);
    actions.check('q1', ['b']);
    actions.writeDraft('i1', 'Fence the writes');
    actions.revealModelAnswer('i1');
    actions.toggleRubricItem('i1', 'fencing');
    const reloaded = loadProgress(storage).progress;
    expect(reloaded.quiz.q1).toEqual({ response: ['b'], checked: true });
    expect(reloaded.interview.i1).toEqual({ draft: 'Fence the writes', revealed: true, ticked: ['fencing'] });
  });

  it('retries one question and resets the whole quiz', () => {
    const store = createProgressStore(memoryStorage());
    const actions = createProgressActions(store);
    actions.respond('q1', ['a']);
    actions.respond('q2', ['b']);
    actions.retry('q1');
    expect(Object.keys(store.getState().quiz)).toEqual(['q2']);
    actions.resetQuiz();
    expect(store.getState().quiz).toEqual({});
  });

  it('does not overwrite unreadable progress until the learner changes something', () => {
    const storage = memoryStorage({ [STORAGE_KEY]: 'garbage' });
    createProgressStore(storage);
    expect(storage.getItem(STORAGE_KEY)).toBe('garbage');
  });
});

describe('progress: each saved entry is checked field by field', () => {
  const good = {
    quiz: { response: ['a'], checked: true },
    interview: { draft: 'd', revealed: false, ticked: ['x'] },
  };
  it.each([
    ['quiz', null],
    ['quiz', ['a']],
    ['quiz', { response: 'a', checked: true }],
    ['quiz', { response: ['a', 1], checked: true }],
    ['quiz', { response: ['a'] }],
    ['quiz', { response: ['a'], checked: 'yes' }],
    ['interview', { draft: 1, revealed: false, ticked: [] }],
    ['interview', { draft: 'd', revealed: 'no', ticked: [] }],
    ['interview', { draft: 'd', revealed: false, ticked: 'x' }],
    ['interview', { draft: 'd', revealed: false, ticked: [3] }],
    ['interview', { revealed: false, ticked: [] }],
  ] as const)('a %s entry %j is dropped, and a good one beside it kept', (kind, bad) => {
    const storage = saved({ version: 1, [kind]: { bad, good: good[kind] } });
    const { progress, notices } = loadProgress(storage);
    expect(progress[kind]).toEqual({ good: good[kind] });
    expect(notices).toEqual([expect.stringMatching(/^1 saved answer could not be read\. A copy was set aside/)]);
  });

  it('counts dropped entries across quiz, interview and predictions', () => {
    const storage = saved({
      version: 1,
      quiz: { a: 1 },
      interview: { b: 2 },
      predictions: { c: 3, d: 'rejected' },
      exercises: { e: { statement: 1, verdict: null }, f: { statement: 'x', verdict: 'passed' }, g: { statement: '' } },
    });
    const { progress, notices } = loadProgress(storage);
    expect(progress.predictions).toEqual({ d: 'rejected' });
    expect(progress.exercises).toEqual({ f: { statement: 'x', verdict: 'passed' } });
    expect(notices).toEqual([expect.stringMatching(/^5 saved answers could not be read\./)]);
  });

  it('a section that is not a record counts as one unreadable entry; a missing section is fine', () => {
    expect(loadProgress(saved({ version: 1, quiz: ['x'] })).notices).toEqual([
      expect.stringMatching(/^1 saved answer could not be read/),
    ]);
    expect(loadProgress(saved({ version: 1 }))).toEqual({
      progress: { quiz: {}, interview: {}, predictions: {}, exercises: {} },
      notices: [],
    });
  });

  it.each([['[1, 2]'], ['"text"'], ['null']])('stored JSON that is not an object (%s) is set aside', (raw) => {
    const storage = memoryStorage({ [STORAGE_KEY]: raw });
    expect(loadProgress(storage).notices).toEqual([
      expect.stringMatching(
        /^Your saved progress could not be read\. A copy was set aside in this browser's storage under "lockstep:progress:set-aside:[\dT:.Z-]+"\.$/,
      ),
    ]);
    expect(asideOf(storage)).toEqual([raw]);
  });

  it('says so when the copy cannot be set aside', () => {
    const storage = {
      ...memoryStorage({ [STORAGE_KEY]: 'garbage' }),
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    expect(loadProgress(storage).notices).toEqual([
      'Your saved progress could not be read (it is not valid JSON). It could not be copied aside.',
    ]);
  });

  it('saveProgress reports whether it could write', () => {
    const empty = { quiz: {}, interview: {}, predictions: {}, exercises: {} };
    expect(saveProgress(null, empty)).toBe(false);
    const full = {
      ...memoryStorage(),
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    expect(saveProgress(full, empty)).toBe(false);
    expect(saveProgress(memoryStorage(), empty)).toBe(true);
  });
});

describe('the progress store', () => {
  it('writes every answer back, and only when an answer changed', () => {
    const storage = memoryStorage();
    const writes: string[] = [];
    const spying = {
      ...storage,
      setItem: (key: string, value: string) => (writes.push(key), storage.setItem(key, value)),
    };
    const store = createProgressStore(spying);
    const actions = createProgressActions(store);
    actions.dismissNotices();
    expect(writes).toEqual([]);
    actions.predict('stale-certificate:on', 'rejected');
    actions.writeDraft('i1', 'Fence it.');
    actions.check('q1', ['b']);
    expect(writes).toHaveLength(3);
    expect(loadProgress(storage).progress).toEqual({
      quiz: { q1: { response: ['b'], checked: true } },
      interview: { i1: { draft: 'Fence it.', revealed: false, ticked: [] } },
      predictions: { 'stale-certificate:on': 'rejected' },
      exercises: {},
    });
  });

  it('ticks and unticks rubric points, and dismisses its notices', () => {
    const store = createProgressStore(memoryStorage({ [STORAGE_KEY]: 'garbage' }));
    const actions = createProgressActions(store);
    expect(store.getState().notices).toHaveLength(1);
    actions.dismissNotices();
    expect(store.getState().notices).toEqual([]);
    actions.toggleRubricItem('i1', 'fencing');
    actions.toggleRubricItem('i1', 'pauses');
    actions.toggleRubricItem('i1', 'fencing');
    expect(store.getState().interview.i1?.ticked).toEqual(['pauses']);
  });
});

describe('progress shared between tabs and embedded questions', () => {
  const answer = (option: string) => ({ response: [option], checked: true });

  it('merges changes entry by entry: a removed entry goes, the others stay', () => {
    const before = { quiz: { q1: answer('a'), q2: answer('b') }, interview: {}, predictions: {}, exercises: {} };
    const after = { quiz: { q1: answer('c') }, interview: {}, predictions: { p: 'rejected' }, exercises: {} };
    const changes = changesBetween(before, after);
    expect(changes).toEqual({
      quiz: { q1: answer('c'), q2: undefined },
      interview: {},
      predictions: { p: 'rejected' },
      exercises: {},
    });
    const stored = { quiz: { q2: answer('b'), q3: answer('x') }, interview: {}, predictions: {}, exercises: {} };
    expect(applyChanges(stored, changes)).toEqual({
      quiz: { q1: answer('c'), q3: answer('x') },
      interview: {},
      predictions: { p: 'rejected' },
      exercises: {},
    });
  });

  it('two pages answering different questions both keep their answers, as do their interview drafts', () => {
    const storage = memoryStorage();
    const first = createProgressActions(createProgressStore(storage, null));
    const second = createProgressActions(createProgressStore(storage, null));
    first.check('q1', ['a']);
    second.check('q2', ['b']);
    first.writeDraft('i1', 'Fence the write.');
    second.predict('stale-certificate:on', 'rejected');
    expect(loadProgress(storage).progress).toEqual({
      quiz: { q1: answer('a'), q2: answer('b') },
      interview: { i1: { draft: 'Fence the write.', revealed: false, ticked: [] } },
      predictions: { 'stale-certificate:on': 'rejected' },
      exercises: {},
    });
  });

  it("an open page sees another page's answers when the browser reports the change", () => {
    const storage = memoryStorage();
    const events = new EventTarget();
    const open = createProgressStore(storage, events as unknown as Window);
    const other = createProgressActions(createProgressStore(storage, null));
    other.check('q2', ['b']);
    const raw = storage.getItem(STORAGE_KEY);
    const written: string[] = [];
    const setItem = storage.setItem.bind(storage);
    storage.setItem = (key, value) => {
      written.push(key);
      setItem(key, value);
    };
    events.dispatchEvent(
      Object.assign(new Event('storage'), { key: STORAGE_KEY, newValue: raw, storageArea: storage }),
    );
    expect(open.getState().quiz).toEqual({ q2: answer('b') });
    // Taking in another page's answers writes nothing back, so two tabs never echo each other.
    expect(written).toEqual([]);
    events.dispatchEvent(Object.assign(new Event('storage'), { key: 'other', newValue: '{}', storageArea: storage }));
    events.dispatchEvent(
      Object.assign(new Event('storage'), { key: STORAGE_KEY, newValue: 'garbage', storageArea: storage }),
    );
    expect(open.getState().quiz).toEqual({ q2: answer('b') });
  });

  it('says once, plainly, when answers cannot be saved, and keeps them for the visit', () => {
    const storage = memoryStorage();
    storage.setItem = () => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    };
    const store = createProgressStore(storage, null);
    const actions = createProgressActions(store);
    actions.check('q1', ['a']);
    actions.check('q2', ['b']);
    expect(store.getState().quiz).toEqual({ q1: answer('a'), q2: answer('b') });
    expect(store.getState().notices).toEqual([
      expect.stringMatching(/^Your answers are not being saved in this browser/),
    ]);
  });
});
