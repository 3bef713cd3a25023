import { describe, expect, it } from 'vitest';
import { memoryStorage } from '@/testing/render-walkthrough';
import {
  SET_ASIDE_PREFIX,
  applyChanges,
  changesBetween,
  loadProgress,
  readStoredProgress,
  saveChanges,
  setAsideKeys,
  type Progress,
} from './progress';
import { STORAGE_KEY } from './storage-key';

const answer = (option: string, checked = true) => ({ response: [option], checked });
const nothing: Progress = { quiz: {}, interview: {}, predictions: {}, exercises: {} };
const stored = (value: unknown) => JSON.stringify(value);

/** A browser storage that takes every write without error and keeps none of them. */
function forgetfulStorage(initial: Record<string, string>): Storage {
  return { ...memoryStorage(initial), setItem: () => undefined };
}

describe('readStoredProgress: what another page stored, read quietly', () => {
  it('reads every readable entry and drops the rest without a word', () => {
    expect(
      readStoredProgress(
        stored({
          version: 1,
          quiz: { q1: answer('a'), q2: 'broken' },
          interview: { i1: { draft: 'Fence it.', revealed: true, ticked: ['fencing'] } },
          predictions: { 'stale-certificate:on': 'rejected', other: 4 },
          exercises: {},
        }),
      ),
    ).toEqual({
      quiz: { q1: answer('a') },
      interview: { i1: { draft: 'Fence it.', revealed: true, ticked: ['fencing'] } },
      predictions: { 'stale-certificate:on': 'rejected' },
      exercises: {},
    });
  });

  it.each([
    ['nothing stored', null],
    ['text that is not JSON', '{"version":1,'],
    ['another version', stored({ version: 2, quiz: {} })],
    ['no version', stored({ quiz: {} })],
    ['a list', stored([1, 2])],
    ['null', 'null'],
  ])('reads %s as nothing', (_, raw) => {
    expect(readStoredProgress(raw)).toBeNull();
  });
});

describe('saveChanges: one page’s changes merged into what is stored', () => {
  it('keeps what another page stored and applies this page’s changes over it', () => {
    const storage = memoryStorage({ [STORAGE_KEY]: stored({ version: 1, quiz: { q2: answer('b') } }) });
    const changes = changesBetween(nothing, { ...nothing, quiz: { q1: answer('a') } });
    const expected = { quiz: { q2: answer('b'), q1: answer('a') }, interview: {}, predictions: {}, exercises: {} };
    expect(saveChanges(storage, changes, nothing)).toEqual({ saved: expected, notices: [] });
    expect(loadProgress(storage).progress).toEqual(expected);
  });

  it('starts from this page’s own answers when what is stored cannot be read, once it is copied aside', () => {
    const storage = memoryStorage({ [STORAGE_KEY]: 'garbage' });
    const mine: Progress = { ...nothing, predictions: { 'stale-certificate:off': 'accepted' }, exercises: {} };
    const changes = changesBetween(nothing, { ...nothing, quiz: { q1: answer('a') } });
    expect(saveChanges(storage, changes, mine).saved).toEqual({ ...mine, quiz: { q1: answer('a') } });
    expect(setAsideKeys(storage).map((key) => storage.getItem(key))).toEqual(['garbage']);
  });

  it('returns null when there is no storage, or it refuses to be read or written', () => {
    const changes = changesBetween(nothing, { ...nothing, quiz: { q1: answer('a') } });
    expect(saveChanges(null, changes, nothing).saved).toBeNull();
    const unreadable = {
      ...memoryStorage(),
      getItem: () => {
        throw new Error('SecurityError');
      },
    };
    expect(saveChanges(unreadable, changes, nothing).saved).toBeNull();
    const full = {
      ...memoryStorage(),
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    expect(saveChanges(full, changes, nothing).saved).toBeNull();
  });

  it('removes an entry this page removed, rather than keeping it empty', () => {
    const before: Progress = { ...nothing, quiz: { q1: answer('a'), q2: answer('b') } };
    const changes = changesBetween(before, { ...nothing, quiz: { q1: answer('a') } });
    const merged = applyChanges(before, changes);
    expect(Object.keys(merged.quiz)).toEqual(['q1']);
  });

  it('lists only the entries that changed', () => {
    const before: Progress = { ...nothing, quiz: { q1: answer('a'), q2: answer('b') } };
    const after: Progress = { ...nothing, quiz: { q1: before.quiz.q1!, q2: answer('c') } };
    expect(changesBetween(before, after)).toEqual({
      quiz: { q2: answer('c') },
      interview: {},
      predictions: {},
      exercises: {},
    });
  });
});

/** Another tab's progress, stored while this page was open. */
describe('saveChanges over progress this version cannot read', () => {
  const now = Date.parse('2026-12-01T10:00:00Z');
  const copyKey = `${SET_ASIDE_PREFIX}2026-12-01T10:00:00.000Z`;
  const mine = changesBetween(nothing, { ...nothing, quiz: { q1: answer('a') } });

  it('copies a newer version aside and says so before writing this page’s answers', () => {
    const newer = stored({ version: 2, interview: { x: { draft: 'two pages of careful thought' } } });
    const storage = memoryStorage({ [STORAGE_KEY]: newer });
    const result = saveChanges(storage, mine, nothing, new Set(), now);
    expect(result.notices).toEqual([
      `Your saved progress has version 2, which this page does not know. A copy was set aside in this browser's storage under "${copyKey}".`,
    ]);
    expect(storage.getItem(copyKey)).toBe(newer);
    expect(JSON.parse(storage.getItem(STORAGE_KEY)!)).toEqual({ version: 1, ...nothing, quiz: { q1: answer('a') } });
    expect(result.saved).toEqual({ ...nothing, quiz: { q1: answer('a') } });
  });

  it('copies aside text that is not JSON, with a notice', () => {
    const storage = memoryStorage({ [STORAGE_KEY]: '{"version":1,' });
    const { notices } = saveChanges(storage, mine, nothing, new Set(), now);
    expect(notices).toEqual([
      expect.stringMatching(/^Your saved progress could not be read \(it is not valid JSON\)\. A copy/),
    ]);
    expect(storage.getItem(copyKey)).toBe('{"version":1,');
  });

  it('keeps another tab’s readable entries, and its unreadable ones in the copy set aside', () => {
    const theirs = stored({
      version: 1,
      quiz: { q2: answer('b') },
      interview: { x: { draft: 'two pages', revealed: 'yes', ticked: [] } },
    });
    const storage = memoryStorage({ [STORAGE_KEY]: theirs });
    const { saved, notices } = saveChanges(storage, mine, nothing, new Set(), now);
    expect(notices).toEqual([
      `1 saved answer could not be read. A copy was set aside in this browser's storage under "${copyKey}". Everything else was kept.`,
    ]);
    expect(storage.getItem(copyKey)).toBe(theirs);
    expect(saved).toEqual({ ...nothing, quiz: { q2: answer('b'), q1: answer('a') } });
    expect(loadProgress(storage).progress).toEqual(saved);
  });

  it('says nothing of text the learner was told of already, but still keeps its copy', () => {
    const storage = memoryStorage({ [STORAGE_KEY]: 'garbage' });
    const reported = new Set<string>();
    expect(loadProgress(storage, now, reported).notices).toHaveLength(1);
    expect(saveChanges(storage, mine, nothing, reported, now).notices).toEqual([]);
    expect(setAsideKeys(storage).map((key) => storage.getItem(key))).toEqual(['garbage']);
  });

  it('gives a second copy in the same millisecond a key of its own', () => {
    const storage = memoryStorage({ [STORAGE_KEY]: stored({ version: 2 }), [copyKey]: 'an earlier copy' });
    saveChanges(storage, mine, nothing, new Set(), now);
    expect(storage.getItem(copyKey)).toBe('an earlier copy');
    expect(storage.getItem(`${SET_ASIDE_PREFIX}2026-12-01T10:00:00.001Z`)).toBe(stored({ version: 2 }));
  });

  it('does not write over what it could not copy aside, and says so', () => {
    const storage = memoryStorage({ [STORAGE_KEY]: stored({ version: 2 }) });
    const setItem = storage.setItem.bind(storage);
    storage.setItem = (key, value) => {
      if (key.startsWith(SET_ASIDE_PREFIX))
        throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      setItem(key, value);
    };
    expect(saveChanges(storage, mine, nothing, new Set(), now)).toEqual({
      saved: null,
      notices: ['Your saved progress has version 2, which this page does not know. It could not be copied aside.'],
    });
    expect(storage.getItem(STORAGE_KEY)).toBe(stored({ version: 2 }));
  });
});

describe('loadProgress, word for word', () => {
  it('says the same as without storage when the storage refuses to be read', () => {
    const throwing = {
      ...memoryStorage(),
      getItem: () => {
        throw new Error('SecurityError');
      },
    };
    expect(loadProgress(throwing)).toEqual(loadProgress(null));
    expect(loadProgress(throwing).progress).toEqual(nothing);
  });

  it('names a missing version as null, and a long one cut to 40 characters with an ellipsis', () => {
    const noVersion = memoryStorage({ [STORAGE_KEY]: stored({ quiz: {} }) });
    expect(loadProgress(noVersion).notices[0]).toMatch(/^Your saved progress has version null, which this page/);
    const long = memoryStorage({ [STORAGE_KEY]: stored({ version: 'v'.repeat(100) }) });
    expect(loadProgress(long).notices[0]).toContain(`has version "${'v'.repeat(39)}…, which`);
  });

  it('reads a section that is null as one unreadable entry', () => {
    const storage = memoryStorage({ [STORAGE_KEY]: stored({ version: 1, predictions: null }) });
    expect(loadProgress(storage).notices).toEqual([expect.stringMatching(/^1 saved answer could not be read\./)]);
  });

  it('says the copy could not be set aside when the storage kept no copy of it', () => {
    const storage = forgetfulStorage({ [STORAGE_KEY]: 'garbage' });
    expect(loadProgress(storage).notices).toEqual([
      'Your saved progress could not be read (it is not valid JSON). It could not be copied aside.',
    ]);
  });

  it('names the copy already set aside when the same broken progress is found again', () => {
    const earlier = `${SET_ASIDE_PREFIX}2026-11-30T08:00:00.000Z`;
    const storage = memoryStorage({ [STORAGE_KEY]: 'garbage', [earlier]: 'garbage' });
    expect(loadProgress(storage, Date.parse('2026-12-01T09:00:00Z')).notices).toEqual([
      `Your saved progress could not be read (it is not valid JSON). A copy was set aside in this browser's storage under "${earlier}".`,
    ]);
    expect(setAsideKeys(storage)).toEqual([earlier]);
  });

  it('lists only set-aside copies, oldest first', () => {
    const storage = memoryStorage({
      [`${SET_ASIDE_PREFIX}2026-12-02T00:00:00.000Z`]: 'newer',
      [STORAGE_KEY]: '{}',
      'lockstep:theme': 'dark',
      [`${SET_ASIDE_PREFIX}2026-12-01T00:00:00.000Z`]: 'older',
    });
    expect(setAsideKeys(storage).map((key) => storage.getItem(key))).toEqual(['older', 'newer']);
  });
});
