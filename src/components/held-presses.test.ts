import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_KEYMAPS } from '@/shortcuts/keymap';
import { CLICKER_KEYS, GATE, holdPresses } from './held-presses';

/** A prerendered part: a gate holding two buttons, a checkbox and a field, each recording what reached it. */
function part(state: 'loading' | 'live' = 'loading', parent: HTMLElement = document.body) {
  const root = document.createElement('div');
  root.innerHTML = `
    <fieldset ${GATE}="${state}">
      <button type="button" id="next">Next</button>
      <button type="button">Play</button>
      <input type="checkbox" aria-label="Fencing tokens">
      <input type="range" aria-label="Virtual time">
    </fieldset>
    <button type="button" id="outside">Outside</button>`;
  parent.append(root);
  const seen: string[] = [];
  // What the page's code would do: listen on the root, as React does.
  root.addEventListener('click', (event) => {
    const target = event.target as HTMLElement;
    seen.push(target.id || target.getAttribute('aria-label') || target.textContent || '?');
  });
  const gate = root.querySelector('fieldset')!;
  const button = (name: string) =>
    [...root.querySelectorAll('button')].find((element) => element.textContent === name)!;
  return { root, seen, gate, button };
}

/** Lets the MutationObserver's callback run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => {
  document.body.innerHTML = '';
});

describe('holdPresses', () => {
  it('holds a press on a loading control and acts on it once the part is live and the page started', async () => {
    const { root, seen, gate, button } = part();
    const presses = holdPresses(document, () => root);
    button('Next').click();
    expect(seen).toEqual([]);
    expect(presses.waiting).toBe(1);
    presses.started();
    // Started, but the part has not hydrated: still held.
    expect(seen).toEqual([]);
    gate.setAttribute(GATE, 'live');
    await settle();
    expect(seen).toEqual(['next']);
    expect(presses.waiting).toBe(0);
    // Once: a later mutation replays nothing more.
    gate.setAttribute(GATE, 'live');
    gate.append(document.createElement('span'));
    await settle();
    expect(seen).toEqual(['next']);
  });

  it('a part already live when the page starts acts at once', () => {
    const { root, seen, gate, button } = part();
    const presses = holdPresses(document, () => root);
    button('Play').click();
    gate.setAttribute(GATE, 'live');
    presses.started();
    expect(seen).toEqual(['Play']);
  });

  it('keeps the order of presses across parts: a press waits behind an earlier one whose part is still loading', async () => {
    const holder = document.createElement('div');
    document.body.append(holder);
    const first = part('loading', holder);
    const second = part('loading', holder);
    const presses = holdPresses(document, () => holder);
    first.button('Next').click();
    second.button('Play').click();
    first.button('Play').click();
    presses.started();
    second.gate.setAttribute(GATE, 'live');
    await settle();
    expect([...first.seen, ...second.seen]).toEqual([]);
    first.gate.setAttribute(GATE, 'live');
    await settle();
    expect(first.seen).toEqual(['next', 'Play']);
    expect(second.seen).toEqual(['Play']);
  });

  it('lets presses on live controls, and on controls outside any gate, through untouched', () => {
    const { root, seen, button } = part('live');
    const presses = holdPresses(document, () => root);
    button('Next').click();
    button('Outside').click();
    expect(seen).toEqual(['next', 'outside']);
    expect(presses.waiting).toBe(0);
  });

  it('undoes a checkbox ticked while loading, and ticks it on replay', async () => {
    const { root, gate } = part();
    const box = root.querySelector<HTMLInputElement>('input[type="checkbox"]')!;
    const presses = holdPresses(document, () => root);
    box.click();
    expect(box.checked).toBe(false);
    presses.started();
    gate.setAttribute(GATE, 'live');
    await settle();
    expect(box.checked).toBe(true);
  });

  it('finds the control that replaced a held one by its id, or by its kind and name', async () => {
    const { root, seen, gate, button } = part();
    const presses = holdPresses(document, () => root);
    button('Next').click();
    button('Play').click();
    presses.started();
    // The page's code drew the part anew, live.
    gate.innerHTML = '<button type="button">Play</button><button type="button" id="next">Next, drawn anew</button>';
    gate.setAttribute(GATE, 'live');
    await settle();
    expect(seen).toEqual(['next', 'Play']);
  });

  it('drops a press whose control is gone, and goes on with the next', async () => {
    const { root, seen, gate, button } = part();
    const presses = holdPresses(document, () => root);
    button('Play').click();
    button('Next').click();
    presses.started();
    gate.innerHTML = '<button type="button" id="next">Next</button>';
    gate.setAttribute(GATE, 'live');
    await settle();
    expect(seen).toEqual(['next']);
  });

  it('drops what it holds when the code fails, and holds nothing after', async () => {
    const { root, seen, gate, button } = part();
    const presses = holdPresses(document, () => root);
    button('Next').click();
    presses.failed();
    expect(presses.waiting).toBe(0);
    button('Next').click();
    expect(presses.waiting).toBe(0);
    presses.started();
    gate.setAttribute(GATE, 'live');
    await settle();
    expect(seen).toEqual([]);
  });

  it('refuses keys and drags that would change a loading field, but not Tab', () => {
    const { root, gate } = part();
    holdPresses(document, () => root);
    const slider = root.querySelector<HTMLInputElement>('input[type="range"]')!;
    const key = (name: string) => {
      const event = new KeyboardEvent('keydown', { key: name, bubbles: true, cancelable: true });
      slider.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(key('ArrowRight')).toBe(true);
    expect(key('Tab')).toBe(false);
    expect(key('Escape')).toBe(false);
    const drag = new MouseEvent('mousedown', { bubbles: true, cancelable: true });
    slider.dispatchEvent(drag);
    expect(drag.defaultPrevented).toBe(true);
    // A button's keys are its own: Enter on it becomes the click that is held.
    const enter = new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true });
    root.querySelector('button')!.dispatchEvent(enter);
    expect(enter.defaultPrevented).toBe(false);
    gate.setAttribute(GATE, 'live');
    expect(key('ArrowRight')).toBe(false);
  });

  it('takes over the presses public/route-mark.js held before it ran, first in line', async () => {
    const { root, seen, gate, button } = part();
    const page = window as { lockstepEarlyPresses?: () => HTMLElement[] };
    const early = [button('Play')];
    page.lockstepEarlyPresses = () => early.splice(0);
    try {
      const presses = holdPresses(document, () => root);
      expect(presses.waiting).toBe(1);
      button('Next').click();
      presses.started();
      gate.setAttribute(GATE, 'live');
      await settle();
      expect(seen).toEqual(['Play', 'next']);
    } finally {
      delete page.lockstepEarlyPresses;
    }
  });

  it('starts watching once the document has been parsed, if it is still loading', () => {
    const listen = vi.spyOn(document, 'addEventListener');
    const ready = vi.spyOn(document, 'readyState', 'get').mockReturnValue('loading');
    holdPresses(document, () => null);
    expect(listen).toHaveBeenCalledWith('DOMContentLoaded', expect.any(Function), { once: true });
    ready.mockRestore();
    listen.mockRestore();
  });

  describe('stepping keys', () => {
    /** A key pressed on `element` as a browser would: bubbling, cancelable. Whether it was held (prevented). */
    const press = (element: Element, key: string, modifiers: KeyboardEventInit = {}) =>
      !element.dispatchEvent(
        new KeyboardEvent('keydown', { key, code: key, bubbles: true, cancelable: true, ...modifiers }),
      );

    it('holds ← → Home End pressed on a loading control and presses them on it once live, in order with clicks', async () => {
      const { root, seen, gate, button } = part();
      const keys: string[] = [];
      // The walkthrough's keys, as its code listens for them once live.
      root.addEventListener('keydown', (event) => keys.push(`${(event.target as HTMLElement).id}:${event.key}`));
      const presses = holdPresses(document, () => root);
      expect(press(button('Next'), 'ArrowRight')).toBe(true);
      button('Next').click();
      expect(press(button('Next'), 'End')).toBe(true);
      expect(press(button('Next'), 'Home')).toBe(true);
      expect(press(button('Next'), 'ArrowLeft')).toBe(true);
      // Not passed on while held: nothing would answer them yet.
      expect(keys).toEqual([]);
      expect(presses.waiting).toBe(5);
      presses.started();
      gate.setAttribute(GATE, 'live');
      await settle();
      expect(keys).toEqual(['next:ArrowRight', 'next:End', 'next:Home', 'next:ArrowLeft']);
      expect(seen).toEqual(['next']);
      expect(presses.waiting).toBe(0);
    });

    it('a key then a click keep their order: the click waits behind the key', async () => {
      const { root, gate, button } = part();
      const order: string[] = [];
      root.addEventListener('keydown', (event) => order.push(event.key));
      root.addEventListener('click', () => order.push('click'));
      const presses = holdPresses(document, () => root);
      press(button('Next'), 'ArrowRight');
      button('Next').click();
      press(button('Next'), 'ArrowLeft');
      presses.started();
      gate.setAttribute(GATE, 'live');
      await settle();
      expect(order).toEqual(['ArrowRight', 'click', 'ArrowLeft']);
    });

    it('lets other keys, keys with a modifier, and keys on live or ungated controls through', () => {
      const { root, gate, button } = part();
      const presses = holdPresses(document, () => root);
      for (const key of ['PageDown', 'ArrowDown', 'a', 'Enter']) expect(press(button('Next'), key)).toBe(false);
      for (const modifier of ['altKey', 'ctrlKey', 'metaKey', 'shiftKey'])
        expect(press(button('Next'), 'ArrowRight', { [modifier]: true })).toBe(false);
      expect(press(root.querySelector('#outside')!, 'ArrowRight')).toBe(false);
      gate.setAttribute(GATE, 'live');
      expect(press(button('Next'), 'ArrowRight')).toBe(false);
      expect(presses.waiting).toBe(0);
    });

    it('an arrow on a loading range field is refused as a change of value, not held as a step', () => {
      const { root } = part();
      const presses = holdPresses(document, () => root);
      expect(press(root.querySelector('input[type="range"]')!, 'ArrowRight')).toBe(true);
      expect(presses.waiting).toBe(0);
    });

    it('drops a held key when the code fails, and holds none after', () => {
      const { root, button } = part();
      const presses = holdPresses(document, () => root);
      press(button('Next'), 'ArrowRight');
      presses.failed();
      expect(presses.waiting).toBe(0);
      expect(press(button('Next'), 'ArrowRight')).toBe(true);
      expect(presses.waiting).toBe(0);
    });
  });

  describe("a clicker's keys on the presenter", () => {
    /** What the presenter would hear: keys reaching the document, as its shortcuts listen. */
    function presenter() {
      const heard: string[] = [];
      const listen = (event: KeyboardEvent) => heard.push(`${event.shiftKey ? 'Shift+' : ''}${event.key}`);
      document.addEventListener('keydown', listen);
      return { heard, stop: () => document.removeEventListener('keydown', listen) };
    }
    const press = (target: Element, key: string, modifiers: KeyboardEventInit = {}) =>
      !target.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true, ...modifiers }));

    it('holds each one pressed before the page started, then sends them in order once it has', () => {
      const { heard, stop } = presenter();
      const presses = holdPresses(document, () => document.body, { clicker: true });
      try {
        expect(press(document.body, 'PageDown')).toBe(true);
        expect(press(document.body, ' ', { shiftKey: true })).toBe(true);
        expect(press(document.body, 'End')).toBe(true);
        expect(heard).toEqual([]);
        expect(presses.waiting).toBe(3);
        presses.started();
        expect(heard).toEqual(['PageDown', 'Shift+ ', 'End']);
        expect(presses.waiting).toBe(0);
        // Once started, the presenter hears its keys itself.
        expect(press(document.body, 'PageDown')).toBe(false);
        expect(heard).toHaveLength(4);
      } finally {
        stop();
      }
    });

    it('lets other keys, keys with Ctrl, keys in a field and keys off the presenter through', () => {
      const field = document.createElement('input');
      document.body.append(field);
      const presses = holdPresses(document, () => document.body, { clicker: true });
      expect(press(document.body, 'S')).toBe(false);
      expect(press(document.body, 'PageDown', { ctrlKey: true })).toBe(false);
      expect(press(field, 'ArrowRight')).toBe(false);
      expect(presses.waiting).toBe(0);
      presses.started();
      const lesson = holdPresses(document, () => document.body);
      expect(press(document.body, 'PageDown')).toBe(false);
      expect(lesson.waiting).toBe(0);
      lesson.started();
    });

    it('drops what it holds if the code fails', () => {
      const { heard, stop } = presenter();
      const presses = holdPresses(document, () => document.body, { clicker: true });
      try {
        press(document.body, 'PageDown');
        presses.failed();
        expect(presses.waiting).toBe(0);
        presses.started();
        expect(heard).toEqual([]);
      } finally {
        stop();
      }
    });

    it('are the keys the presenter steps with by default', () => {
      const { forward, backward, first, last } = DEFAULT_KEYMAPS.presenter;
      const keys = [...forward, ...backward, ...first, ...last].map((name) =>
        name.replace(/^Shift\+/, '').replace('Space', ' '),
      );
      expect([...CLICKER_KEYS].sort()).toEqual([...new Set(keys)].sort());
    });
  });
});
