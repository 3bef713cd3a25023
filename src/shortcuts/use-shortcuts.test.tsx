import { act, fireEvent, render, screen } from '@testing-library/react';
import { useRef, type ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { memoryStorage } from '@/testing/render-walkthrough';
import { createShortcutStore } from './keymap';
import { ShortcutContext, useKeyShortcutsAttribute, useShortcuts } from './use-shortcuts';

function withStore(ui: ReactNode) {
  const store = createShortcutStore(memoryStorage(), null);
  const view = render(<ShortcutContext.Provider value={store}>{ui}</ShortcutContext.Provider>);
  return { ...view, store };
}

/** The reading keys, heard over the whole page or only inside a scope (a run in the lesson). */
function Reader({
  next,
  back,
  scoped = false,
  ignore,
}: {
  next: () => void;
  back?: () => void;
  scoped?: boolean;
  ignore?: (event: KeyboardEvent) => boolean;
}) {
  const scope = useRef<HTMLDivElement>(null);
  useShortcuts(
    'reading',
    { next, ...(back ? { back } : {}) },
    { ...(scoped ? { scope } : {}), ...(ignore ? { ignore } : {}) },
  );
  return (
    <>
      <div ref={scope} tabIndex={-1} data-testid="scope">
        <button type="button">inside</button>
      </div>
      <button type="button">outside</button>
      <input aria-label="a field" />
      <dialog open>
        <button type="button">in a dialog</button>
      </dialog>
    </>
  );
}

const press = (target: Element, key: string, init: KeyboardEventInit = {}) =>
  fireEvent.keyDown(target, { key, bubbles: true, cancelable: true, ...init });

afterEach(() => vi.useRealTimers());

describe('useShortcuts', () => {
  it('runs the action named for the key, and takes the key from the browser', () => {
    const next = vi.fn();
    withStore(<Reader next={next} />);
    expect(press(document.body, 'ArrowRight')).toBe(false);
    expect(next).toHaveBeenCalledTimes(1);
  });

  it('leaves a key with no action, or an action with no handler, to the browser', () => {
    const next = vi.fn();
    withStore(<Reader next={next} />);
    expect(press(document.body, 'q')).toBe(true);
    // ArrowLeft is Back, which this page does not handle.
    expect(press(document.body, 'ArrowLeft')).toBe(true);
    expect(next).not.toHaveBeenCalled();
  });

  it('leaves keys typed into a field, or pressed in a dialog, or with Ctrl, Alt or Meta', () => {
    const next = vi.fn();
    withStore(<Reader next={next} />);
    press(screen.getByRole('textbox', { name: 'a field' }), 'ArrowRight');
    press(screen.getByRole('button', { name: 'in a dialog' }), 'ArrowRight');
    press(document.body, 'ArrowRight', { ctrlKey: true });
    press(document.body, 'ArrowRight', { altKey: true });
    press(document.body, 'ArrowRight', { metaKey: true });
    expect(next).not.toHaveBeenCalled();
  });

  it('leaves a key something else has already handled', () => {
    const next = vi.fn();
    withStore(<Reader next={next} />);
    const handled = new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true, cancelable: true });
    handled.preventDefault();
    document.body.dispatchEvent(handled);
    expect(next).not.toHaveBeenCalled();
  });

  it('leaves a key the page says to ignore, and only that key', () => {
    const next = vi.fn();
    withStore(<Reader next={next} ignore={(event) => event.target instanceof HTMLButtonElement} />);
    press(document.body, 'ArrowRight');
    expect(next).toHaveBeenCalledTimes(1);
    expect(press(screen.getByRole('button', { name: 'outside' }), 'ArrowRight')).toBe(true);
    expect(next).toHaveBeenCalledTimes(1);
  });

  it('with a scope, hears only keys pressed while focus is inside it', () => {
    const next = vi.fn();
    withStore(<Reader next={next} scoped />);
    press(screen.getByRole('button', { name: 'outside' }), 'ArrowRight');
    press(document.body, 'ArrowRight');
    expect(next).not.toHaveBeenCalled();
    press(screen.getByRole('button', { name: 'inside' }), 'ArrowRight');
    expect(next).toHaveBeenCalledTimes(1);
  });

  it('keeps focus in the scope when the key left it on the page or on a button it disabled', () => {
    vi.useFakeTimers();
    const inside = () => screen.getByRole('button', { name: 'inside' });
    withStore(
      <Reader
        next={() => (document.activeElement as HTMLElement).blur()}
        back={() => inside().setAttribute('disabled', '')}
        scoped
      />,
    );
    const scope = screen.getByTestId('scope');
    inside().focus();
    press(inside(), 'ArrowRight');
    act(() => vi.runAllTimers());
    expect(scope).toHaveFocus();
    inside().focus();
    press(inside(), 'ArrowLeft');
    act(() => vi.runAllTimers());
    expect(scope).toHaveFocus();
  });

  it('leaves focus on a button that is still live', () => {
    vi.useFakeTimers();
    withStore(<Reader next={() => undefined} scoped />);
    const inside = screen.getByRole('button', { name: 'inside' });
    inside.focus();
    press(inside, 'ArrowRight');
    act(() => vi.runAllTimers());
    expect(inside).toHaveFocus();
  });

  it('never takes focus over the page without a scope', () => {
    vi.useFakeTimers();
    withStore(<Reader next={() => undefined} />);
    const outside = screen.getByRole('button', { name: 'outside' });
    outside.focus();
    press(outside, 'ArrowRight');
    act(() => vi.runAllTimers());
    expect(outside).toHaveFocus();
  });

  it('follows the learner’s own keys, and hears nothing once they turn the keys off', () => {
    const next = vi.fn();
    const { store } = withStore(<Reader next={next} />);
    act(() =>
      store.change((prefs) => ({
        ...prefs,
        keymaps: { ...prefs.keymaps, reading: { ...prefs.keymaps.reading, next: ['N'] } },
      })),
    );
    press(document.body, 'ArrowRight');
    press(document.body, 'n');
    expect(next).toHaveBeenCalledTimes(1);
    act(() => store.change((prefs) => ({ ...prefs, enabled: false })));
    press(document.body, 'n');
    expect(next).toHaveBeenCalledTimes(1);
  });

  it('stops listening when unmounted', () => {
    const next = vi.fn();
    const { unmount } = withStore(<Reader next={next} />);
    unmount();
    expect(press(document.body, 'ArrowRight')).toBe(true);
    expect(next).not.toHaveBeenCalled();
  });
});

describe('useKeyShortcutsAttribute', () => {
  function Named() {
    return (
      <button type="button" aria-keyshortcuts={useKeyShortcutsAttribute('reading', 'next')}>
        Next
      </button>
    );
  }

  it('names every key of the action, none once keys are off or the action has none', () => {
    const { store } = withStore(<Named />);
    const button = screen.getByRole('button', { name: 'Next' });
    expect(button).toHaveAttribute('aria-keyshortcuts', 'ArrowRight');
    act(() =>
      store.change((prefs) => ({
        ...prefs,
        keymaps: { ...prefs.keymaps, reading: { ...prefs.keymaps.reading, next: [] } },
      })),
    );
    expect(button).not.toHaveAttribute('aria-keyshortcuts');
    act(() =>
      store.change((prefs) => ({
        ...prefs,
        enabled: false,
        keymaps: { ...prefs.keymaps, reading: { ...prefs.keymaps.reading, next: ['N', 'J'] } },
      })),
    );
    expect(button).not.toHaveAttribute('aria-keyshortcuts');
    act(() => store.change((prefs) => ({ ...prefs, enabled: true })));
    expect(button).toHaveAttribute('aria-keyshortcuts', 'N J');
  });
});
