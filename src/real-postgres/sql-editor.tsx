import hljs from 'highlight.js/lib/core';
import sqlLanguage from 'highlight.js/lib/languages/sql';
import { useRef } from 'react';
import styles from './fence-exercise.module.css';

hljs.registerLanguage('sql', sqlLanguage);

/**
 * A plain `<textarea>`, so the keyboard, a screen reader and the browser's own editing all work as they do in any
 * form, over a copy of its text highlighted by highlight.js with the lesson's code colours. The copy is hidden from
 * assistive technology, and in forced colours, where the system's colours replace the highlighting.
 */
export function SqlEditor({
  id,
  value,
  onChange,
  onSubmit,
  describedBy,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
  /** Control+Enter (Command+Enter on a Mac), as in the SQL console. */
  onSubmit: () => void;
  describedBy: string;
}) {
  const copy = useRef<HTMLPreElement>(null);
  // highlight.js escapes the text it is given: no markup the learner types reaches the page as markup.
  const html = hljs.highlight(value, { language: 'sql', ignoreIllegals: true }).value;
  return (
    <div className={styles.editor}>
      {/* A final newline keeps the copy as tall as the box when the text ends in one. */}
      <pre ref={copy} aria-hidden="true" className={styles.highlighted}>
        <code dangerouslySetInnerHTML={{ __html: `${html}\n` }} />
      </pre>
      <textarea
        id={id}
        value={value}
        rows={5}
        spellCheck={false}
        autoCapitalize="off"
        autoCorrect="off"
        aria-describedby={describedBy}
        aria-keyshortcuts="Control+Enter"
        onChange={(event) => onChange(event.target.value)}
        onScroll={(event) => {
          if (!copy.current) return;
          copy.current.scrollTop = event.currentTarget.scrollTop;
          copy.current.scrollLeft = event.currentTarget.scrollLeft;
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
            event.preventDefault();
            onSubmit();
          }
        }}
      />
    </div>
  );
}
