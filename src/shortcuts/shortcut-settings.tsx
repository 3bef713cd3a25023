import content from 'virtual:lockstep/content';
import { useId, useRef, useState } from 'react';
import { fillTemplate } from '@/content/fill-template';
import { DEFAULT_KEYMAPS, isReservedKey, keyName, remap, type KeyAction, type KeymapContext } from './keymap';
import { useShortcutPrefs, useShortcutStore } from './use-shortcuts';
import styles from './shortcuts.module.css';

/** Control labels for each action, by context. */
const WORDS = content.controls.shortcuts;
const ACTION_LABELS: { readonly [C in KeymapContext]: { readonly [A in KeyAction<C>]: string } } = WORDS.actions;

/** Arrow keys as the keyboard shows them; the rest by name. */
const KEY_LABELS: Readonly<Record<string, string>> = {
  ArrowLeft: '←',
  ArrowRight: '→',
  ArrowUp: '↑',
  ArrowDown: '↓',
  Escape: 'Esc',
};

const CONTEXT_TITLES: Readonly<Record<KeymapContext, string>> = WORDS.contexts;

/**
 * A button that opens the keyboard shortcuts: each one listed, with a way to turn them all off or give an
 * action another key. The choice is kept in this browser.
 */
export function ShortcutSettings({ contexts }: { contexts: readonly KeymapContext[] }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const headingId = useId();
  const store = useShortcutStore();
  const prefs = useShortcutPrefs();
  const [capturing, setCapturing] = useState<{ context: KeymapContext; action: string } | null>(null);
  // A key pressed while listening that no shortcut may take, shown until the next try.
  const [refused, setRefused] = useState<string | null>(null);

  const onCapture = (event: React.KeyboardEvent) => {
    if (!capturing) return;
    event.preventDefault();
    event.stopPropagation();
    const key = keyName(event.nativeEvent);
    if (key === null) return;
    setCapturing(null);
    // Escape and Tab also end the listening, as a learner pressing them means.
    if (isReservedKey(key)) return setRefused(key);
    store.change((stored) => remap(stored, capturing.context, capturing.action as never, key));
  };

  return (
    <>
      <button type="button" onClick={() => dialog.current?.showModal()}>
        {WORDS.open}
      </button>
      <dialog
        ref={dialog}
        className={styles.settings}
        aria-labelledby={headingId}
        onClose={() => {
          setCapturing(null);
          setRefused(null);
        }}
      >
        <h2 id={headingId}>{WORDS.heading}</h2>
        <label>
          <input
            type="checkbox"
            checked={prefs.enabled}
            onChange={(event) => {
              const enabled = event.target.checked;
              store.change((stored) => ({ ...stored, enabled }));
            }}
          />
          {WORDS.enable}
        </label>
        {contexts.map((context) => {
          const keymap = prefs.keymaps[context] as Record<string, readonly string[]>;
          const labels = ACTION_LABELS[context] as Record<string, string>;
          return (
            <table key={context} className={styles.table}>
              <caption>{CONTEXT_TITLES[context]}</caption>
              <thead>
                <tr>
                  <th scope="col">{WORDS.action}</th>
                  <th scope="col">{WORDS.keys}</th>
                  <th scope="col">
                    <span className="visually-hidden">{WORDS.change}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {Object.keys(labels).map((action) => {
                  const listening = capturing?.context === context && capturing.action === action;
                  const keys = keymap[action] ?? [];
                  return (
                    <tr key={action}>
                      <th scope="row">{labels[action]}</th>
                      <td>
                        {keys.length === 0
                          ? WORDS.none
                          : keys.map((key) => <kbd key={key}>{KEY_LABELS[key] ?? key}</kbd>)}
                      </td>
                      <td>
                        <button
                          type="button"
                          disabled={!prefs.enabled}
                          aria-label={fillTemplate(listening ? WORDS.pressFor : WORDS.changeFor, {
                            action: labels[action] ?? action,
                          })}
                          onClick={() => {
                            setRefused(null);
                            setCapturing(listening ? null : { context, action });
                          }}
                          onKeyDown={listening ? onCapture : undefined}
                        >
                          {listening ? WORDS.listening : WORDS.change}
                        </button>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          );
        })}
        <p role="status">
          {refused && fillTemplate(content.notices.shortcuts.reservedKey, { key: KEY_LABELS[refused] ?? refused })}
        </p>
        <p className={styles.actions}>
          <button type="button" onClick={() => store.change((stored) => ({ ...stored, keymaps: DEFAULT_KEYMAPS }))}>
            {WORDS.reset}
          </button>
          <button type="button" className="primary" onClick={() => dialog.current?.close()}>
            {WORDS.done}
          </button>
        </p>
      </dialog>
    </>
  );
}
