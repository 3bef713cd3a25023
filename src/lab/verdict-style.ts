import styles from './lab.module.css';
import type { Verdict } from '@/story/verdict';

/** A verdict's box: a stale write in the danger colour, any other ending in the positive one. */
export const verdictClass = (kind: Verdict['kind']) =>
  kind === 'staleWriteLanded' ? `${styles.verdict} ${styles.verdictStaleWriteLanded}` : styles.verdict;
