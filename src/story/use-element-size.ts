import { useLayoutEffect, useState, type RefObject } from 'react';

/** One of the element's dimensions, kept up to date as it resizes; `fallback` until it has been measured. */
function useElementSize(ref: RefObject<HTMLElement | null>, dimension: 'width' | 'height', fallback: number): number {
  const [size, setSize] = useState(fallback);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => {
      const measured = Math.floor(element.getBoundingClientRect()[dimension]);
      if (measured > 0) setSize(measured);
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, dimension]);
  return size;
}

export const useElementWidth = (ref: RefObject<HTMLElement | null>, fallback: number) =>
  useElementSize(ref, 'width', fallback);

export const useElementHeight = (ref: RefObject<HTMLElement | null>, fallback: number) =>
  useElementSize(ref, 'height', fallback);
