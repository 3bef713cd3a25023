import { mediaQuery } from './media-query';

/**
 * Scrolls this document's own viewport so that `element` is in view, honouring its scroll-margin (the room a
 * sticky bar takes). Unlike `scrollIntoView`, it never scrolls a page that embeds this one in a frame.
 */
export function scrollIntoOwnView(element: Element | null | undefined, block: 'start' | 'nearest' = 'start') {
  if (!element) return;
  const style = getComputedStyle(element);
  const marginTop = Number.parseFloat(style.scrollMarginTop) || 0;
  const marginBottom = Number.parseFloat(style.scrollMarginBottom) || 0;
  const rect = element.getBoundingClientRect();
  const reduceMotion = mediaQuery('(prefers-reduced-motion: reduce)')?.matches ?? false;
  const behavior: ScrollBehavior = reduceMotion || block === 'start' ? 'auto' : 'smooth';
  let by = rect.top - marginTop;
  if (block === 'nearest') {
    const below = rect.bottom + marginBottom - window.innerHeight;
    if (by >= 0 && below <= 0) return;
    by = by < 0 ? by : below;
  }
  window.scrollBy({ top: by, behavior });
}
