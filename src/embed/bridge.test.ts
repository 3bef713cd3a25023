import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createProgressActions, createProgressStore } from '@/progress/progress-store';
import { createWalkthroughActions } from '@/store/actions';
import { DEFAULT_SCENARIO_ID } from '@/store/selectors';
import { createWalkthroughStore } from '@/store/walkthrough-store';
import { connectToHost, SILENT_WIDGET } from './bridge';

const HOST = 'https://lms.example';

/** The course page around the widget, as the widget's `window.parent` sees it. */
const parentWindow = { postMessage: vi.fn() };

function setup() {
  const walkthroughStore = createWalkthroughStore({ scenarioId: DEFAULT_SCENARIO_ID });
  const disconnect = connectToHost({
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
    const disconnect = connectToHost({
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
    const disconnect = connectToHost({
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
    connectToHost({ ...options, parentOrigin: null })();
    expect(warn).toHaveBeenCalledWith(SILENT_WIDGET);
    Object.defineProperty(window, 'parent', { value: window, configurable: true });
    connectToHost({ ...options, parentOrigin: HOST })();
    actions.next();
    expect(parentWindow.postMessage).not.toHaveBeenCalled();
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it('tells the host on load where the walkthrough starts, as a link may open it at any step', () => {
    const walkthroughStore = createWalkthroughStore({ scenarioId: DEFAULT_SCENARIO_ID, cursor: 4 });
    const disconnect = connectToHost({
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
    const disconnect = connectToHost({
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
    const disconnect = connectToHost({
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
