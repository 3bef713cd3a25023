import { createContext, use, useEffect } from 'react';

/** Called once the page the address names is drawn and its keys listen (src/main.tsx resolves `pageReady` with it). */
export const PageReadyContext = createContext<() => void>(() => {});

/**
 * Placed after a lazily loaded page's own parts, inside its Suspense boundary: its effect runs only once that page
 * has been drawn and after the page's own effects, so a clicker key sent when the page says it has started is heard.
 * (An effect above the boundary would run as soon as the fallback showed.)
 */
export function PageDrawn() {
  const ready = use(PageReadyContext);
  useEffect(() => ready(), [ready]);
  return null;
}
