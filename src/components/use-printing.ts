import { useEffect, useState } from 'react';
import { flushSync } from 'react-dom';

/**
 * True while the page is being printed. What prints must be in the page before the browser lays it out for print,
 * so `beforeprint` renders it synchronously.
 */
export function usePrinting(): boolean {
  const [printing, setPrinting] = useState(() => window.matchMedia?.('print').matches ?? false);
  useEffect(() => {
    const query = window.matchMedia?.('print');
    const update = (value: boolean) => flushSync(() => setPrinting(value));
    const onChange = (event: MediaQueryListEvent) => update(event.matches);
    const before = () => update(true);
    const after = () => update(false);
    query?.addEventListener('change', onChange);
    window.addEventListener('beforeprint', before);
    window.addEventListener('afterprint', after);
    return () => {
      query?.removeEventListener('change', onChange);
      window.removeEventListener('beforeprint', before);
      window.removeEventListener('afterprint', after);
    };
  }, []);
  return printing;
}
