import content from 'virtual:lockstep/content';
import { echo } from '@/content/echo';
import { fillTemplate } from '@/content/fill-template';

/** What the page tells the learner about their saved answers. */
const SAYS = content.notices.progress;

/** Bump when the stored shape changes; older versions are migrated, unknown ones set aside. */
export const PROGRESS_VERSION = 1;

export interface QuizAnswer {
  /** Chosen option ids, or item ids in the learner's order. */
  readonly response: readonly string[];
  readonly checked: boolean;
}

export interface InterviewAnswer {
  readonly draft: string;
  readonly revealed: boolean;
  readonly ticked: readonly string[];
}

// Hand-written guards rather than a schema library: these three shapes are all the first view needs,
// and zod/mini cost about 4 kB gzip of the 90 kB first-view budget (measured with `npm run size`).
const isStringArray = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((item) => typeof item === 'string');

const isQuizAnswer = (value: unknown): value is QuizAnswer =>
  isRecord(value) && isStringArray(value.response) && typeof value.checked === 'boolean';

const isInterviewAnswer = (value: unknown): value is InterviewAnswer =>
  isRecord(value) &&
  typeof value.draft === 'string' &&
  typeof value.revealed === 'boolean' &&
  isStringArray(value.ticked);

const isString = (value: unknown): value is string => typeof value === 'string';

/** Everything the learner has done that must survive a reload. */
export interface Progress {
  readonly quiz: Readonly<Record<string, QuizAnswer>>;
  readonly interview: Readonly<Record<string, InterviewAnswer>>;
  /** Walkthrough predictions, keyed by `scenario:fencing`. */
  readonly predictions: Readonly<Record<string, string>>;
}

export const emptyProgress: Progress = { quiz: {}, interview: {}, predictions: {} };

export const STORAGE_KEY = 'lockstep:progress';
/** Copies of unreadable progress are kept under this prefix, each with the time it was set aside. */
export const SET_ASIDE_PREFIX = 'lockstep:progress:set-aside:';
/** The most copies kept; the oldest goes first. */
export const SET_ASIDE_LIMIT = 3;

export interface LoadResult {
  readonly progress: Progress;
  readonly notices: readonly string[];
}

/**
 * Reads stored progress. What can be read is kept, entry by entry; anything that cannot is copied to
 * SET_ASIDE_KEY before the page writes again, so no work is silently lost.
 */
export function loadProgress(storage: Storage | null, now: number = Date.now()): LoadResult {
  if (!storage) return { progress: emptyProgress, notices: [UNAVAILABLE] };
  let raw: string | null;
  try {
    raw = storage.getItem(STORAGE_KEY);
  } catch {
    return { progress: emptyProgress, notices: [UNAVAILABLE] };
  }
  if (raw === null) return { progress: emptyProgress, notices: [] };

  let stored: unknown;
  try {
    stored = JSON.parse(raw);
  } catch {
    return setAside(storage, raw, SAYS.notJson, now);
  }
  if (!isRecord(stored)) return setAside(storage, raw, SAYS.unreadable, now);
  if (stored.version !== PROGRESS_VERSION) {
    return setAside(
      storage,
      raw,
      fillTemplate(SAYS.unknownVersion, { version: echo(JSON.stringify(stored.version ?? null)) }),
      now,
    );
  }
  const quiz = readEntries(stored.quiz, isQuizAnswer);
  const interview = readEntries(stored.interview, isInterviewAnswer);
  const predictions = readEntries(stored.predictions, isString);
  const progress: Progress = { quiz: quiz.kept, interview: interview.kept, predictions: predictions.kept };
  const dropped = quiz.dropped + interview.dropped + predictions.dropped;
  if (dropped === 0) return { progress, notices: [] };
  const lost = dropped === 1 ? SAYS.oneEntry : fillTemplate(SAYS.entries, { count: String(dropped) });
  const result = setAside(storage, raw, lost, now);
  return { progress, notices: result.notices.map((notice) => `${notice} ${SAYS.restKept}`) };
}

/** Stored progress as it is now, read quietly: null when there is none, or it cannot be read as a whole. */
export function readStoredProgress(raw: string | null): Progress | null {
  if (raw === null) return null;
  try {
    const stored: unknown = JSON.parse(raw);
    if (!isRecord(stored) || stored.version !== PROGRESS_VERSION) return null;
    return {
      quiz: readEntries(stored.quiz, isQuizAnswer).kept,
      interview: readEntries(stored.interview, isInterviewAnswer).kept,
      predictions: readEntries(stored.predictions, isString).kept,
    };
  } catch {
    return null;
  }
}

export function saveProgress(storage: Storage | null, progress: Progress): boolean {
  if (!storage) return false;
  try {
    storage.setItem(STORAGE_KEY, JSON.stringify({ version: PROGRESS_VERSION, ...progress }));
    return true;
  } catch {
    return false;
  }
}

/** What one page changed since its last save: per section, each entry given or removed (undefined). */
export type ProgressChanges = {
  readonly [S in keyof Progress]: Readonly<Record<string, Progress[S][string] | undefined>>;
};

export function changesBetween(before: Progress, after: Progress): ProgressChanges {
  const section = <T>(was: Readonly<Record<string, T>>, is: Readonly<Record<string, T>>) => {
    const changed: Record<string, T | undefined> = {};
    for (const key of new Set([...Object.keys(was), ...Object.keys(is)]))
      if (was[key] !== is[key]) changed[key] = is[key];
    return changed;
  };
  return {
    quiz: section(before.quiz, after.quiz),
    interview: section(before.interview, after.interview),
    predictions: section(before.predictions, after.predictions),
  };
}

/** Applies one page's changes to what is stored now, entry by entry, so another tab's answers survive. */
export function applyChanges(stored: Progress, changes: ProgressChanges): Progress {
  const section = <T>(base: Readonly<Record<string, T>>, changed: Readonly<Record<string, T | undefined>>) => {
    const merged = new Map(Object.entries(base));
    for (const [key, entry] of Object.entries(changed)) {
      if (entry === undefined) merged.delete(key);
      else merged.set(key, entry);
    }
    return Object.fromEntries(merged);
  };
  return {
    quiz: section(stored.quiz, changes.quiz),
    interview: section(stored.interview, changes.interview),
    predictions: section(stored.predictions, changes.predictions),
  };
}

/**
 * Saves one page's changes by reading what is stored, applying them entry by entry and writing the result:
 * two tabs, or two embedded questions, each keep their own answers. Returns what is stored now, or null when
 * the storage refused.
 */
export function saveChanges(storage: Storage | null, changes: ProgressChanges, fallback: Progress): Progress | null {
  if (!storage) return null;
  let current: Progress;
  try {
    current = readStoredProgress(storage.getItem(STORAGE_KEY)) ?? fallback;
  } catch {
    return null;
  }
  const merged = applyChanges(current, changes);
  return saveProgress(storage, merged) ? merged : null;
}

const UNAVAILABLE = SAYS.unavailable;

/**
 * Copies unreadable progress aside under a key of its own, before anything overwrites it. Earlier copies stay,
 * up to SET_ASIDE_LIMIT (the oldest goes); the notice names the key only when the copy is really there.
 */
function setAside(storage: Storage, raw: string, reason: string, now: number): LoadResult {
  let key: string | null = null;
  try {
    const copies = setAsideKeys(storage);
    const same = copies.find((existing) => storage.getItem(existing) === raw);
    if (same) key = same;
    else {
      const candidate = `${SET_ASIDE_PREFIX}${new Date(now).toISOString()}`;
      storage.setItem(candidate, raw);
      if (storage.getItem(candidate) === raw) {
        key = candidate;
        for (const old of [...copies, candidate].slice(0, -SET_ASIDE_LIMIT)) storage.removeItem(old);
      }
    }
  } catch {
    key = null;
  }
  const where = key ? fillTemplate(SAYS.setAside, { key }) : SAYS.notSetAside;
  return { progress: emptyProgress, notices: [`${reason} ${where}`] };
}

/** The keys of earlier copies, oldest first (their ISO times sort as strings). */
export function setAsideKeys(storage: Storage): string[] {
  const keys: string[] = [];
  for (let index = 0; index < storage.length; index += 1) {
    const key = storage.key(index);
    if (key?.startsWith(SET_ASIDE_PREFIX)) keys.push(key);
  }
  return keys.sort();
}

function readEntries<T>(
  value: unknown,
  isValid: (entry: unknown) => entry is T,
): { kept: Record<string, T>; dropped: number } {
  const kept: Record<string, T> = {};
  let dropped = 0;
  if (value === undefined) return { kept, dropped };
  if (!isRecord(value)) return { kept, dropped: 1 };
  for (const [key, entry] of Object.entries(value)) {
    if (isValid(entry)) kept[key] = entry;
    else dropped += 1;
  }
  return { kept, dropped };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
