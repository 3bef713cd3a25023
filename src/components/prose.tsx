import styles from './prose.module.css';

/** Lesson text, rendered from Markdown at build time (content/). No user input ever reaches this HTML. */
export function Prose({ html, opening = false }: { html: string; opening?: boolean }) {
  return (
    <div
      className={opening ? `${styles.prose} ${styles.opening}` : styles.prose}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
