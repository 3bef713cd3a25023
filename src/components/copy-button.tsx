import { fillTemplate } from '@/content/fill-template';
import content from 'virtual:lockstep/content';
import { useId, useState } from 'react';
import styles from './toolbar.module.css';

/**
 * Copies text to the clipboard. Where the browser refuses (no permission, an insecure page, a sandboxed
 * frame), it shows the text selected in a box instead, so it can still be copied by hand.
 */
export function CopyButton({
  label,
  text: textOf,
  what,
}: {
  label: string;
  /** Made when clicked: the text may name the page's address, which a prerendered page does not know. */
  text: string | (() => string);
  what: string;
}) {
  const [state, setState] = useState<'idle' | 'copied' | 'manual'>('idle');
  const [text, setText] = useState('');
  const id = useId();
  const copy = async () => {
    const made = typeof textOf === 'string' ? textOf : textOf();
    setText(made);
    try {
      await navigator.clipboard.writeText(made);
      setState('copied');
    } catch {
      setState('manual');
    }
  };
  return (
    <span className={styles.copy}>
      <button type="button" onClick={() => void copy()}>
        {label}
      </button>
      <span role="status" className={styles.copyStatus}>
        {state === 'copied' ? fillTemplate(content.controls.copy.copied, { what }) : ''}
      </span>
      {state === 'manual' && (
        <span className={styles.copyManual}>
          <label htmlFor={id}>{fillTemplate(content.controls.copy.manual, { what })}</label>
          <textarea id={id} readOnly value={text} rows={3} ref={(box) => box?.select()} />
        </span>
      )}
    </span>
  );
}
