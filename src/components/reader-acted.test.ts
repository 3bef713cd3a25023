import { beforeEach, describe, expect, it, vi } from 'vitest';

// The module remembers, for the page's life, whether the reader has acted: each test loads it afresh.
let readerHasActed: () => boolean;
beforeEach(async () => {
  vi.resetModules();
  ({ readerHasActed } = await import('./reader-acted'));
});

describe('readerHasActed', () => {
  it('is false as the page starts, and stays false through events that are not the reader’s', () => {
    expect(readerHasActed()).toBe(false);
    document.dispatchEvent(new Event('scroll'));
    window.dispatchEvent(new Event('focus'));
    expect(readerHasActed()).toBe(false);
  });

  it.each(['pointerdown', 'keydown', 'click'])('turns true at the first %s, and stays true', (type) => {
    readerHasActed();
    document.body.dispatchEvent(new Event(type, { bubbles: true }));
    expect(readerHasActed()).toBe(true);
    expect(readerHasActed()).toBe(true);
  });

  it('hears the act even where the page stops it from bubbling', () => {
    readerHasActed();
    const button = document.createElement('button');
    button.addEventListener('keydown', (event) => event.stopPropagation());
    document.body.append(button);
    button.dispatchEvent(new KeyboardEvent('keydown', { bubbles: true }));
    expect(readerHasActed()).toBe(true);
    button.remove();
  });

  it('stops listening once it has heard, and listens only once however often it is asked', () => {
    const added = vi.spyOn(document, 'addEventListener');
    const removed = vi.spyOn(document, 'removeEventListener');
    readerHasActed();
    readerHasActed();
    expect(added.mock.calls.map(([type, , capture]) => [type, capture])).toEqual([
      ['pointerdown', true],
      ['keydown', true],
      ['click', true],
    ]);
    document.dispatchEvent(new Event('click'));
    expect(removed.mock.calls.map(([type, , capture]) => [type, capture])).toEqual([
      ['pointerdown', true],
      ['keydown', true],
      ['click', true],
    ]);
    // The same listener is taken off as was put on.
    expect(removed.mock.calls.map(([, listener]) => listener)).toEqual(
      added.mock.calls.map(([, listener]) => listener),
    );
    vi.restoreAllMocks();
  });
});
