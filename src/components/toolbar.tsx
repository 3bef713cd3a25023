import type { ReactNode } from 'react';
import styles from './toolbar.module.css';

/** A widget's row of tools (share, export, present), wrapping on a narrow screen; left off paper. */
export function Toolbar({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className={styles.toolbar} role="group" aria-label={label}>
      {children}
    </div>
  );
}

/** What went wrong with a toolbar's last action, on a line of its own; takes no room while nothing has. */
export function ToolbarProblem({ children }: { children: ReactNode }) {
  return (
    <span role="status" className={styles.problem}>
      {children}
    </span>
  );
}
