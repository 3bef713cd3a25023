import { describe, expect, it } from 'vitest';
import { memoryStorage } from '@/testing/render-walkthrough';
import { createProgressActions, createProgressStore } from './progress-store';
import { SET_ASIDE_KEY, STORAGE_KEY, loadProgress, saveProgress } from './progress';

const saved = (value: unknown) => memoryStorage({ [STORAGE_KEY]: JSON.stringify(value) });

describe('progress.loadProgress', () => {
  it('starts empty with nothing stored', () => {
    expect(loadProgress(memoryStorage())).toEqual({
      progress: { quiz: {}, interview: {}, predictions: {} },
      notices: [],
    });
  });

  it('reads back what saveProgress wrote', () => {
    const storage = memoryStorage();
    const progress = {
      quiz: { q1: { response: ['b'], checked: true } },
      interview: { i1: { draft: 'Use fencing tokens.', revealed: true, ticked: ['fencing'] } },
      predictions: { 'stale-certificate:on': 'rejected' },
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
    expect(storage.getItem(SET_ASIDE_KEY)).toBe('{"version":1,"quiz":');
  });

  it('sets aside progress from an unknown version rather than misreading it', () => {
    const storage = saved({ version: 7, quiz: { q1: 'something new' } });
    const { notices } = loadProgress(storage);
    expect(notices).toEqual([expect.stringContaining('has version 7, which this page does not know')]);
    expect(JSON.parse(storage.getItem(SET_ASIDE_KEY)!)).toEqual({ version: 7, quiz: { q1: 'something new' } });
  });

  it('keeps every entry it can read when some are broken, and sets aside exactly what it found', () => {
    const storage = saved({
      version: 1,
      quiz: { good: { response: ['a'], checked: false }, bad: { response: 'a' } },
      interview: { draft: { draft: 'My answer', revealed: false, ticked: [] } },
      predictions: { 'stale-certificate:on': 3 },
    });
    const found = storage.getItem(STORAGE_KEY);
    expect(found).toMatch(/"bad"/);
    const { progress, notices } = loadProgress(storage);
    expect(progress.quiz).toEqual({ good: { response: ['a'], checked: false } });
    expect(progress.interview.draft?.draft).toBe('My answer');
    expect(notices).toEqual([
      expect.stringMatching(/^2 saved answers could not be read\..*Everything else was kept\.$/),
    ]);
    expect(storage.getItem(SET_ASIDE_KEY)).toBe(found);
  });

  it('never overwrites an earlier copy that was set aside', () => {
    const storage = memoryStorage({ [STORAGE_KEY]: 'garbage', [SET_ASIDE_KEY]: 'the first copy' });
    loadProgress(storage);
    expect(storage.getItem(SET_ASIDE_KEY)).toBe('the first copy');
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
    const storage = saved({ version: 1, quiz: { a: 1 }, interview: { b: 2 }, predictions: { c: 3, d: 'rejected' } });
    const { progress, notices } = loadProgress(storage);
    expect(progress.predictions).toEqual({ d: 'rejected' });
    expect(notices).toEqual([expect.stringMatching(/^3 saved answers could not be read\./)]);
  });

  it('a section that is not a record counts as one unreadable entry; a missing section is fine', () => {
    expect(loadProgress(saved({ version: 1, quiz: ['x'] })).notices).toEqual([
      expect.stringMatching(/^1 saved answer could not be read/),
    ]);
    expect(loadProgress(saved({ version: 1 }))).toEqual({
      progress: { quiz: {}, interview: {}, predictions: {} },
      notices: [],
    });
  });

  it.each([['[1, 2]'], ['"text"'], ['null']])('stored JSON that is not an object (%s) is set aside', (raw) => {
    const storage = memoryStorage({ [STORAGE_KEY]: raw });
    expect(loadProgress(storage).notices).toEqual([
      `Your saved progress could not be read. A copy was set aside in this browser's storage under "${SET_ASIDE_KEY}".`,
    ]);
    expect(storage.getItem(SET_ASIDE_KEY)).toBe(raw);
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
    const empty = { quiz: {}, interview: {}, predictions: {} };
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
