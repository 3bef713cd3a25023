import {
  createContext,
  Suspense,
  use,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { useHydrated } from './use-hydrated';

/** A promise to wait on, and the way to settle it. */
interface Gate {
  readonly promise: Promise<void>;
  readonly open: () => void;
  readonly isOpen: () => boolean;
}

function createGate(): Gate {
  let resolve = () => {};
  const promise = new Promise<void>((settle) => (resolve = settle));
  // Marked settled as React marks its own, so `use` reads it at once, in the same task as the click that opened it.
  const marks = promise as Promise<void> & { status?: string; value?: undefined };
  return {
    promise,
    open: () => {
      if (marks.status === 'fulfilled') return;
      marks.status = 'fulfilled';
      marks.value = undefined;
      resolve();
    },
    isOpen: () => marks.status === 'fulfilled',
  };
}

const OPEN = createGate();
OPEN.open();

/** True while the build prerenders the page: every part renders in full, with nothing to wait for. */
export const PrerenderingContext = createContext(false);

/** Renders its children once the gate is open; until then its boundary keeps the prerendered markup. */
function Opened({ gate, children }: { gate: Gate; children: ReactNode }) {
  use(gate.promise);
  return children;
}

/** Tells the box once the part has hydrated and its controls are enabled (they follow the same hook). */
function HydratedSignal({ onHydrated }: { onHydrated: () => void }) {
  const hydrated = useHydrated();
  useEffect(() => {
    if (hydrated) onHydrated();
  }, [hydrated, onHydrated]);
  return null;
}

/**
 * A prerendered part that hydrates, and loads its code, only when it comes near the viewport or the reader acts on
 * it (a pointer, focus or a click). Until then it is the build's markup: readable, not interactive. A click made
 * before it has hydrated is held (a link is not followed as a plain link, a control is not toggled) and made again
 * once it has, so nothing the reader does is lost. Rendered fresh, without markup to hydrate, it opens at once.
 *
 * Give it a `children` element made once (a module constant, say): a boundary still waiting that receives new props
 * is rendered afresh by React, which drops its prerendered markup.
 */
export function HydrateWhenNear({ children, fallback = null }: { children: ReactNode; fallback?: ReactNode }) {
  const prerendering = useContext(PrerenderingContext);
  const hydrated = useHydrated();
  // Decided at the first render: hydrating prerendered markup waits; a fresh render (no markup) does not.
  const [gate] = useState(() => (prerendering || hydrated ? OPEN : createGate()));
  const box = useRef<HTMLDivElement>(null);
  const held = useRef<{ target: HTMLElement | null; done: boolean; release: () => void }>({
    target: null,
    done: gate.isOpen(),
    release: () => {},
  });
  const onHydrated = useCallback(() => {
    const { target, release } = held.current;
    held.current = { target: null, done: true, release: () => {} };
    release();
    if (target?.isConnected) target.click();
  }, []);
  // The same element on every render (the hook above re-renders this once hydration ends): the boundary is left as
  // it is, still waiting with its markup.
  const boundary = useMemo(
    () => (
      <Suspense fallback={fallback}>
        <Opened gate={gate}>
          {children}
          <HydratedSignal onHydrated={onHydrated} />
        </Opened>
      </Suspense>
    ),
    [fallback, gate, children, onHydrated],
  );

  useEffect(() => {
    const element = box.current;
    if (!element || held.current.done) return;
    const open = () => {
      gate.open();
      stopWatching();
    };
    // On the document, not the box: React stops a blocked event at its root, before the box would hear it.
    const inside = (event: Event) => event.target instanceof Node && element.contains(event.target);
    const onAct = (event: Event) => inside(event) && open();
    const onClick = (event: MouseEvent) => {
      if (held.current.done || !inside(event) || !(event.target instanceof HTMLElement)) return;
      event.preventDefault();
      event.stopPropagation();
      held.current.target = event.target;
      open();
    };
    const observer =
      typeof IntersectionObserver === 'undefined'
        ? null
        : new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && open(), {
            // Half a screen ahead, so a part is ready by the time the reader scrolls to it.
            rootMargin: '50% 0px',
          });
    if (observer) observer.observe(element);
    else gate.open();
    const page = element.ownerDocument;
    page.addEventListener('pointerdown', onAct, true);
    page.addEventListener('focusin', onAct, true);
    page.addEventListener('click', onClick, true);
    // Watching stops once the gate is open; the click hold stays until the part has hydrated.
    function stopWatching() {
      observer?.disconnect();
      page.removeEventListener('pointerdown', onAct, true);
      page.removeEventListener('focusin', onAct, true);
    }
    const release = () => {
      stopWatching();
      page.removeEventListener('click', onClick, true);
    };
    held.current.release = release;
    return release;
  }, [gate]);

  return <div ref={box}>{boundary}</div>;
}
