import { createStore } from 'zustand/vanilla';
import { emptyProgress, loadProgress, saveProgress, type InterviewAnswer, type Progress } from './progress';

export interface ProgressState extends Progress {
  readonly notices: readonly string[];
}

export type ProgressStore = ReturnType<typeof createProgressStore>;

const emptyInterview: InterviewAnswer = { draft: '', revealed: false, ticked: [] };

/** The learner's answers, loaded from storage once and written back on every change. */
export function createProgressStore(storage: Storage | null) {
  const loaded = loadProgress(storage);
  const store = createStore<ProgressState>()(() => ({ ...loaded.progress, notices: loaded.notices }));
  store.subscribe((state, previous) => {
    if (
      state.quiz === previous.quiz &&
      state.interview === previous.interview &&
      state.predictions === previous.predictions
    )
      return;
    saveProgress(storage, { quiz: state.quiz, interview: state.interview, predictions: state.predictions });
  });
  return store;
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
    dismissNotices: () => store.setState({ notices: [] }),
  };
}

export type ProgressActions = ReturnType<typeof createProgressActions>;
