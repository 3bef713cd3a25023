import { describe, expect, it } from 'vitest';
import { memoryStorage } from '@/testing/render-walkthrough';
import {
  actionFor,
  createShortcutStore,
  DEFAULT_SHORTCUT_PREFS,
  isReservedKey,
  keyName,
  parseShortcutPrefs,
  remap,
} from './keymap';

const press = (key: string, modifiers: Partial<Record<'shiftKey' | 'altKey' | 'ctrlKey' | 'metaKey', boolean>> = {}) =>
  keyName({ key, shiftKey: false, altKey: false, ctrlKey: false, metaKey: false, ...modifiers });

describe('keyName', () => {
  it('names keys as the keymaps do', () => {
    expect(press('ArrowLeft')).toBe('ArrowLeft');
    expect(press(' ')).toBe('Space');
    expect(press(' ', { shiftKey: true })).toBe('Shift+Space');
    expect(press('b')).toBe('B');
    expect(press('B', { shiftKey: true })).toBe('B');
    expect(press('ArrowRight', { shiftKey: true })).toBe('Shift+ArrowRight');
  });

  it('gives no name to a key pressed with Alt, Ctrl or Meta, or to Shift alone', () => {
    expect(press('ArrowLeft', { altKey: true })).toBeNull();
    expect(press('ArrowLeft', { ctrlKey: true })).toBeNull();
    expect(press('b', { metaKey: true })).toBeNull();
    expect(press('Shift', { shiftKey: true })).toBeNull();
  });
});

describe('actionFor', () => {
  it('finds the action of a key in its context only', () => {
    expect(actionFor(DEFAULT_SHORTCUT_PREFS, 'reading', 'ArrowRight')).toBe('next');
    expect(actionFor(DEFAULT_SHORTCUT_PREFS, 'reading', 'Space')).toBeNull();
    expect(actionFor(DEFAULT_SHORTCUT_PREFS, 'presenter', 'Space')).toBe('forward');
    expect(actionFor(DEFAULT_SHORTCUT_PREFS, 'presenter', 'Shift+Space')).toBe('backward');
    expect(actionFor(DEFAULT_SHORTCUT_PREFS, 'presenter', '.')).toBe('blank');
    expect(actionFor(DEFAULT_SHORTCUT_PREFS, 'reading', null)).toBeNull();
  });

  it('does nothing once the learner turns single-key shortcuts off', () => {
    const off = { ...DEFAULT_SHORTCUT_PREFS, enabled: false };
    expect(actionFor(off, 'reading', 'ArrowRight')).toBeNull();
    expect(actionFor(off, 'presenter', 'B')).toBeNull();
  });
});

describe('remap', () => {
  it('gives an action one new key and takes that key from any other action in the context', () => {
    const prefs = remap(DEFAULT_SHORTCUT_PREFS, 'presenter', 'notes', 'B');
    expect(prefs.keymaps.presenter.notes).toEqual(['B']);
    expect(prefs.keymaps.presenter.blank).toEqual(['.']);
    expect(actionFor(prefs, 'presenter', 'N')).toBeNull();
    expect(actionFor(prefs, 'presenter', 'B')).toBe('notes');
    expect(prefs.keymaps.reading).toBe(DEFAULT_SHORTCUT_PREFS.keymaps.reading);
  });
});

describe('keys no shortcut may take', () => {
  it.each(['Enter', 'Space', 'Tab', 'Escape', 'Shift+Enter', 'Shift+Space', 'Shift+Tab', 'Shift+Escape'])(
    '%s cannot be given to an action',
    (key) => {
      expect(isReservedKey(key)).toBe(true);
      expect(remap(DEFAULT_SHORTCUT_PREFS, 'reading', 'next', key)).toBe(DEFAULT_SHORTCUT_PREFS);
      expect(remap(DEFAULT_SHORTCUT_PREFS, 'presenter', 'blank', key)).toBe(DEFAULT_SHORTCUT_PREFS);
    },
  );

  it('are ignored in a stored keymap, except where the usual keys put them', () => {
    const prefs = parseShortcutPrefs(
      JSON.stringify({
        keymaps: {
          reading: { next: ['Enter', 'J'], last: ['Space'], back: ['Shift+Tab'] },
          presenter: { forward: ['PageDown', 'Space'], backward: ['Shift+Space'], exit: ['Escape'], blank: ['Enter'] },
        },
      }),
    );
    expect(prefs.keymaps.reading).toMatchObject({ next: ['J'], last: [], back: [] });
    expect(prefs.keymaps.presenter).toMatchObject({
      forward: ['PageDown', 'Space'],
      backward: ['Shift+Space'],
      exit: ['Escape'],
      blank: [],
    });
    expect(actionFor(prefs, 'reading', 'Enter')).toBeNull();
    expect(actionFor(prefs, 'reading', 'Space')).toBeNull();
  });

  it('leave the usual keys as they are', () => {
    expect(parseShortcutPrefs(JSON.stringify(DEFAULT_SHORTCUT_PREFS))).toEqual(DEFAULT_SHORTCUT_PREFS);
  });
});

describe('stored shortcut preferences', () => {
  it.each([null, '', 'not json', '42', '[]', 'null', '{"keymaps": 3}'])('fall back to the defaults from %j', (raw) => {
    expect(parseShortcutPrefs(raw)).toEqual(DEFAULT_SHORTCUT_PREFS);
  });

  it('keep what is valid and replace what is not, action by action', () => {
    const prefs = parseShortcutPrefs(
      JSON.stringify({
        enabled: false,
        keymaps: { reading: { next: ['J'], back: 'K', first: [7], unknown: ['X'] }, presenter: null },
      }),
    );
    expect(prefs.enabled).toBe(false);
    expect(prefs.keymaps.reading).toEqual({
      next: ['J'],
      back: ['ArrowLeft'],
      first: ['Home'],
      last: ['End'],
      playPause: ['K'],
    });
    expect(prefs.keymaps.presenter).toEqual(DEFAULT_SHORTCUT_PREFS.keymaps.presenter);
  });

  it.each([
    ['an empty key name', '', ['ArrowRight']],
    ['a 31-character key name', 'K'.repeat(31), ['K'.repeat(31)]],
    ['a 32-character key name', 'K'.repeat(32), ['ArrowRight']],
  ])('take %s only within the length a key can have', (_, key, expected) => {
    const prefs = parseShortcutPrefs(JSON.stringify({ keymaps: { reading: { next: [key] } } }));
    expect(prefs.keymaps.reading.next).toEqual(expected);
  });

  it('are saved as chosen and read back on the next visit', () => {
    const storage = memoryStorage();
    const store = createShortcutStore(storage, null);
    store.change((prefs) => remap(prefs, 'reading', 'next', 'J'));
    expect(store.getState().keymaps.reading.next).toEqual(['J']);
    expect(createShortcutStore(storage, null).getState().keymaps.reading.next).toEqual(['J']);
  });

  it('work without storage, and with storage that refuses', () => {
    const refusing = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    const store = createShortcutStore(refusing, null);
    expect(store.getState()).toEqual(DEFAULT_SHORTCUT_PREFS);
    expect(() => store.change((prefs) => ({ ...prefs, enabled: false }))).not.toThrow();
    expect(store.getState().enabled).toBe(false);
    const without = createShortcutStore(null, null);
    expect(without.getState().enabled).toBe(true);
    without.change((prefs) => remap(prefs, 'reading', 'next', 'J'));
    expect(without.getState().keymaps.reading.next).toEqual(['J']);
  });
});

/** Two tabs on one browser storage. */
describe('shortcut preferences across tabs', () => {
  const storageEvent = (storageArea: Storage, key: string, newValue: string | null) =>
    Object.assign(new Event('storage'), { key, newValue, storageArea });

  it('a tab opened earlier changes only the field its learner changed: shortcuts turned off stay off', () => {
    const storage = memoryStorage();
    const first = createShortcutStore(storage, null);
    const earlier = createShortcutStore(storage, null);
    first.change((prefs) => ({ ...prefs, enabled: false }));
    earlier.change((prefs) => remap(prefs, 'reading', 'next', 'J'));
    expect(earlier.getState()).toMatchObject({ enabled: false, keymaps: { reading: { next: ['J'] } } });
    expect(createShortcutStore(storage, null).getState()).toMatchObject({
      enabled: false,
      keymaps: { reading: { next: ['J'] } },
    });
    earlier.change((prefs) => ({ ...prefs, enabled: true }));
    expect(createShortcutStore(storage, null).getState().enabled).toBe(true);
  });

  it("takes in another tab's change when the browser reports it, and ignores other keys and storage", () => {
    const storage = memoryStorage();
    const events = new EventTarget();
    const open = createShortcutStore(storage, events as unknown as Window);
    createShortcutStore(storage, null).change((prefs) => ({ ...prefs, enabled: false }));
    const raw = storage.getItem('lockstep-shortcuts');
    events.dispatchEvent(storageEvent(memoryStorage(), 'lockstep-shortcuts', raw));
    events.dispatchEvent(storageEvent(storage, 'lockstep:progress', raw));
    expect(open.getState().enabled).toBe(true);
    events.dispatchEvent(storageEvent(storage, 'lockstep-shortcuts', raw));
    expect(open.getState().enabled).toBe(false);
  });

  it("keeps a choice the storage refused over another tab's, and saves it with the next change it can", () => {
    const storage = memoryStorage();
    const setItem = storage.setItem.bind(storage);
    let full = true;
    storage.setItem = (key, value) => {
      if (full) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      setItem(key, value);
    };
    const events = new EventTarget();
    const mine = createShortcutStore(storage, events as unknown as Window);
    mine.change((prefs) => remap(prefs, 'reading', 'next', 'J'));
    // Another tab's smaller write gets in.
    setItem('lockstep-shortcuts', JSON.stringify({ ...DEFAULT_SHORTCUT_PREFS, enabled: false }));
    events.dispatchEvent(storageEvent(storage, 'lockstep-shortcuts', storage.getItem('lockstep-shortcuts')));
    expect(mine.getState()).toMatchObject({ enabled: false, keymaps: { reading: { next: ['J'] } } });
    full = false;
    mine.change((prefs) => remap(prefs, 'reading', 'back', 'H'));
    expect(createShortcutStore(storage, null).getState()).toMatchObject({
      enabled: false,
      keymaps: { reading: { next: ['J'], back: ['H'] } },
    });
  });
});
