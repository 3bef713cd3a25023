import { createStore } from 'zustand/vanilla';
import content from 'virtual:lockstep/content';
import {
  applyChanges,
  changesBetween,
  emptyProgress,
  loadProgress,
  mergeChanges,
  noChanges,
  readStoredProgress,
  saveChanges,
  type ExerciseAnswer,
  type InterviewAnswer,
  type Progress,
  type ProgressChanges,
} from './progress';
import { STORAGE_KEY } from './storage-key';

export interface ProgressState extends Progress {
  readonly notices: readonly string[];
}

export type ProgressStore = ReturnType<typeof createProgressStore>;

const emptyInterview: InterviewAnswer = { draft: '', revealed: false, ticked: [] };

const sections = (state: Progress): Progress => ({
  quiz: state.quiz,
  interview: state.interview,
  predictions: state.predictions,
  exercises: state.exercises,
});

/**
 * The learner's answers, loaded from storage once. Each change is merged into what is stored, entry by entry,
 * and answers given in another tab or another embedded question arrive through `storage` events. When the
 * browser will not store them, the page says so once and keeps them for the visit, over anything another page
 * stores meanwhile, and saves them with the next change that can be saved.
 */
export function createProgressStore(
  storage: Storage | null,
  events: Pick<Window, 'addEventListener'> | null = typeof window === 'undefined' ? null : window,
) {
  // Stored text the learner has been told could not be read: saving over it again says nothing new.
  const reported = new Set<string>();
  const loaded = loadProgress(storage, Date.now(), reported);
  // Created at a fresh visit's state, which hydration takes as the server's (zustand's getInitialState), then set
  // to what was loaded: a prerendered page hydrates without a mismatch and then shows the saved answers.
  const store = createStore<ProgressState>()(() => ({ ...emptyProgress, notices: [] }));
  store.setState({ ...loaded.progress, notices: loaded.notices });
  // Without storage at all, loadProgress has said so already.
  let warned = storage === null;
  let applyingStored = false;
  // This page's changes the storage has not taken yet.
  let unsaved: ProgressChanges = noChanges;
  // This page's changes the storage took: checked again at each storage event, since another tab that read the
  // storage before this page wrote can write over them (two tabs saving within a few milliseconds).
  let written: ProgressChanges = noChanges;
  store.subscribe((state, previous) => {
    if (
      applyingStored ||
      (state.quiz === previous.quiz &&
        state.interview === previous.interview &&
        state.predictions === previous.predictions &&
        state.exercises === previous.exercises)
    )
      return;
    const changes = mergeChanges(unsaved, changesBetween(sections(previous), sections(state)));
    const { saved, notices } = saveChanges(storage, changes, sections(state), reported);
    unsaved = saved === null ? changes : noChanges;
    if (saved !== null) written = mergeChanges(written, changes);
    const tell = [...notices];
    if (saved === null && !warned) {
      warned = true;
      tell.push(content.notices.progress.notSaved);
    }
    if (tell.length > 0) store.setState({ notices: [...store.getState().notices, ...tell] });
  });
  events?.addEventListener('storage', (event: StorageEvent) => {
    if (event.key !== STORAGE_KEY || event.storageArea !== storage) return;
    // The storage as it is now, not the event's value: a later write may already have replaced that.
    let stored = readStoredProgress(readRaw(storage));
    if (!stored) return;
    const { overwritten, kept } = recheck(written, stored, readStoredProgress(event.oldValue));
    written = kept;
    if (hasChanges(overwritten)) {
      // Lost to a page that had not seen them: saved again, over what it stored.
      const { saved } = saveChanges(storage, overwritten, stored, reported);
      if (saved !== null) stored = saved;
      else unsaved = mergeChanges(overwritten, unsaved);
    }
    // What another page stored holds this page's saved answers; those this page could not save stay over it.
    applyingStored = true;
    store.setState(applyChanges(stored, unsaved));
    applyingStored = false;
  });
  /** Changes the learner made on this page, not those merged in from another tab or frame through storage. */
  const subscribeLocal = (listener: (state: ProgressState, previous: ProgressState) => void) =>
    store.subscribe((state, previous) => {
      if (!applyingStored) listener(state, previous);
    });
  return Object.assign(store, { subscribeLocal });
}

function readRaw(storage: Storage | null): string | null {
  try {
    return storage?.getItem(STORAGE_KEY) ?? null;
  } catch {
    return null;
  }
}

const hasChanges = (changes: ProgressChanges) =>
  Object.values(changes).some((section) => Object.keys(section).length > 0);

/**
 * This page's written changes against what is stored now. An entry stored as this page wrote it is kept for later
 * checks. One that differs was changed on purpose if the page that wrote it had seen this page's entry (the
 * event's old value held it): this page lets it go. Otherwise it was `overwritten` by a page that had not seen it.
 */
function recheck(
  written: ProgressChanges,
  stored: Progress,
  seenBefore: Progress | null,
): { overwritten: ProgressChanges; kept: ProgressChanges } {
  const same = (one: unknown, other: unknown) => JSON.stringify(one) === JSON.stringify(other);
  const split = <S extends keyof Progress>(section: S) => {
    const overwritten: Record<string, Progress[S][string] | undefined> = {};
    const kept: Record<string, Progress[S][string] | undefined> = {};
    for (const [key, entry] of Object.entries(written[section])) {
      const now = Object.hasOwn(stored[section], key) ? stored[section][key] : undefined;
      const before = seenBefore && Object.hasOwn(seenBefore[section], key) ? seenBefore[section][key] : undefined;
      if (same(now, entry)) kept[key] = entry;
      else if (!seenBefore || !same(before, entry)) {
        overwritten[key] = entry;
        kept[key] = entry;
      }
    }
    return { overwritten, kept };
  };
  const [quiz, interview, predictions, exercises] = [
    split('quiz'),
    split('interview'),
    split('predictions'),
    split('exercises'),
  ];
  return {
    overwritten: {
      quiz: quiz.overwritten,
      interview: interview.overwritten,
      predictions: predictions.overwritten,
      exercises: exercises.overwritten,
    },
    kept: { quiz: quiz.kept, interview: interview.kept, predictions: predictions.kept, exercises: exercises.kept },
  };
}

export function createProgressActions(store: ProgressStore) {
  const updateInterview = (id: string, change: (answer: InterviewAnswer) => InterviewAnswer) =>
    store.setState((state) => ({
      interview: { ...state.interview, [id]: change(state.interview[id] ?? emptyInterview) },
    }));
  return {
    respond: (id: string, response: readonly string[]) =>
      store.setState((state) => ({ quiz: { ...state.quiz, [id]: { response: [...response], checked: false } } })),
    check: (id: string, response: readonly string[]) =>
      store.setState((state) => ({ quiz: { ...state.quiz, [id]: { response: [...response], checked: true } } })),
    retry: (id: string) =>
      store.setState((state) => ({
        quiz: Object.fromEntries(Object.entries(state.quiz).filter(([question]) => question !== id)),
      })),
    resetQuiz: () => store.setState({ quiz: emptyProgress.quiz }),
    writeDraft: (id: string, draft: string) => updateInterview(id, (answer) => ({ ...answer, draft })),
    revealModelAnswer: (id: string) => updateInterview(id, (answer) => ({ ...answer, revealed: true })),
    toggleRubricItem: (id: string, item: string) =>
      updateInterview(id, (answer) => ({
        ...answer,
        ticked: answer.ticked.includes(item)
          ? answer.ticked.filter((ticked) => ticked !== item)
          : [...answer.ticked, item],
      })),
    predict: (key: string, optionId: string) =>
      store.setState((state) => ({ predictions: { ...state.predictions, [key]: optionId } })),
    /** The learner's latest text for a written exercise, and its verdict once checked. */
    writeExercise: (id: string, answer: ExerciseAnswer) =>
      store.setState((state) => ({ exercises: { ...state.exercises, [id]: answer } })),
    dismissNotices: () => store.setState({ notices: [] }),
  };
}

export type ProgressActions = ReturnType<typeof createProgressActions>;
