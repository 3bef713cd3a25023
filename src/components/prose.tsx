import styles from './prose.module.css';

/** Lesson text, rendered from Markdown at build time (content/). No user input ever reaches this HTML. */
export function Prose({ html }: { html: string }) {
  return <div className={styles.prose} dangerouslySetInnerHTML={{ __html: html }} />;
}
