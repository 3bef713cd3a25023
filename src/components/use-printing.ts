import { useSyncExternalStore } from 'react';
import { flushSync } from 'react-dom';
import { mediaQuery } from './media-query';

/** Set by the browser's print events; read by every part that prints differently. */
let printing = false;

function subscribe(onChange: () => void) {
  const query = mediaQuery('print');
  // What prints must be in the page before the browser lays it out for print, so the change renders at once.
  const update = (value: boolean) => {
    printing = value;
    flushSync(onChange);
  };
  const onQuery = (event: MediaQueryListEvent) => update(event.matches);
  const before = () => update(true);
  const after = () => update(false);
  query?.addEventListener('change', onQuery);
  window.addEventListener('beforeprint', before);
  window.addEventListener('afterprint', after);
  return () => {
    query?.removeEventListener('change', onQuery);
    window.removeEventListener('beforeprint', before);
    window.removeEventListener('afterprint', after);
  };
}

/**
 * True while the page is being printed. A prerendered page is not printing, and hydrates so; a page opened
 * straight into print is caught by the query just after.
 */
export function usePrinting(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => printing || (mediaQuery('print')?.matches ?? false),
    () => false,
  );
}
