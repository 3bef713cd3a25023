import content from 'virtual:lockstep/content';
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
export const SET_ASIDE_KEY = 'lockstep:progress:set-aside';

export interface LoadResult {
  readonly progress: Progress;
  readonly notices: readonly string[];
}

/**
 * Reads stored progress. What can be read is kept, entry by entry; anything that cannot is copied to
 * SET_ASIDE_KEY before the page writes again, so no work is silently lost.
 */
export function loadProgress(storage: Storage | null): LoadResult {
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
    return setAside(storage, raw, SAYS.notJson);
  }
  if (!isRecord(stored)) return setAside(storage, raw, SAYS.unreadable);
  if (stored.version !== PROGRESS_VERSION) {
    return setAside(
      storage,
      raw,
      fillTemplate(SAYS.unknownVersion, { version: JSON.stringify(stored.version ?? null) }),
    );
  }
  const quiz = readEntries(stored.quiz, isQuizAnswer);
  const interview = readEntries(stored.interview, isInterviewAnswer);
  const predictions = readEntries(stored.predictions, isString);
  const progress: Progress = { quiz: quiz.kept, interview: interview.kept, predictions: predictions.kept };
  const dropped = quiz.dropped + interview.dropped + predictions.dropped;
  if (dropped === 0) return { progress, notices: [] };
  const lost = dropped === 1 ? SAYS.oneEntry : fillTemplate(SAYS.entries, { count: String(dropped) });
  const result = setAside(storage, raw, lost);
  return { progress, notices: result.notices.map((notice) => `${notice} ${SAYS.restKept}`) };
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

const UNAVAILABLE = SAYS.unavailable;

function setAside(storage: Storage, raw: string, reason: string): LoadResult {
  let kept = false;
  try {
    // An earlier copy is never overwritten: it may be the only readable one.
    if (storage.getItem(SET_ASIDE_KEY) === null) storage.setItem(SET_ASIDE_KEY, raw);
    kept = storage.getItem(SET_ASIDE_KEY) !== null;
  } catch {
    kept = false;
  }
  const where = kept ? fillTemplate(SAYS.setAside, { key: SET_ASIDE_KEY }) : SAYS.notSetAside;
  return { progress: emptyProgress, notices: [`${reason} ${where}`] };
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
