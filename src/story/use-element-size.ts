import { startTransition, useLayoutEffect, useState, type RefObject } from 'react';
import { useHydrated } from '@/components/use-hydrated';

/**
 * One of the element's dimensions, kept up to date as it resizes; `fallback` until it has been measured.
 *
 * A part drawn by the page's code measures at once, before it paints. A hydrating part waits for the observer's first
 * answer instead, which comes once the browser has laid the page out: measured in the hydration's own task, it made
 * the browser lay out the whole prerendered page there, and redraw the part at its size before letting the reader in.
 * The new size is drawn as a transition, in slices the browser can interrupt.
 */
function useElementSize(ref: RefObject<HTMLElement | null>, dimension: 'width' | 'height', fallback: number): number {
  const [size, setSize] = useState(fallback);
  const hydrating = !useHydrated();
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measured = () => Math.floor(element.getBoundingClientRect()[dimension]);
    const observed = () => {
      const now = measured();
      if (now > 0) startTransition(() => setSize(now));
    };
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(observed);
    if (!hydrating || !observer) {
      const now = measured();
      if (now > 0) setSize(now);
    }
    observer?.observe(element);
    return () => observer?.disconnect();
    // Whether the part was hydrating matters only when it is first laid out.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ref, dimension]);
  return size;
}

export const useElementWidth = (ref: RefObject<HTMLElement | null>, fallback: number) =>
  useElementSize(ref, 'width', fallback);

export const useElementHeight = (ref: RefObject<HTMLElement | null>, fallback: number) =>
  useElementSize(ref, 'height', fallback);
