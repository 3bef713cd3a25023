import { known } from '@/sim/known';
// A press on a prerendered control whose part has not hydrated yet is held, then replayed once that part is live:
// exactly once, in the order pressed. A stepping key (← → Home End) pressed on one is held the same way. Chosen over plain links for Next and Back because it covers every control the
// same way (the options, Play, the quiz's answers), for pointer, touch, keyboard and assistive technology alike, since
// each of those ends in a `click`; and React replays only presses on parts it is already hydrating, not one that came
// before its code. The page's entry installs it before any of the page's code has loaded.

/** A gate (DisabledUntilHydrated) marks its controls with this attribute: `loading` until its part has hydrated. */
export const GATE = 'data-gate';
const LOADING = `[${GATE}="loading"]`;
/** Fields whose value a key or a drag would change while loading: not replayable as a click, so held still. */
const FIELDS = 'select, textarea, input:not([type="checkbox"], [type="radio"], [type="button"], [type="submit"])';

/**
 * Keys the walkthrough and the lesson's runs step with while focus is in them (src/shortcuts/keymap.ts's defaults):
 * pressed on a control still loading, each is held like a click, then pressed again on it once the run is live.
 */
const STEP_KEYS = new Set(['ArrowLeft', 'ArrowRight', 'Home', 'End']);

/**
 * A clicker's keys on the presenter (src/shortcuts/keymap.ts's defaults for stepping; a test keeps the two lists
 * equal): pressed anywhere before the page's code has started, each is held and sent again once the presenter listens.
 */
export const CLICKER_KEYS = new Set([
  'PageDown',
  'PageUp',
  'ArrowRight',
  'ArrowLeft',
  'ArrowDown',
  'ArrowUp',
  ' ',
  'Home',
  'End',
]);

/**
 * Where a held press goes: the element itself, or, if hydration replaced it, the one that took its place; `stepKey`
 * for a key pressed on it rather than a click.
 */
interface HeldPress {
  element: HTMLElement;
  key: string;
  stepKey?: { key: string; code: string; shiftKey?: boolean };
}

/** What a control is called, so a replacement drawn by the page's code can be found: its id, or its kind and name. */
function keyOf(element: HTMLElement): string {
  if (element.id) return `#${element.id}`;
  const name = element.getAttribute('aria-label') ?? element.textContent?.trim() ?? '';
  return `${element.tagName}|${element.getAttribute('type') ?? ''}|${name}`;
}

function sameKeyed(root: ParentNode, key: string): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>('button, a[href], input, label, summary')].filter(
    (element) => keyOf(element) === key,
  );
}

export interface HeldPresses {
  /** The page's code has run: replay what is held as each part comes alive. */
  started(): void;
  /** The page's code could not load: what is held is dropped (the page's note says why nothing moves). */
  failed(): void;
  /** How many presses wait. */
  readonly waiting: number;
}

/**
 * Holds presses on controls inside a loading gate under `root`, and replays them once their gate is live and the
 * page has started. `document` is the one the page runs in. With `clicker`, the page is the presenter, whose keys
 * act wherever focus is: a clicker key pressed before the page started is held too.
 */
export function holdPresses(
  document: Document,
  root: () => ParentNode | null,
  options: { clicker?: boolean } = {},
): HeldPresses {
  const held: HeldPress[] = [];
  let started = false;
  let failed = false;
  let replaying = false;

  /** The control a held press now means, or null if it is gone or its part is not live yet. */
  function resolve(press: HeldPress): HTMLElement | 'wait' | null {
    let element: HTMLElement | null = press.element;
    if (!element.isConnected) {
      const scope = root();
      // The first control of that name: a replacement drawn in the same place keeps its order.
      element = scope ? (sameKeyed(scope, press.key)[0] ?? null) : null;
    }
    if (!element) return null;
    return element.closest(LOADING) ? 'wait' : element;
  }

  function replay() {
    if (!started || failed) return;
    replaying = true;
    try {
      while (held.length > 0) {
        const press = known(held[0]);
        const target = resolve(press);
        if (target === 'wait') return;
        held.shift();
        if (press.stepKey) target?.dispatchEvent(new KeyboardEvent('keydown', { ...press.stepKey, bubbles: true }));
        else target?.click();
      }
    } finally {
      replaying = false;
    }
  }

  function onClick(event: MouseEvent) {
    if (replaying) return;
    const target = event.target instanceof Element ? event.target : null;
    const control = target?.closest<HTMLElement>('button, a[href], input, label, summary');
    if (!control || !control.closest(LOADING) || !root()?.contains(control)) return;
    // Not handled now (nothing would answer it, or hydration would undo it): kept for when the part is live.
    event.preventDefault();
    event.stopImmediatePropagation();
    if (failed) return;
    held.push({ element: control, key: keyOf(control) });
  }

  /** A clicker's key before the presenter listens: held, then sent again from where it was pressed. */
  function onClickerKey(event: KeyboardEvent): boolean {
    if (!options.clicker || started || !CLICKER_KEYS.has(event.key) || event.altKey || event.ctrlKey || event.metaKey)
      return false;
    if (event.target instanceof Element && event.target.matches(FIELDS)) return false;
    event.preventDefault();
    event.stopImmediatePropagation();
    // Sent from the body: the control focused now is the prerendered page's, which the presenter replaces.
    if (!failed)
      held.push({
        element: document.body,
        key: 'body',
        stepKey: { key: event.key, code: event.code, shiftKey: event.shiftKey },
      });
    return true;
  }

  /** A stepping key on a control that is loading: held, as a click is, for when its run is live. */
  function onStepKey(event: KeyboardEvent) {
    if (replaying || onClickerKey(event)) return;
    if (!STEP_KEYS.has(event.key) || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    const target = event.target instanceof HTMLElement ? event.target : null;
    if (!target || target.matches(FIELDS) || !target.closest(LOADING) || !root()?.contains(target)) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    if (failed) return;
    held.push({ element: target, key: keyOf(target), stepKey: { key: event.key, code: event.code } });
  }

  /** A key or a drag on a field would change a value hydration then overwrites: refused while loading. */
  function onFieldInput(event: Event) {
    const target = event.target instanceof Element ? event.target : null;
    if (!target?.matches(FIELDS) || !target.closest(LOADING) || !root()?.contains(target)) return;
    if (event instanceof KeyboardEvent && (event.key === 'Tab' || event.key === 'Escape')) return;
    event.preventDefault();
  }

  // Presses made before this ran, held by public/route-mark.js: first in line.
  const page = document.defaultView as { lockstepEarlyPresses?: () => HTMLElement[] } | null;
  const early = page?.lockstepEarlyPresses?.() ?? [];
  for (const element of early) held.push({ element, key: keyOf(element) });
  document.addEventListener('click', onClick, true);
  document.addEventListener('keydown', onStepKey, true);
  for (const type of ['keydown', 'mousedown', 'beforeinput'] as const)
    document.addEventListener(type, onFieldInput, true);
  // A gate turns live when its part has hydrated: that is when a held press can act.
  const observer = new MutationObserver(replay);
  const watch = () => {
    const scope = root();
    if (scope) observer.observe(scope, { subtree: true, childList: true, attributes: true, attributeFilter: [GATE] });
  };
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', watch, { once: true });
  else watch();

  return {
    started() {
      started = true;
      replay();
    },
    failed() {
      failed = true;
      held.length = 0;
    },
    get waiting() {
      return held.length;
    },
  };
}
