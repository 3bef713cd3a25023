import { registerSW } from 'virtual:pwa-register';
import { PAGES_CACHE } from './caches';
import { showUpdatePrompt } from './update-prompt';

/** Registers the service worker, keeps this page for offline use, and offers each new build once it waits. */
export function register(target: Window) {
  const update = registerSW({
    immediate: true,
    onNeedRefresh: () => showUpdatePrompt(target.document, () => void update(true)),
    onRegisteredSW: () => void keepThisPage(target),
  });
}

/**
 * A page that arrived before its service worker did: keep it in the pages cache so it opens offline too. A page
 * the worker served is in that cache already.
 */
async function keepThisPage(target: Window) {
  if (target.navigator.serviceWorker.controller || !target.navigator.onLine) return;
  try {
    await target.navigator.serviceWorker.ready;
    const pages = await target.caches.open(PAGES_CACHE);
    await pages.add(new URL('./', target.location.href).href);
  } catch {
    // Storage refused, or the network went: the next online visit fills the cache instead.
  }
}
