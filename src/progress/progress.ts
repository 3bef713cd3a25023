import content from 'virtual:lockstep/content';
import { echo } from '@/content/echo';
import { fillTemplate } from '@/content/fill-template';
import { isExerciseAnswer, type ExerciseAnswer } from './exercise-answer';
import { isRecord } from './is-record';
import { STORAGE_KEY } from './storage-key';

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

export type { ExerciseAnswer };

/** Everything the learner has done that must survive a reload. */
export interface Progress {
  readonly quiz: Readonly<Record<string, QuizAnswer>>;
  readonly interview: Readonly<Record<string, InterviewAnswer>>;
  /** Walkthrough predictions, keyed by `scenario:fencing`. */
  readonly predictions: Readonly<Record<string, string>>;
  /** Written exercises (the fence exercise), keyed by the exercise's id. */
  readonly exercises: Readonly<Record<string, ExerciseAnswer>>;
}

export const emptyProgress: Progress = { quiz: {}, interview: {}, predictions: {}, exercises: {} };

/** Copies of unreadable progress are kept under this prefix, each with the time it was set aside. */
export const SET_ASIDE_PREFIX = 'lockstep:progress:set-aside:';
/** The most copies kept; the oldest goes first. */
export const SET_ASIDE_LIMIT = 3;

export interface LoadResult {
  readonly progress: Progress;
  readonly notices: readonly string[];
}

/**
 * Stored progress as this version reads it: every entry it can, and why it could not read the rest. `progress`
 * is null when the whole is unreadable (not JSON, not an object, or a version this page does not know).
 */
type StoredReading =
  | { readonly progress: Progress; readonly problem: null }
  | { readonly progress: Progress | null; readonly problem: string };

function readStored(raw: string): StoredReading {
  let stored: unknown;
  try {
    stored = JSON.parse(raw);
  } catch {
    return { progress: null, problem: SAYS.notJson };
  }
  if (!isRecord(stored)) return { progress: null, problem: SAYS.unreadable };
  if (stored.version !== PROGRESS_VERSION) {
    const version = echo(JSON.stringify(stored.version ?? null));
    return { progress: null, problem: fillTemplate(SAYS.unknownVersion, { version }) };
  }
  const quiz = readEntries(stored.quiz, isQuizAnswer);
  const interview = readEntries(stored.interview, isInterviewAnswer);
  const predictions = readEntries(stored.predictions, isString);
  // Stored before the exercises existed: none, not a problem.
  const exercises = readEntries(stored.exercises ?? {}, isExerciseAnswer);
  const progress: Progress = {
    quiz: quiz.kept,
    interview: interview.kept,
    predictions: predictions.kept,
    exercises: exercises.kept,
  };
  const dropped = quiz.dropped + interview.dropped + predictions.dropped + exercises.dropped;
  if (dropped === 0) return { progress, problem: null };
  return { progress, problem: dropped === 1 ? SAYS.oneEntry : fillTemplate(SAYS.entries, { count: String(dropped) }) };
}

/**
 * Reads stored progress. What can be read is kept, entry by entry; anything that cannot is copied aside under
 * SET_ASIDE_PREFIX before the page writes again, so no work is silently lost. Stored text it tells the learner
 * about is added to `reported`, so that saving over it later does not say so twice.
 */
export function loadProgress(
  storage: Storage | null,
  now: number = Date.now(),
  reported: Set<string> = new Set(),
): LoadResult {
  if (!storage) return { progress: emptyProgress, notices: [UNAVAILABLE] };
  let raw: string | null;
  try {
    raw = storage.getItem(STORAGE_KEY);
  } catch {
    return { progress: emptyProgress, notices: [UNAVAILABLE] };
  }
  if (raw === null) return { progress: emptyProgress, notices: [] };
  const reading = readStored(raw);
  if (reading.problem === null) return { progress: reading.progress, notices: [] };
  reported.add(raw);
  return {
    progress: reading.progress ?? emptyProgress,
    notices: [setAsideNotice(reading, setAside(storage, raw, now))],
  };
}

/** Stored progress as it is now, read quietly: null when there is none, or it cannot be read as a whole. */
export function readStoredProgress(raw: string | null): Progress | null {
  return raw === null ? null : readStored(raw).progress;
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
    exercises: section(before.exercises, after.exercises),
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
    exercises: section(stored.exercises, changes.exercises),
  };
}

/** No changes at all: where a page starts, and where it is again once everything it changed is saved. */
export const noChanges: ProgressChanges = { quiz: {}, interview: {}, predictions: {}, exercises: {} };

/** Two rounds of one page's changes as one: the later wins where both changed the same entry. */
export function mergeChanges(earlier: ProgressChanges, later: ProgressChanges): ProgressChanges {
  return {
    quiz: { ...earlier.quiz, ...later.quiz },
    interview: { ...earlier.interview, ...later.interview },
    predictions: { ...earlier.predictions, ...later.predictions },
    exercises: { ...earlier.exercises, ...later.exercises },
  };
}

export interface SaveResult {
  /** What is stored now, or null when the storage refused (or held what could not be copied aside). */
  readonly saved: Progress | null;
  /** What the learner is told: stored progress this page could not read, and where its copy went. */
  readonly notices: readonly string[];
}

/**
 * Saves one page's changes by reading what is stored, applying them entry by entry and writing the result:
 * two tabs, or two embedded questions, each keep their own answers. What is stored may have come from another
 * tab since this page loaded, in a newer version or with entries this version cannot read: it is copied aside
 * first, and the learner told, unless `reported` shows they were told of that very text already (it is added).
 * Stored progress that could not be copied aside is not written over.
 */
export function saveChanges(
  storage: Storage | null,
  changes: ProgressChanges,
  fallback: Progress,
  reported: Set<string> = new Set(),
  now: number = Date.now(),
): SaveResult {
  if (!storage) return { saved: null, notices: [] };
  let raw: string | null;
  try {
    raw = storage.getItem(STORAGE_KEY);
  } catch {
    return { saved: null, notices: [] };
  }
  const reading = raw === null ? null : readStored(raw);
  const notices: string[] = [];
  if (raw !== null && reading?.problem) {
    const key = setAside(storage, raw, now);
    if (!reported.has(raw)) notices.push(setAsideNotice(reading, key));
    reported.add(raw);
    if (key === null) return { saved: null, notices };
  }
  const merged = applyChanges(reading?.progress ?? fallback, changes);
  return { saved: saveProgress(storage, merged) ? merged : null, notices };
}

const UNAVAILABLE = SAYS.unavailable;

/**
 * Copies unreadable progress aside under a key of its own, before anything overwrites it. Earlier copies stay,
 * up to SET_ASIDE_LIMIT (the oldest goes). Returns the key only when the copy is really there.
 */
function setAside(storage: Storage, raw: string, now: number): string | null {
  try {
    const copies = setAsideKeys(storage);
    const same = copies.find((existing) => storage.getItem(existing) === raw);
    if (same) return same;
    // Two copies in one millisecond (two tabs saving at once) each get a key of their own.
    let at = now;
    while (storage.getItem(`${SET_ASIDE_PREFIX}${new Date(at).toISOString()}`) !== null) at += 1;
    const candidate = `${SET_ASIDE_PREFIX}${new Date(at).toISOString()}`;
    storage.setItem(candidate, raw);
    if (storage.getItem(candidate) !== raw) return null;
    for (const old of [...copies, candidate].slice(0, -SET_ASIDE_LIMIT)) storage.removeItem(old);
    return candidate;
  } catch {
    return null;
  }
}

/** What was wrong with stored progress, where its copy is (named only when it is there), and what was kept. */
function setAsideNotice(reading: StoredReading, key: string | null): string {
  const where = key ? fillTemplate(SAYS.setAside, { key }) : SAYS.notSetAside;
  return [reading.problem, where, ...(reading.progress ? [SAYS.restKept] : [])].join(' ');
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
    // A key like `__proto__` would set the record's prototype, not an entry: unreadable, like a malformed entry.
    if (isValid(entry) && !UNSAFE_KEYS.has(key)) kept[key] = entry;
    else dropped += 1;
  }
  return { kept, dropped };
}

const UNSAFE_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);
