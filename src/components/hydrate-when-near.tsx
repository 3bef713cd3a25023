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
  type ComponentType,
  type ReactNode,
} from 'react';
import { useHydrated } from './use-hydrated';

/** A part's module, as a dynamic import gives it. */
interface PartModule<Props> {
  readonly default: ComponentType<Props>;
}

/** The part's code, loaded once asked for; `promise` is settled only once it has arrived. */
interface Gate<Part> {
  readonly promise: Promise<Part>;
  readonly open: () => void;
  readonly isOpen: () => boolean;
}

function createGate<Part>(load: () => Promise<Part>): Gate<Part> {
  let asked = false;
  let settle: (part: Part) => void = () => {};
  let fail: (reason: unknown) => void = () => {};
  const promise = new Promise<Part>((resolve, reject) => {
    settle = resolve;
    fail = reject;
  });
  // Marked settled as React marks its own, so `use` reads the part at once on the render that follows.
  const marks = promise as Promise<Part> & { status?: string; value?: Part; reason?: unknown };
  return {
    promise,
    open: () => {
      if (asked) return;
      asked = true;
      load().then(
        (part) => {
          marks.status = 'fulfilled';
          marks.value = part;
          settle(part);
        },
        (reason: unknown) => {
          marks.status = 'rejected';
          marks.reason = reason;
          fail(reason);
        },
      );
    },
    isOpen: () => asked,
  };
}

/** True while the build prerenders the page: every part renders in full, with nothing to wait for. */
export const PrerenderingContext = createContext(false);

/** Renders the part once its code has arrived; until then its boundary keeps the prerendered markup. */
function Opened<Props>({
  gate,
  render,
  children,
}: {
  gate: Gate<PartModule<Props>>;
  render: (Part: ComponentType<Props>) => ReactNode;
  children: ReactNode;
}) {
  const part = use(gate.promise);
  return (
    <>
      {render(part.default)}
      {children}
    </>
  );
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
 * Give it a `children` function made once (in a module constant, say): a boundary still waiting that receives new
 * props before its code has arrived is rendered afresh by React, which drops its prerendered markup.
 */
export function HydrateWhenNear<Props>({
  load,
  children,
  fallback = null,
}: {
  /** The part's module, as a dynamic import: fetched only when the part is about to be needed. */
  load: () => Promise<PartModule<Props>>;
  /** The part, drawn with its component once loaded. */
  children: (Part: ComponentType<NoInfer<Props>>) => ReactNode;
  fallback?: ReactNode;
}) {
  const prerendering = useContext(PrerenderingContext);
  const hydrated = useHydrated();
  // Decided at the first render: hydrating prerendered markup waits; a fresh render (no markup) does not.
  const [gate] = useState(() => {
    const made = createGate(load);
    if (prerendering || hydrated) made.open();
    return made;
  });
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
        <Opened gate={gate} render={children}>
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
