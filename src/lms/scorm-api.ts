/**
 * The LMS side of SCORM, found the standard way: the `API` object (SCORM 1.2) or `API_1484_11` (SCORM 2004) on
 * this window's parents, then on its opener's (ADL's discovery algorithm). One small interface hides the two
 * versions' different call and element names.
 */

/** The calls a SCORM 1.2 LMS offers (its RTE, section 3.3). */
interface Scorm12Api {
  LMSInitialize(empty: ''): string;
  LMSGetValue(element: string): string;
  LMSSetValue(element: string, value: string): string;
  LMSCommit(empty: ''): string;
  LMSFinish(empty: ''): string;
}

/** The calls a SCORM 2004 LMS offers (RTE, section 3.1). */
interface Scorm2004Api {
  Initialize(empty: ''): string;
  GetValue(element: string): string;
  SetValue(element: string, value: string): string;
  Commit(empty: ''): string;
  Terminate(empty: ''): string;
}

export type ScormVersion = '1.2' | '2004';

/** A connected LMS, with data model elements named as SCORM 2004 names them (see ELEMENTS_12 for 1.2). */
export interface Lms {
  readonly version: ScormVersion;
  get(element: Element): string;
  set(element: Element, value: string): void;
  commit(): void;
  finish(): void;
}

export type Element =
  | 'learner_id'
  | 'suspend_data'
  | 'score.raw'
  | 'score.min'
  | 'score.max'
  | 'score.scaled'
  | 'completion_status'
  | 'success_status'
  | 'lesson_status'
  | 'passing_score'
  | 'exit'
  | 'session_time';

const ELEMENTS_12: Partial<Record<Element, string>> = {
  learner_id: 'cmi.core.student_id',
  suspend_data: 'cmi.suspend_data',
  'score.raw': 'cmi.core.score.raw',
  'score.min': 'cmi.core.score.min',
  'score.max': 'cmi.core.score.max',
  lesson_status: 'cmi.core.lesson_status',
  // The LMS fills it from the manifest's adlcp:masteryscore (0 to 100).
  passing_score: 'cmi.student_data.mastery_score',
  exit: 'cmi.core.exit',
  session_time: 'cmi.core.session_time',
};

const ELEMENTS_2004: Partial<Record<Element, string>> = {
  learner_id: 'cmi.learner_id',
  suspend_data: 'cmi.suspend_data',
  'score.raw': 'cmi.score.raw',
  'score.min': 'cmi.score.min',
  'score.max': 'cmi.score.max',
  'score.scaled': 'cmi.score.scaled',
  completion_status: 'cmi.completion_status',
  success_status: 'cmi.success_status',
  // The LMS fills it from the manifest's imsss:minNormalizedMeasure (0 to 1).
  passing_score: 'cmi.scaled_passing_score',
  exit: 'cmi.exit',
  session_time: 'cmi.session_time',
};

/** ADL's discovery: at most this many parents up from a window, then the same from its opener. */
const MAX_PARENTS = 7;

type Searchable = { parent?: unknown; opener?: unknown; [name: string]: unknown };

function search(start: Searchable | null, name: 'API' | 'API_1484_11'): unknown {
  let current = start;
  for (let hops = 0; current && hops <= MAX_PARENTS; hops++) {
    try {
      if (current[name]) return current[name];
    } catch {
      // A parent on another origin cannot be read: the LMS's API is never there.
      return null;
    }
    const parent = current.parent as Searchable | undefined;
    if (!parent || parent === current) return null;
    current = parent;
  }
  return null;
}

function find(from: Searchable, name: 'API' | 'API_1484_11'): unknown {
  let opener: Searchable | null = null;
  try {
    opener = (from.opener as Searchable | null) ?? null;
  } catch {
    opener = null;
  }
  return search(from, name) ?? search(opener, name);
}

/** Finds and initializes the LMS's API, SCORM 2004 first; null when the page runs outside an LMS. */
export function connectToLms(from: Window | Searchable): Lms | null {
  const api2004 = find(from as Searchable, 'API_1484_11') as Scorm2004Api | null;
  if (api2004 && api2004.Initialize('') === 'true') {
    const name = (element: Element) => ELEMENTS_2004[element];
    return {
      version: '2004',
      get: (element) => {
        const mapped = name(element);
        return mapped ? api2004.GetValue(mapped) : '';
      },
      set: (element, value) => {
        const mapped = name(element);
        if (mapped) api2004.SetValue(mapped, value);
      },
      commit: () => void api2004.Commit(''),
      finish: () => void api2004.Terminate(''),
    };
  }
  const api12 = find(from as Searchable, 'API') as Scorm12Api | null;
  if (api12 && api12.LMSInitialize('') === 'true') {
    const name = (element: Element) => ELEMENTS_12[element];
    return {
      version: '1.2',
      get: (element) => {
        const mapped = name(element);
        return mapped ? api12.LMSGetValue(mapped) : '';
      },
      set: (element, value) => {
        const mapped = name(element);
        if (mapped) api12.LMSSetValue(mapped, value);
      },
      commit: () => void api12.LMSCommit(''),
      finish: () => void api12.LMSFinish(''),
    };
  }
  return null;
}
