import content from 'virtual:lockstep/content';
import practice from 'virtual:lockstep/practice';
import type { PageStores } from '@/app/page-stores';
import { scoreAnswer } from '@/progress/score';
import { selectCursor, selectStepCount } from '@/store/selectors';
import { interactionValues } from './interactions';
import { learnerStorage } from './learner-storage';
import { lmsValues, sessionTime, type Standing } from './report';
import { connectToLms, type Lms } from './scorm-api';
import { decodeSuspendData, encodeSuspendData, type SuspendState } from './suspend-data';
import { known } from '@/sim/known';

export interface LmsSession {
  readonly lms: Lms;
  /** Where the page keeps what is too long for the LMS (interview drafts), filed under this learner. */
  readonly storage: Storage | null;
  /** Reports to the LMS from now on, after restoring what it saved last time. */
  connect(stores: PageStores): void;
}

/**
 * Which answer to a question the gradebook counts (chosen at packaging time, `npm run package -- --score`): the
 * first checked, by default, so that a retry made after seeing the right answer is for learning only; or the best.
 */
export type ScoreRule = 'first' | 'best';
const SCORE_RULE: ScoreRule = import.meta.env.VITE_LOCKSTEP_SCORE === 'best' ? 'best' : 'first';

/**
 * The answers the gradebook counts: those it counted so far, with each newly checked question added. A question
 * checked again changes its counted answer only under `best`, and only from wrong to right.
 */
export function countedAnswers(
  counted: SuspendState['quiz'],
  checked: SuspendState['quiz'],
  rule: ScoreRule,
): SuspendState['quiz'] {
  const result = { ...counted };
  for (const [id, response] of Object.entries(checked)) {
    const before = counted[id];
    const question = practice.quiz.find((candidate) => candidate.id === id);
    if (!question) continue;
    const better = rule === 'best' && before && !scoreAnswer(question, before).correct;
    if (!before || (better && scoreAnswer(question, response).correct)) result[id] = response;
  }
  return result;
}

/** Finds the LMS around the page; null outside one, where the package works as the plain site. */
export function startLms(browser: Window, rule: ScoreRule = SCORE_RULE): LmsSession | null {
  // Said once, when the page's notices can show it: the lesson keeps working either way.
  let tellFailure: (() => void) | null = null;
  let failing = false;
  const lms = connectToLms(browser, () => {
    if (failing) return;
    failing = true;
    tellFailure?.();
  });
  if (!lms) return null;
  const started = Date.now();
  const kept = lms.get('suspend_data');
  const saved = decodeSuspendData(kept);
  let storage: Storage | null = null;
  try {
    storage = learnerStorage(browser.localStorage, lms.get('learner_id') || 'anonymous');
  } catch {
    // Storage switched off: the LMS's suspend_data still carries the graded answers.
  }
  return {
    lms,
    storage,
    connect: (stores) => {
      void stores.progress.then(({ store }) => {
        const tell = (notice: string) => {
          const { notices } = store.getState();
          if (!notices.includes(notice)) store.setState({ notices: [...notices, notice] });
        };
        tellFailure = () => tell(content.notices.lms.failing);
        if (failing) tellFailure();
        if (kept.trim() !== '' && saved === null) tell(content.notices.lms.savedUnreadable);
      });
      connect(lms, saved, stores, browser, started, rule);
    },
  };
}

function connect(
  lms: Lms,
  saved: SuspendState | null,
  stores: PageStores,
  browser: Window,
  started: number,
  rule: ScoreRule,
) {
  const { walkthroughStore, walkthroughActions } = stores;
  // What the LMS kept wins over what this browser has: the learner may have used another computer. Without
  // readable suspend data, the location alone (the step number) still says where the learner was.
  const step = /^\d+$/.test(lms.get('location')) ? Number(lms.get('location')) : 0;
  if (saved) walkthroughActions.goToPlace(saved.place);
  else if (step >= 1 && step <= selectStepCount(walkthroughStore.getState()))
    walkthroughActions.goToPlace({ cursor: step - 1, fencing: true });
  let walkthroughDone = saved?.walkthroughDone ?? false;
  let state: SuspendState = saved ?? {
    walkthroughDone,
    place: { cursor: 0, fencing: true },
    quiz: {},
    predictions: {},
    interactions: 0,
  };
  // Where the next interaction goes: after those the LMS holds, or, if it cannot say, those this package wrote.
  const counted = lms.read('cmi.interactions._count');
  let interactions = /^\d+$/.test(counted) ? Number(counted) : state.interactions;
  const passing = lms.get('passing_score');
  let finished = false;

  const report = (quiz: SuspendState['quiz'], predictions: SuspendState['predictions']) => {
    if (finished) return;
    const walkthrough = walkthroughStore.getState();
    state = {
      walkthroughDone,
      place: { cursor: selectCursor(walkthrough), fencing: walkthrough.fencing },
      quiz,
      predictions,
      interactions,
    };
    const checked = practice.quiz.filter((question) => quiz[question.id]);
    const standing: Standing = {
      walkthroughDone,
      quizDone: checked.length === practice.quiz.length,
      quizChecked: checked.length,
      quizRight: checked.filter((question) => scoreAnswer(question, known(quiz[question.id])).correct).length,
      quizTotal: practice.quiz.length,
    };
    for (const [element, value] of lmsValues(lms.version, standing, passing)) lms.set(element, value);
    lms.set('suspend_data', encodeSuspendData(state));
    // The step, as an LMS shows where a learner left off.
    lms.set('location', String(state.place.cursor + 1));
    // Keep the attempt open for the next launch until it is complete.
    const complete = standing.walkthroughDone && standing.quizDone;
    lms.set('exit', complete ? (lms.version === '2004' ? 'normal' : '') : 'suspend');
    lms.commit();
  };

  walkthroughStore.subscribe((walkthrough, previous) => {
    if (walkthrough.cursor === previous.cursor && walkthrough.fencing === previous.fencing) return;
    if (selectCursor(walkthrough) === selectStepCount(walkthrough) - 1) walkthroughDone = true;
    report(state.quiz, state.predictions);
  });

  void stores.progress.then(({ store }) => {
    if (saved) {
      store.setState({
        quiz: Object.fromEntries(
          Object.entries(saved.quiz).map(([id, response]) => [id, { response: [...response], checked: true }]),
        ),
        predictions: saved.predictions,
      });
    }
    // A question tried again (or a quiz started over) keeps its counted answer: the grade never goes back because
    // the learner is practising, and never goes up on a retry made after the right answer was shown (see ScoreRule).
    const answers = () => {
      const checked = Object.entries(store.getState().quiz).filter(([, answer]) => answer.checked);
      return countedAnswers(state.quiz, Object.fromEntries(checked.map(([id, answer]) => [id, answer.response])), rule);
    };
    store.subscribe((progress, previous) => {
      if (progress.quiz === previous.quiz && progress.predictions === previous.predictions) return;
      // Each answer checked is one interaction, retries too (the score counts only the first: see ScoreRule).
      for (const question of practice.quiz) {
        const now = progress.quiz[question.id];
        const before = previous.quiz[question.id];
        if (!now?.checked || (before?.checked && before.response === now.response)) continue;
        const at = new Date();
        for (const [element, value] of interactionValues(lms.version, interactions, {
          question,
          response: now.response,
          at,
        }))
          lms.put(element, value);
        interactions += 1;
      }
      report(answers(), progress.predictions);
    });
    report(answers(), store.getState().predictions);
  });

  // Leaving this page ends the LMS's session (pagehide), and the LMS refuses a new one: inside the LMS, a link to
  // another site (a source) or to another page of this one (the lab) opens in a new window, so this page stays.
  browser.document.addEventListener('click', (event) => {
    const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
    if (!(link instanceof HTMLAnchorElement) || link.target) return;
    const to = new URL(link.href);
    const elsewhere = to.origin !== browser.location.origin || new URLSearchParams(to.search).has('lab');
    if (!elsewhere || (event as MouseEvent).defaultPrevented) return;
    event.preventDefault();
    browser.open(to.href, '_blank', 'noopener');
  });

  // The page may be closed at any moment: end the session once, with its length, when it goes.
  browser.addEventListener('pagehide', () => {
    if (finished) return;
    lms.set('session_time', sessionTime(lms.version, Date.now() - started));
    lms.commit();
    finished = true;
    lms.finish();
  });
}
