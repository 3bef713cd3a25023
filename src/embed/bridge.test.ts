import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createProgressActions, createProgressStore } from '@/progress/progress-store';
import { DEFAULT_LAB_CONFIG } from '@/settings/lab-config';
import { createWalkthroughActions } from '@/store/actions';
import { DEFAULT_SCENARIO_ID } from '@/store/selectors';
import { createWalkthroughStore } from '@/store/walkthrough-store';
import { connectToHost, SILENT_WIDGET } from './bridge';

const HOST = 'https://lms.example';

/** The course page around the widget, as the widget's `window.parent` sees it. */
const parentWindow = { postMessage: vi.fn() };

function setup() {
  const walkthroughStore = createWalkthroughStore({ scenarioId: DEFAULT_SCENARIO_ID });
  const { disconnect } = connectToHost({
    parentOrigin: HOST,
    walkthroughStore,
    walkthroughActions: createWalkthroughActions(walkthroughStore),
    progressStore: createProgressStore(null),
  });
  return { walkthroughStore, disconnect };
}

/** A message as the browser would deliver it: `origin` and `source` are set by the browser, not the sender. */
function deliver(data: unknown, origin: string, source: unknown) {
  const event = new Event('message');
  Object.defineProperties(event, { data: { value: data }, origin: { value: origin }, source: { value: source } });
  window.dispatchEvent(event);
}

/** The widget inside a course page's frame: its parent is the page, and it can watch its own size. */
let observed: (() => void) | null = null;
beforeEach(() => {
  vi.stubGlobal(
    'ResizeObserver',
    class {
      constructor(callback: () => void) {
        observed = callback;
      }
      observe() {}
      disconnect() {}
    },
  );
  Object.defineProperty(window, 'parent', { value: parentWindow, configurable: true });
  parentWindow.postMessage.mockClear();
});
afterEach(() => {
  Object.defineProperty(window, 'parent', { value: window, configurable: true });
  vi.unstubAllGlobals();
});

const goToStep = (step: number) => ({ source: 'lockstep-host', version: 1, command: 'goToStep', step });

describe('the embed bridge obeys only the parent window at the configured origin', () => {
  it('a command from the parent at its origin moves the walkthrough, and the widget reports the step', () => {
    const { walkthroughStore, disconnect } = setup();
    deliver(goToStep(5), HOST, parentWindow);
    expect(walkthroughStore.getState().cursor).toBe(4);
    expect(parentWindow.postMessage).toHaveBeenCalledWith(
      expect.objectContaining({ kind: 'event', verb: 'progressed', step: 5 }),
      HOST,
    );
    disconnect();
  });

  it('the same command from another origin is ignored', () => {
    const { walkthroughStore, disconnect } = setup();
    deliver(goToStep(5), 'https://evil.example', parentWindow);
    deliver(goToStep(5), 'https://lms.example.evil.example', parentWindow);
    expect(walkthroughStore.getState().cursor).toBe(0);
    disconnect();
  });

  it('the same command from the right origin but another window (a sibling frame, a popup) is ignored', () => {
    const { walkthroughStore, disconnect } = setup();
    deliver(goToStep(5), HOST, { postMessage: vi.fn() });
    deliver(goToStep(5), HOST, null);
    expect(walkthroughStore.getState().cursor).toBe(0);
    disconnect();
  });

  it('after disconnecting, nothing is obeyed', () => {
    const { walkthroughStore, disconnect } = setup();
    disconnect();
    deliver(goToStep(5), HOST, parentWindow);
    expect(walkthroughStore.getState().cursor).toBe(0);
  });
});

describe('what the embed bridge tells the host', () => {
  const sent = () => parentWindow.postMessage.mock.calls.map(([message, origin]) => ({ message, origin }));
  const events = () =>
    sent().flatMap(({ message }) => ((message as { kind: string }).kind === 'event' ? [message] : []));

  it('reports its height once, and again only when it changes, always to the host origin only', () => {
    let height = 600.2;
    vi.spyOn(document.body, 'getBoundingClientRect').mockImplementation(() => ({ height }) as DOMRect);
    const { disconnect } = setup();
    observed!();
    height = 812;
    observed!();
    expect(sent().filter(({ message }) => (message as { kind: string }).kind === 'resize')).toEqual([
      { message: { source: 'lockstep', version: 1, kind: 'resize', height: 601 }, origin: HOST },
      { message: { source: 'lockstep', version: 1, kind: 'resize', height: 812 }, origin: HOST },
    ]);
    disconnect();
  });

  it('reports each step, with fencing, and completion only at the last step', () => {
    const walkthroughStore = createWalkthroughStore({ scenarioId: DEFAULT_SCENARIO_ID });
    const actions = createWalkthroughActions(walkthroughStore);
    const { disconnect } = connectToHost({
      parentOrigin: HOST,
      walkthroughStore,
      walkthroughActions: actions,
      progressStore: createProgressStore(null),
    });
    actions.next();
    actions.setFencing(false);
    expect(events()).toEqual([
      {
        source: 'lockstep',
        version: 1,
        kind: 'event',
        verb: 'progressed',
        widget: 'walkthrough',
        step: 1,
        of: 23,
        fencing: 'on',
      },
      {
        source: 'lockstep',
        version: 1,
        kind: 'event',
        verb: 'progressed',
        widget: 'walkthrough',
        step: 2,
        of: 23,
        fencing: 'on',
      },
      {
        source: 'lockstep',
        version: 1,
        kind: 'event',
        verb: 'progressed',
        widget: 'walkthrough',
        step: 2,
        of: 23,
        fencing: 'off',
      },
    ]);
    parentWindow.postMessage.mockClear();
    actions.goToLast();
    expect(events().map((event) => (event as { verb: string }).verb)).toEqual(['progressed', 'completed']);
    disconnect();
  });

  it('reports each checked quiz answer once, right or wrong, and the score when every question is answered', async () => {
    const progressStore = createProgressStore(null);
    const progress = createProgressActions(progressStore);
    const walkthroughStore = createWalkthroughStore({ scenarioId: DEFAULT_SCENARIO_ID });
    const { disconnect } = connectToHost({
      parentOrigin: HOST,
      walkthroughStore,
      walkthroughActions: createWalkthroughActions(walkthroughStore),
      progressStore: Promise.resolve(progressStore),
      questionIds: ['q1', 'q2'],
      walkthrough: false,
      scoreQuestion: (id, response) => (id === 'unknown' ? null : response.includes('right')),
    });
    await Promise.resolve();
    progress.respond('q1', ['right']);
    progress.check('q1', ['right']);
    progress.check('unknown', ['x']);
    // Another question, answered in another frame of the same course, is that frame's to report.
    progress.check('elsewhere', ['right']);
    progress.check('q2', ['wrong']);
    expect(events()).toEqual([
      {
        source: 'lockstep',
        version: 1,
        kind: 'event',
        verb: 'answered',
        widget: 'quiz',
        questionId: 'q1',
        correct: true,
      },
      {
        source: 'lockstep',
        version: 1,
        kind: 'event',
        verb: 'answered',
        widget: 'quiz',
        questionId: 'q2',
        correct: false,
      },
      { source: 'lockstep', version: 1, kind: 'event', verb: 'completed', widget: 'quiz', score: { right: 1, of: 2 } },
    ]);
    disconnect();
  });

  it('stays silent with no host origin, and says why in the console; and when it is not in a frame', () => {
    const walkthroughStore = createWalkthroughStore({ scenarioId: DEFAULT_SCENARIO_ID });
    const actions = createWalkthroughActions(walkthroughStore);
    const warn = vi.fn();
    const options = { walkthroughStore, walkthroughActions: actions, progressStore: createProgressStore(null), warn };
    connectToHost({ ...options, parentOrigin: null }).disconnect();
    expect(warn).toHaveBeenCalledWith(SILENT_WIDGET);
    Object.defineProperty(window, 'parent', { value: window, configurable: true });
    connectToHost({ ...options, parentOrigin: HOST }).disconnect();
    actions.next();
    expect(parentWindow.postMessage).not.toHaveBeenCalled();
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it('tells the host on load where the walkthrough starts, as a link may open it at any step', () => {
    const walkthroughStore = createWalkthroughStore({ scenarioId: DEFAULT_SCENARIO_ID, cursor: 4 });
    const { disconnect } = connectToHost({
      parentOrigin: HOST,
      walkthroughStore,
      walkthroughActions: createWalkthroughActions(walkthroughStore),
      progressStore: createProgressStore(null),
    });
    expect(events()).toEqual([expect.objectContaining({ verb: 'progressed', step: 5, of: 23 })]);
    disconnect();
  });

  it('sends completed once per run-through: not again on a toggle at the last step, again after starting over', () => {
    const walkthroughStore = createWalkthroughStore({ scenarioId: DEFAULT_SCENARIO_ID });
    const actions = createWalkthroughActions(walkthroughStore);
    const { disconnect } = connectToHost({
      parentOrigin: HOST,
      walkthroughStore,
      walkthroughActions: actions,
      progressStore: createProgressStore(null),
    });
    const completions = () => events().filter((event) => (event as { verb: string }).verb === 'completed').length;
    actions.goToLast();
    expect(completions()).toBe(1);
    actions.setFencing(false);
    actions.setFencing(true);
    actions.back();
    actions.goToLast();
    expect(completions()).toBe(1);
    actions.goToFirst();
    actions.goToLast();
    expect(completions()).toBe(2);
    disconnect();
  });

  it('a quiz or lab widget sends no walkthrough events and obeys no step commands', () => {
    const walkthroughStore = createWalkthroughStore({ scenarioId: DEFAULT_SCENARIO_ID });
    const actions = createWalkthroughActions(walkthroughStore);
    const { disconnect } = connectToHost({
      parentOrigin: HOST,
      walkthroughStore,
      walkthroughActions: actions,
      progressStore: createProgressStore(null),
      walkthrough: false,
    });
    actions.next();
    deliver(goToStep(9), HOST, parentWindow);
    expect(walkthroughStore.getState().cursor).toBe(1);
    expect(events()).toEqual([]);
    disconnect();
  });
});

describe('the embed bridge, command by command and until it disconnects', () => {
  const events = () =>
    parentWindow.postMessage.mock.calls.flatMap(([message]) =>
      (message as { kind: string }).kind === 'event' ? [message as { verb: string }] : [],
    );
  const setFencing = (fencing: unknown) => ({ source: 'lockstep-host', version: 1, command: 'setFencing', fencing });

  /** A quiz widget for questions q1 and q2 (or those given; null: none), whose right answer is the option `right`. */
  function quizWidget(options: { questionIds?: readonly string[] | null; scored?: boolean } = {}) {
    const { questionIds = ['q1', 'q2'] } = options;
    const progressStore = createProgressStore(null);
    const walkthroughStore = createWalkthroughStore({ scenarioId: DEFAULT_SCENARIO_ID });
    const { disconnect } = connectToHost({
      parentOrigin: HOST,
      walkthroughStore,
      walkthroughActions: createWalkthroughActions(walkthroughStore),
      progressStore,
      walkthrough: false,
      ...(questionIds === null ? {} : { questionIds }),
      ...(options.scored === false
        ? {}
        : {
            scoreQuestion: (id: string, response: readonly string[]) =>
              id === 'q3' ? null : response.includes('right'),
          }),
    });
    return { progress: createProgressActions(progressStore), progressStore, disconnect };
  }

  it('turns fencing off and on at the host’s command', () => {
    const { walkthroughStore, disconnect } = setup();
    deliver(setFencing('off'), HOST, parentWindow);
    expect(walkthroughStore.getState().fencing).toBe(false);
    expect(parentWindow.postMessage).toHaveBeenLastCalledWith(
      expect.objectContaining({ verb: 'progressed', fencing: 'off' }),
      HOST,
    );
    deliver(setFencing(true), HOST, parentWindow);
    expect(walkthroughStore.getState()).toMatchObject({ fencing: true, cursor: 0 });
    deliver({ source: 'lockstep-host', version: 1, command: 'goToStep', step: '3' }, HOST, parentWindow);
    expect(walkthroughStore.getState().cursor).toBe(0);
    disconnect();
  });

  it('reports no step when only the view changes (text version, side by side)', () => {
    const walkthroughStore = createWalkthroughStore({ scenarioId: DEFAULT_SCENARIO_ID });
    const actions = createWalkthroughActions(walkthroughStore);
    const { disconnect } = connectToHost({
      parentOrigin: HOST,
      walkthroughStore,
      walkthroughActions: actions,
      progressStore: createProgressStore(null),
    });
    parentWindow.postMessage.mockClear();
    actions.toggleCompare();
    actions.toggleTextVersion();
    actions.setFencing(true);
    expect(events()).toEqual([]);
    disconnect();
  });

  it('after disconnecting, stops watching its size, its steps and its answers', () => {
    const disconnected = vi.fn();
    vi.stubGlobal(
      'ResizeObserver',
      class {
        observe() {}
        disconnect = disconnected;
      },
    );
    const walkthroughStore = createWalkthroughStore({ scenarioId: DEFAULT_SCENARIO_ID });
    const actions = createWalkthroughActions(walkthroughStore);
    const progressStore = createProgressStore(null);
    const { disconnect } = connectToHost({
      parentOrigin: HOST,
      walkthroughStore,
      walkthroughActions: actions,
      progressStore,
      questionIds: ['q1'],
      scoreQuestion: () => true,
    });
    return Promise.resolve().then(() => {
      disconnect();
      parentWindow.postMessage.mockClear();
      actions.next();
      createProgressActions(progressStore).check('q1', ['a']);
      expect(disconnected).toHaveBeenCalledTimes(1);
      expect(parentWindow.postMessage).not.toHaveBeenCalled();
    });
  });

  it('never watches answers whose store arrives after it was disconnected', async () => {
    const progressStore = createProgressStore(null);
    let arrive: (store: typeof progressStore) => void = () => undefined;
    const walkthroughStore = createWalkthroughStore({ scenarioId: DEFAULT_SCENARIO_ID });
    const { disconnect } = connectToHost({
      parentOrigin: HOST,
      walkthroughStore,
      walkthroughActions: createWalkthroughActions(walkthroughStore),
      progressStore: new Promise((resolve) => (arrive = resolve)),
      questionIds: ['q1'],
      scoreQuestion: () => true,
      walkthrough: false,
    });
    disconnect();
    arrive(progressStore);
    await Promise.resolve();
    await Promise.resolve();
    createProgressActions(progressStore).check('q1', ['a']);
    expect(events()).toEqual([]);
  });

  it('reports an answer only when it is checked, and only the first time', async () => {
    const { progress, disconnect } = quizWidget();
    await Promise.resolve();
    progress.respond('q1', ['right']);
    expect(events()).toEqual([]);
    progress.check('q1', ['right']);
    progress.check('q1', ['wrong']);
    expect(events()).toEqual([expect.objectContaining({ verb: 'answered', questionId: 'q1', correct: true })]);
    disconnect();
  });

  it('counts only answers scored right, sends the score once, and again after a retry completes the quiz', async () => {
    const { progress, disconnect } = quizWidget();
    await Promise.resolve();
    progress.check('q1', ['wrong']);
    progress.check('q2', ['wrong']);
    expect(events().at(-1)).toMatchObject({ verb: 'completed', widget: 'quiz', score: { right: 0, of: 2 } });
    progress.predict('stale-certificate:on', 'rejected');
    progress.check('q2', ['right']);
    expect(events().filter(({ verb }) => verb === 'completed')).toHaveLength(1);
    progress.retry('q2');
    progress.check('q2', ['right']);
    expect(events().at(-1)).toMatchObject({ verb: 'completed', score: { right: 1, of: 2 } });
    disconnect();
  });

  it('counts a question the widget cannot score as not right', async () => {
    const { progress, disconnect } = quizWidget({ questionIds: ['q1', 'q3'] });
    await Promise.resolve();
    progress.check('q1', ['right']);
    progress.check('q3', ['right']);
    expect(events().map(({ verb }) => verb)).toEqual(['answered', 'completed']);
    expect(events().at(-1)).toMatchObject({ score: { right: 1, of: 2 } });
    disconnect();
  });

  it('reports no answers without questions of its own, or without a way to score them', async () => {
    const none = quizWidget({ questionIds: [] });
    const unlisted = quizWidget({ questionIds: null });
    const unscored = quizWidget({ scored: false });
    await Promise.resolve();
    for (const { progress } of [none, unlisted, unscored]) {
      progress.check('q1', ['right']);
      progress.check('q2', ['right']);
    }
    expect(events()).toEqual([]);
    for (const { disconnect } of [none, unlisted, unscored]) disconnect();
  });

  it('explains its silence in the browser console by default', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const walkthroughStore = createWalkthroughStore({ scenarioId: DEFAULT_SCENARIO_ID });
    connectToHost({
      parentOrigin: null,
      walkthroughStore,
      walkthroughActions: createWalkthroughActions(walkthroughStore),
      progressStore: createProgressStore(null),
    }).disconnect();
    expect(warn).toHaveBeenCalledWith(SILENT_WIDGET);
    warn.mockRestore();
  });

  it('reports the first height whatever it is, even a single pixel', () => {
    vi.spyOn(document.body, 'getBoundingClientRect').mockImplementation(() => ({ height: 1 }) as DOMRect);
    const { disconnect } = setup();
    expect(parentWindow.postMessage).toHaveBeenCalledWith(
      { source: 'lockstep', version: 1, kind: 'resize', height: 1 },
      HOST,
    );
    disconnect();
  });

  it('sends completed for a walkthrough opened part-way through when the learner reaches the end', () => {
    const walkthroughStore = createWalkthroughStore({ scenarioId: DEFAULT_SCENARIO_ID, cursor: 4 });
    const actions = createWalkthroughActions(walkthroughStore);
    const { disconnect } = connectToHost({
      parentOrigin: HOST,
      walkthroughStore,
      walkthroughActions: actions,
      progressStore: createProgressStore(null),
    });
    actions.goToLast();
    expect(events().at(-1)).toEqual({
      source: 'lockstep',
      version: 1,
      kind: 'event',
      verb: 'completed',
      widget: 'walkthrough',
    });
    disconnect();
  });

  it('outside a frame, posts nothing to its own window and obeys no message', () => {
    Object.defineProperty(window, 'parent', { value: window, configurable: true });
    const posted = vi.spyOn(window, 'postMessage');
    const walkthroughStore = createWalkthroughStore({ scenarioId: DEFAULT_SCENARIO_ID });
    const { disconnect } = connectToHost({
      parentOrigin: HOST,
      walkthroughStore,
      walkthroughActions: createWalkthroughActions(walkthroughStore),
      progressStore: createProgressStore(null),
    });
    deliver({ source: 'lockstep-host', version: 1, command: 'goToStep', step: 5 }, HOST, window);
    expect(posted).not.toHaveBeenCalled();
    expect(walkthroughStore.getState().cursor).toBe(0);
    disconnect();
    posted.mockRestore();
  });
});

describe('the map widget', () => {
  it('reports each map it draws as progressed, with its service, storage and axes, and never completed', () => {
    const walkthroughStore = createWalkthroughStore({ scenarioId: DEFAULT_SCENARIO_ID });
    const { disconnect, reportMapDrawn } = connectToHost({
      parentOrigin: HOST,
      walkthroughStore,
      walkthroughActions: createWalkthroughActions(walkthroughStore),
      progressStore: createProgressStore(null),
      walkthrough: false,
    });
    parentWindow.postMessage.mockClear();
    reportMapDrawn({ ...DEFAULT_LAB_CONFIG, service: 'redlock', storage: 'unchecked', mapAcross: 'clockDriftPct' });
    const events = parentWindow.postMessage.mock.calls
      .map(([message]) => message as { kind: string })
      .filter((message) => message.kind === 'event');
    expect(events).toEqual([
      {
        source: 'lockstep',
        version: 1,
        kind: 'event',
        verb: 'progressed',
        widget: 'map',
        service: 'redlock',
        storage: 'unchecked',
        across: 'drift',
        up: 'pause',
      },
    ]);
    expect(parentWindow.postMessage).toHaveBeenCalledWith(expect.anything(), HOST);
    disconnect();
  });
});

describe('the embed bridge in a course: what a gradebook may trust', () => {
  const sent = () => parentWindow.postMessage.mock.calls.map(([message]) => message as Record<string, unknown>);
  const verbs = () => sent().flatMap((message) => (message.kind === 'event' ? [message.verb] : []));

  it('a compact player reports its fixed height once, as a resize and as Canvas’s lti.frameResize', () => {
    vi.spyOn(document.body, 'getBoundingClientRect').mockImplementation(() => ({ height: 2500 }) as DOMRect);
    const walkthroughStore = createWalkthroughStore({ scenarioId: DEFAULT_SCENARIO_ID });
    const { disconnect } = connectToHost({
      parentOrigin: HOST,
      walkthroughStore,
      walkthroughActions: createWalkthroughActions(walkthroughStore),
      progressStore: createProgressStore(null),
      fixedHeight: 640,
    });
    observed?.();
    const sizes = sent().filter((message) => message.kind === 'resize' || message.subject === 'lti.frameResize');
    expect(sizes).toEqual([
      { source: 'lockstep', version: 1, kind: 'resize', height: 640 },
      { subject: 'lti.frameResize', height: 640 },
    ]);
    disconnect();
  });

  it('a frame that grows with its content sends lti.frameResize beside each resize', () => {
    vi.spyOn(document.body, 'getBoundingClientRect').mockImplementation(() => ({ height: 700 }) as DOMRect);
    const { disconnect } = setup();
    expect(parentWindow.postMessage).toHaveBeenCalledWith({ subject: 'lti.frameResize', height: 700 }, HOST);
    disconnect();
  });

  it('a link that opens at the last step is not a completion; reaching the end after starting over is', () => {
    const walkthroughStore = createWalkthroughStore({ scenarioId: DEFAULT_SCENARIO_ID, cursor: 22 });
    const actions = createWalkthroughActions(walkthroughStore);
    const { disconnect } = connectToHost({
      parentOrigin: HOST,
      walkthroughStore,
      walkthroughActions: actions,
      progressStore: createProgressStore(null),
    });
    expect(verbs()).toEqual(['progressed']);
    actions.back();
    actions.next();
    expect(verbs()).not.toContain('completed');
    actions.goToFirst();
    actions.goToLast();
    expect(verbs().filter((verb) => verb === 'completed')).toHaveLength(1);
    disconnect();
  });

  it('an answer merged in from another frame through storage is not reported again', async () => {
    const storage = window.localStorage;
    storage.clear();
    const progressStore = createProgressStore(storage);
    const walkthroughStore = createWalkthroughStore({ scenarioId: DEFAULT_SCENARIO_ID });
    const { disconnect } = connectToHost({
      parentOrigin: HOST,
      walkthroughStore,
      walkthroughActions: createWalkthroughActions(walkthroughStore),
      progressStore,
      questionIds: ['q1', 'q2'],
      walkthrough: false,
      scoreQuestion: (_, response) => response.includes('right'),
    });
    await Promise.resolve();
    // Another frame on the course page (a single question) checks q1 and stores it.
    const otherFrame = createProgressStore(storage, null);
    createProgressActions(otherFrame).check('q1', ['right']);
    window.dispatchEvent(
      new StorageEvent('storage', {
        key: 'lockstep:progress',
        newValue: storage.getItem('lockstep:progress'),
        storageArea: storage,
      }),
    );
    expect(progressStore.getState().quiz.q1?.checked).toBe(true);
    expect(verbs()).toEqual([]);
    // The learner answers q2 here: reported here, and the quiz is complete, counting q1 from the other frame.
    createProgressActions(progressStore).check('q2', ['wrong']);
    expect(sent().filter((message) => message.kind === 'event')).toEqual([
      expect.objectContaining({ verb: 'answered', questionId: 'q2', correct: false }),
      expect.objectContaining({ verb: 'completed', widget: 'quiz', score: { right: 1, of: 2 } }),
    ]);
    storage.clear();
    disconnect();
  });

  it('a lab run reports each step, and completed with its verdict once at its end, again only after a new run', () => {
    const walkthroughStore = createWalkthroughStore({ scenarioId: DEFAULT_SCENARIO_ID });
    const { disconnect, reportLabStep } = connectToHost({
      parentOrigin: HOST,
      walkthroughStore,
      walkthroughActions: createWalkthroughActions(walkthroughStore),
      progressStore: createProgressStore(null),
      walkthrough: false,
    });
    parentWindow.postMessage.mockClear();
    const step = (at: number) => reportLabStep({ step: at, of: 3, service: 'redis', verdict: 'staleWriteLanded' });
    step(1);
    step(2);
    expect(sent().filter((message) => message.kind === 'event')).toEqual([
      {
        source: 'lockstep',
        version: 1,
        kind: 'event',
        verb: 'progressed',
        widget: 'lab',
        step: 1,
        of: 3,
        service: 'redis',
      },
      {
        source: 'lockstep',
        version: 1,
        kind: 'event',
        verb: 'progressed',
        widget: 'lab',
        step: 2,
        of: 3,
        service: 'redis',
      },
    ]);
    step(3);
    expect(sent().at(-1)).toEqual({
      source: 'lockstep',
      version: 1,
      kind: 'event',
      verb: 'completed',
      widget: 'lab',
      service: 'redis',
      verdict: 'staleWriteLanded',
    });
    // Back a step and forward again is the same run-through: no second completion.
    step(2);
    step(3);
    expect(verbs().filter((verb) => verb === 'completed')).toHaveLength(1);
    // New settings start again at step 1: their end completes anew.
    step(1);
    step(3);
    expect(verbs().filter((verb) => verb === 'completed')).toHaveLength(2);
    disconnect();
  });
});
