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
  /** An element by its own name in this version (`cmi.interactions.3.id`): for the indexed ones. */
  read(element: string): string;
  put(element: string, value: string): void;
  commit(): void;
  finish(): void;
}

export type Element =
  | 'learner_id'
  | 'suspend_data'
  | 'location'
  | 'score.raw'
  | 'score.min'
  | 'score.max'
  | 'score.scaled'
  | 'completion_status'
  | 'success_status'
  | 'progress_measure'
  | 'lesson_status'
  | 'passing_score'
  | 'exit'
  | 'session_time';

const ELEMENTS_12: Partial<Record<Element, string>> = {
  learner_id: 'cmi.core.student_id',
  suspend_data: 'cmi.suspend_data',
  location: 'cmi.core.lesson_location',
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
  location: 'cmi.location',
  'score.raw': 'cmi.score.raw',
  'score.min': 'cmi.score.min',
  'score.max': 'cmi.score.max',
  'score.scaled': 'cmi.score.scaled',
  completion_status: 'cmi.completion_status',
  success_status: 'cmi.success_status',
  progress_measure: 'cmi.progress_measure',
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

/**
 * Calls the LMS without ever letting it stop the page: a call that throws, or a change it answers "false" (SCORM's
 * refusal), is reported to `failed`. (An LMS's exception inside a store listener once stopped the page's own
 * listeners, and the screen stayed at step 1.) A read answers "" when it throws.
 */
function guarded(failed: () => void) {
  return {
    change(call: () => string): void {
      try {
        if (String(call()) === 'false') failed();
      } catch {
        failed();
      }
    },
    read(call: () => string): string {
      try {
        const answer = call();
        return typeof answer === 'string' ? answer : '';
      } catch {
        failed();
        return '';
      }
    },
  };
}

/** Initializes an API; one that throws or refuses leaves the page outside any LMS, as the plain site. */
function initialized(initialize: () => string): boolean {
  try {
    return initialize() === 'true';
  } catch {
    return false;
  }
}

/**
 * Finds and initializes the LMS's API, SCORM 2004 first; null when the page runs outside an LMS. `failed` hears of
 * each later call the LMS did not accept.
 */
export function connectToLms(from: Window | Searchable, failed: () => void = () => {}): Lms | null {
  const call = guarded(failed);
  const api2004 = find(from as Searchable, 'API_1484_11') as Scorm2004Api | null;
  if (api2004 && initialized(() => api2004.Initialize(''))) {
    const name = (element: Element) => ELEMENTS_2004[element];
    return {
      version: '2004',
      get: (element) => {
        const mapped = name(element);
        return mapped ? call.read(() => api2004.GetValue(mapped)) : '';
      },
      set: (element, value) => {
        const mapped = name(element);
        if (mapped) call.change(() => api2004.SetValue(mapped, value));
      },
      read: (element) => call.read(() => api2004.GetValue(element)),
      put: (element, value) => call.change(() => api2004.SetValue(element, value)),
      commit: () => call.change(() => api2004.Commit('')),
      finish: () => call.change(() => api2004.Terminate('')),
    };
  }
  const api12 = find(from as Searchable, 'API') as Scorm12Api | null;
  if (api12 && initialized(() => api12.LMSInitialize(''))) {
    const name = (element: Element) => ELEMENTS_12[element];
    return {
      version: '1.2',
      get: (element) => {
        const mapped = name(element);
        return mapped ? call.read(() => api12.LMSGetValue(mapped)) : '';
      },
      set: (element, value) => {
        const mapped = name(element);
        if (mapped) call.change(() => api12.LMSSetValue(mapped, value));
      },
      read: (element) => call.read(() => api12.LMSGetValue(element)),
      put: (element, value) => call.change(() => api12.LMSSetValue(element, value)),
      commit: () => call.change(() => api12.LMSCommit('')),
      finish: () => call.change(() => api12.LMSFinish('')),
    };
  }
  return null;
}
