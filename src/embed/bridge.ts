import type { LabStepReport } from '@/lab/lab-page';
import type { ProgressStore } from '@/progress/progress-store';
import { LAB_FIELDS, type LabConfig } from '@/settings/lab-config';
import { selectCursor, selectStepCount } from '@/store/selectors';
import type { WalkthroughActions } from '@/store/actions';
import type { WalkthroughStore } from '@/store/walkthrough-store';
import {
  canvasResizeMessage,
  eventMessage,
  parseHostCommand,
  resizeMessage,
  type LockstepEvent,
  type OutgoingMessage,
} from './protocol';

export interface BridgeOptions {
  readonly parentOrigin: string | null;
  readonly walkthroughStore: WalkthroughStore;
  readonly walkthroughActions: WalkthroughActions;
  /** Saved progress, or the promise of it (the page loads it after the first view). */
  readonly progressStore: ProgressStore | Promise<ProgressStore>;
  /** Whether a quiz response is right; only the quiz widgets know their questions. */
  readonly scoreQuestion?: (questionId: string, response: readonly string[]) => boolean | null;
  /** The questions this widget shows: it reports answers to these alone, and `completed` when all are checked. */
  readonly questionIds?: readonly string[];
  /** Only the walkthrough widget reports steps and obeys step commands; a quiz or lab never does. */
  readonly walkthrough?: boolean;
  /** A compact player's height: reported once instead of the content's height as it changes. */
  readonly fixedHeight?: number;
  /** Where to explain why the widget is silent (the browser console by default). */
  readonly warn?: (message: string) => void;
}

/** What an embedded page holds once connected: a way to stop, and the lab's and the map's ways to report. */
export interface HostConnection {
  readonly disconnect: () => void;
  /** The lab widget reports each step it shows; the others never call it. */
  readonly reportLabStep: (report: LabStepReport) => void;
  /** The map widget reports each map it draws (`progressed` only: a map has no end to complete). */
  readonly reportMapDrawn: (config: LabConfig) => void;
}

/** Why an embedded widget sends nothing: said once, in the console, so a course author can find it. */
export const SILENT_WIDGET =
  'Lockstep: this widget sends no messages to the page around it, because it cannot tell which origin that ' +
  'page has (the browser sent no referrer). Add parentOrigin=https://your.site to the iframe address.';

/**
 * Connects an embedded widget to the page around it: reports its height and the learner's progress, and
 * obeys goToStep / setFencing, but only in messages from the parent window at the configured origin.
 */
export function connectToHost(options: BridgeOptions): HostConnection {
  const { parentOrigin, walkthroughStore, walkthroughActions, progressStore, walkthrough = true } = options;
  const unconnected = { disconnect: () => undefined, reportLabStep: () => undefined, reportMapDrawn: () => undefined };
  if (window.parent === window) return unconnected;
  if (!parentOrigin) {
    (options.warn ?? console.warn)(SILENT_WIDGET);
    return unconnected;
  }
  const post = (message: OutgoingMessage) => window.parent.postMessage(message, parentOrigin);
  const emit = (event: LockstepEvent) => post(eventMessage(event));

  let lastHeight = -1;
  const reportHeight = () => {
    const height = Math.ceil(options.fixedHeight ?? document.body.getBoundingClientRect().height);
    if (height === lastHeight) return;
    lastHeight = height;
    post(resizeMessage(height));
    // Canvas sizes an LTI frame from this message; other hosts ignore it.
    window.parent.postMessage(canvasResizeMessage(height), parentOrigin);
  };
  // A compact player is one screen of a fixed height: its content scrolls within it, never the frame.
  const resizeObserver = new ResizeObserver(reportHeight);
  if (options.fixedHeight === undefined) resizeObserver.observe(document.body);
  reportHeight();

  // `completed` once per run-through: sent at the last step, and again only after the learner starts over. A link
  // that opens at the last step is not a completion.
  let completed = selectCursor(walkthroughStore.getState()) + 1 === selectStepCount(walkthroughStore.getState());
  const reportStep = () => {
    const state = walkthroughStore.getState();
    const step = selectCursor(state) + 1;
    const of = selectStepCount(state);
    emit({ verb: 'progressed', widget: 'walkthrough', step, of, fencing: state.fencing ? 'on' : 'off' });
    if (step === 1) completed = false;
    if (step === of && !completed) {
      completed = true;
      emit({ verb: 'completed', widget: 'walkthrough' });
    }
  };
  let unsubscribeWalkthrough = () => {};
  if (walkthrough) {
    // The host learns where the learner starts (a link may open at any step).
    reportStep();
    unsubscribeWalkthrough = walkthroughStore.subscribe((state, previous) => {
      if (state.cursor !== previous.cursor || state.fencing !== previous.fencing) reportStep();
    });
  }

  let disconnected = false;
  let unsubscribeProgress = () => {};
  // Only the frame where the learner checked an answer reports it: one merged in from another frame is theirs.
  const watchAnswers = (store: ProgressStore) =>
    store.subscribeLocal((state, previous) => {
      const { scoreQuestion, questionIds } = options;
      if (!scoreQuestion || state.quiz === previous.quiz) return;
      const ids = questionIds ?? [];
      for (const [questionId, answer] of Object.entries(state.quiz)) {
        if (!ids.includes(questionId) || !answer.checked || previous.quiz[questionId]?.checked) continue;
        const correct = scoreQuestion(questionId, answer.response);
        if (correct !== null) emit({ verb: 'answered', widget: 'quiz', questionId, correct });
      }
      const finished = (quiz: typeof state.quiz) => ids.length > 0 && ids.every((id) => quiz[id]?.checked);
      if (finished(state.quiz) && !finished(previous.quiz)) {
        const right = ids.filter((id) => scoreQuestion(id, state.quiz[id]?.response ?? []) === true).length;
        emit({ verb: 'completed', widget: 'quiz', score: { right, of: ids.length } });
      }
    });

  void Promise.resolve(progressStore).then((store) => {
    if (!disconnected) unsubscribeProgress = watchAnswers(store);
  });

  const onMessage = (event: MessageEvent) => {
    if (!walkthrough || event.origin !== parentOrigin || event.source !== window.parent) return;
    const command = parseHostCommand(event.data);
    if (command?.command === 'goToStep') walkthroughActions.goToStep(command.step - 1);
    if (command?.command === 'setFencing') walkthroughActions.setFencing(command.fencing);
  };
  window.addEventListener('message', onMessage);

  // A lab run's `completed` comes once per run-through, as the walkthrough's does; new settings start a new run.
  let labCompleted = false;
  const reportLabStep = ({ step, of, service, verdict }: LabStepReport) => {
    emit({ verb: 'progressed', widget: 'lab', step, of, service });
    if (step === 1) labCompleted = false;
    if (step === of && !labCompleted) {
      labCompleted = true;
      emit({ verb: 'completed', widget: 'lab', service, verdict });
    }
  };

  const reportMapDrawn = (config: LabConfig) =>
    emit({
      verb: 'progressed',
      widget: 'map',
      service: config.service,
      storage: config.storage,
      across: LAB_FIELDS[config.mapAcross].param,
      up: LAB_FIELDS[config.mapUp].param,
    });

  const disconnect = () => {
    disconnected = true;
    resizeObserver.disconnect();
    unsubscribeWalkthrough();
    unsubscribeProgress();
    window.removeEventListener('message', onMessage);
  };
  return { disconnect, reportLabStep, reportMapDrawn };
}
