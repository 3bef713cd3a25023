import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createProgressStore } from '@/progress/progress-store';
import { createWalkthroughActions } from '@/store/actions';
import { DEFAULT_SCENARIO_ID } from '@/store/selectors';
import { createWalkthroughStore } from '@/store/walkthrough-store';
import { connectToHost } from './bridge';

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

const goToStep = (step: number) => ({ source: 'lockstep-host', version: 1, command: 'goToStep', step });

describe('the embed bridge obeys only the parent window at the configured origin', () => {
  beforeEach(() => {
    vi.stubGlobal(
      'ResizeObserver',
      class {
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
