import { createContext, useContext, useEffect, useEffectEvent, type RefObject } from 'react';
import { useStore } from 'zustand';
import {
  actionFor,
  createShortcutStore,
  keyName,
  type KeyAction,
  type KeymapContext,
  type ShortcutStore,
} from './keymap';

/** Tests provide their own; a page uses one kept in this browser's storage. */
export const ShortcutContext = createContext<ShortcutStore | null>(null);

let browserStore: ShortcutStore | null = null;

export function useShortcutStore(): ShortcutStore {
  const provided = useContext(ShortcutContext);
  if (provided) return provided;
  browserStore ??= createShortcutStore(storageOrNull());
  return browserStore;
}

export function useShortcutPrefs() {
  return useStore(useShortcutStore());
}

/** The keys named for `action` in `context` now, as `aria-keyshortcuts` wants them; undefined when off. */
export function useKeyShortcutsAttribute<C extends KeymapContext>(context: C, action: KeyAction<C>) {
  const prefs = useShortcutPrefs();
  const keys = (prefs.keymaps[context] as Record<KeyAction<C>, readonly string[]>)[action];
  return prefs.enabled && keys.length > 0 ? keys.join(' ') : undefined;
}

/**
 * Runs `handlers` for the keys of `context`. Keys typed into a field, and keys pressed with Alt, Ctrl or
 * Meta, are left alone; with a `scope` (focusable, tabIndex -1), only keys pressed while focus is inside it count.
 */
export function useShortcuts<C extends KeymapContext>(
  context: C,
  handlers: Partial<Record<KeyAction<C>, () => void>>,
  options: { scope?: RefObject<HTMLElement | null>; ignore?: (event: KeyboardEvent) => boolean } = {},
) {
  const store = useShortcutStore();
  const onKeyDown = useEffectEvent((event: KeyboardEvent) => {
    if (event.defaultPrevented) return;
    const target = event.target instanceof Element ? event.target : null;
    if (options.scope && !(target && options.scope.current?.contains(target))) return;
    if (target?.closest('input, textarea, select, [contenteditable="true"], dialog')) return;
    if (options.ignore?.(event)) return;
    const action = actionFor(store.getState(), context, keyName(event));
    const handler = action === null ? undefined : handlers[action];
    if (!handler) return;
    event.preventDefault();
    handler();
    // A button the key disabled (Next at the last step) drops focus to the page, and with it the keys:
    // keep focus in the run instead. The scope must be focusable (tabIndex -1).
    // React draws the new step after this handler returns.
    setTimeout(() => {
      const now = document.activeElement;
      if (options.scope?.current && (now === null || now === document.body || (now as HTMLButtonElement).disabled))
        options.scope.current.focus({ preventScroll: true });
    });
  });
  useEffect(() => {
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);
}

function storageOrNull(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}
