import { IDLE_BEFORE_OFFLINE_MS } from './caches';

/**
 * Makes the site work offline after the first visit. The service worker is registered once the reader first acts,
 * or after a while idle, so a first visit's first view loads nothing extra (this file is all it carries). Never
 * called in an embed or a SCORM package: those run inside someone else's page.
 */
export function startOffline(target: Window = window) {
  if (!('serviceWorker' in target.navigator)) return;
  // The reader's own acts: a scroll can be the browser's, jumping to a #fragment on the first view.
  const acts = ['pointerdown', 'keydown', 'wheel', 'touchstart'] as const;
  const start = () => {
    target.clearTimeout(timer);
    for (const act of acts) target.removeEventListener(act, start);
    void import('./register').then(({ register }) => register(target));
  };
  const timer = target.setTimeout(start, IDLE_BEFORE_OFFLINE_MS);
  // Passive: a wheel or touch listener that might cancel would hold up the reader's scrolling. `start` removes them all.
  for (const act of acts) target.addEventListener(act, start, { passive: true });
}
