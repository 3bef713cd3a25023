import { createStore } from 'zustand/vanilla';

/**
 * The keys that work each kind of page, in one table. A reader's keys act only while focus is inside the
 * run they step; the presenter's are a clicker's. Every one is a single key, so the learner may turn them
 * off or choose others (WCAG 2.1.4); that choice is kept in this browser.
 */
export const DEFAULT_KEYMAPS = {
  reading: { back: ['ArrowLeft'], next: ['ArrowRight'], first: ['Home'], last: ['End'], playPause: ['K'] },
  presenter: {
    forward: ['PageDown', 'ArrowRight', 'ArrowDown', 'Space'],
    backward: ['PageUp', 'ArrowLeft', 'ArrowUp', 'Shift+Space'],
    first: ['Home'],
    last: ['End'],
    blank: ['B', '.'],
    notes: ['S', 'N'],
    reveal: ['R'],
    exit: ['Escape'],
  },
} as const satisfies Record<string, Record<string, readonly string[]>>;

export type KeymapContext = keyof typeof DEFAULT_KEYMAPS;
export type KeyAction<C extends KeymapContext> = keyof (typeof DEFAULT_KEYMAPS)[C];
type Keymaps = { readonly [C in KeymapContext]: { readonly [A in KeyAction<C>]: readonly string[] } };

export interface ShortcutPrefs {
  readonly enabled: boolean;
  readonly keymaps: Keymaps;
}

export const DEFAULT_SHORTCUT_PREFS: ShortcutPrefs = { enabled: true, keymaps: DEFAULT_KEYMAPS };

/** A key as the keymaps name it ("ArrowLeft", "B", "Space", "Shift+Space"); null with Alt, Ctrl or Meta held. */
export function keyName(event: Pick<KeyboardEvent, 'key' | 'shiftKey' | 'altKey' | 'ctrlKey' | 'metaKey'>) {
  if (event.altKey || event.ctrlKey || event.metaKey || event.key === 'Shift') return null;
  const base = event.key === ' ' ? 'Space' : event.key.length === 1 ? event.key.toUpperCase() : event.key;
  // A shifted character is its own key ("B", "?"); a shifted named key is a different shortcut.
  return event.shiftKey && (event.key.length > 1 || event.key === ' ') ? `Shift+${base}` : base;
}

/** The action a key performs in a context, under the learner's preferences; null when it does nothing. */
export function actionFor<C extends KeymapContext>(prefs: ShortcutPrefs, context: C, key: string | null) {
  if (!prefs.enabled || key === null) return null;
  const keymap = prefs.keymaps[context] as Record<KeyAction<C>, readonly string[]>;
  return (Object.keys(keymap) as KeyAction<C>[]).find((action) => keymap[action].includes(key)) ?? null;
}

/**
 * Keys that keep their own work on every page, with or without Shift: Enter and Space press the focused button,
 * Tab moves focus and Escape closes a dialog. Given to an action, they would take keyboard users' way to the
 * settings that could undo it. The learner cannot choose them; only the usual keys use them (the presenter's Space).
 */
const RESERVED_KEYS: readonly string[] = ['Enter', 'Space', 'Tab', 'Escape'];

export const isReservedKey = (key: string) => RESERVED_KEYS.includes(key.replace(/^Shift\+/, ''));

/** Gives `action` the one key `key`, taking it from any other action in the same context; never a reserved key. */
export function remap<C extends KeymapContext>(
  prefs: ShortcutPrefs,
  context: C,
  action: KeyAction<C>,
  key: string,
): ShortcutPrefs {
  if (isReservedKey(key)) return prefs;
  const keymap = prefs.keymaps[context] as Record<KeyAction<C>, readonly string[]>;
  const next = Object.fromEntries(
    (Object.keys(keymap) as KeyAction<C>[]).map((other) => [
      other,
      other === action ? [key] : keymap[other].filter((taken) => taken !== key),
    ]),
  );
  return { ...prefs, keymaps: { ...prefs.keymaps, [context]: next } };
}

const STORAGE_KEY = 'lockstep-shortcuts';

/**
 * Reads stored preferences. Anything not as written (edited by hand, an older version) falls back, field by
 * field, to the defaults: an unknown action or key list is ignored, never trusted, and so is a reserved key the
 * usual keys do not give that action.
 */
export function parseShortcutPrefs(raw: string | null): ShortcutPrefs {
  let stored: unknown;
  try {
    stored = raw === null ? null : JSON.parse(raw);
  } catch {
    return DEFAULT_SHORTCUT_PREFS;
  }
  if (typeof stored !== 'object' || stored === null) return DEFAULT_SHORTCUT_PREFS;
  const given = stored as { enabled?: unknown; keymaps?: Record<string, Record<string, unknown> | undefined> };
  const keymaps = Object.fromEntries(
    (Object.keys(DEFAULT_KEYMAPS) as KeymapContext[]).map((context) => {
      const defaults: Record<string, readonly string[]> = DEFAULT_KEYMAPS[context];
      const chosen = typeof given.keymaps?.[context] === 'object' ? given.keymaps[context] : undefined;
      return [
        context,
        Object.fromEntries(
          Object.entries(defaults).map(([action, keys]) => {
            const mine = chosen?.[action];
            const valid =
              Array.isArray(mine) && mine.every((key) => typeof key === 'string' && key.length > 0 && key.length < 32);
            return [action, valid ? mine.filter((key: string) => !isReservedKey(key) || keys.includes(key)) : keys];
          }),
        ),
      ];
    }),
  ) as unknown as Keymaps;
  return { enabled: given.enabled !== false, keymaps };
}

/** One change the learner made, applied to the preferences as they are stored when it is saved. */
export type ShortcutEdit = (prefs: ShortcutPrefs) => ShortcutPrefs;

/**
 * The learner's shortcut preferences, kept in `storage` when there is one and in step with other tabs. A change
 * is applied to what is stored now, so a tab opened earlier changes only the field its learner changed (shortcuts
 * another tab turned off stay off); another tab's change arrives through a `storage` event.
 */
export function createShortcutStore(
  storage: Pick<Storage, 'getItem' | 'setItem'> | null,
  events: Pick<Window, 'addEventListener'> | null = typeof window === 'undefined' ? null : window,
) {
  const stored = (): ShortcutPrefs | null => {
    try {
      const raw = storage?.getItem(STORAGE_KEY) ?? null;
      return raw === null ? null : parseShortcutPrefs(raw);
    } catch {
      // Storage that throws on reading is no storage: the defaults apply.
      return null;
    }
  };
  // Created at the defaults a prerendered page was rendered with (hydration takes them as the server's state),
  // then set to what was saved, which applies just after hydration.
  const store = createStore<ShortcutPrefs>()(() => DEFAULT_SHORTCUT_PREFS);
  store.setState(stored() ?? DEFAULT_SHORTCUT_PREFS, true);
  // Changes the storage refused last for this visit, over whatever other tabs store; each edit can be applied again.
  let unsaved: ShortcutEdit[] = [];
  const withUnsaved = (prefs: ShortcutPrefs) => unsaved.reduce((result, edit) => edit(result), prefs);
  events?.addEventListener('storage', (event: StorageEvent) => {
    if (event.key !== STORAGE_KEY || event.storageArea !== storage) return;
    store.setState(withUnsaved(parseShortcutPrefs(event.newValue)), true);
  });
  const change = (edit: ShortcutEdit) => {
    unsaved.push(edit);
    const next = withUnsaved(stored() ?? store.getState());
    store.setState(next, true);
    try {
      storage?.setItem(STORAGE_KEY, JSON.stringify(next));
      unsaved = [];
    } catch {
      // Full or refused: the choice lasts for this visit.
    }
  };
  return Object.assign(store, { change });
}

export type ShortcutStore = ReturnType<typeof createShortcutStore>;
