import content from 'virtual:lockstep/content';
import { createRoot } from 'react-dom/client';
import styles from './update-prompt.module.css';

/**
 * Offers the new build once its service worker waits, rather than switching under the reader's feet. A small root
 * of its own at the foot of the window, so no page (a presentation's fitted screen least of all) moves for it.
 */
export function showUpdatePrompt(document: Document, reload: () => void) {
  if (document.getElementById('update-prompt')) return;
  const container = document.createElement('div');
  container.id = 'update-prompt';
  document.body.append(container);
  const root = createRoot(container);
  const later = () => {
    root.unmount();
    container.remove();
  };
  root.render(<UpdatePrompt reload={reload} later={later} />);
}

function UpdatePrompt({ reload, later }: { reload: () => void; later: () => void }) {
  return (
    <div className={styles.prompt} role="status">
      <p>{content.notices.offline.updateReady}</p>
      <button type="button" className="primary" onClick={reload}>
        {content.controls.app.reload}
      </button>
      <button type="button" onClick={later}>
        {content.controls.app.later}
      </button>
    </div>
  );
}
