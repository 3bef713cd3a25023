import { describe, expect, it, vi } from 'vitest';

// The module keeps one page's state: each test loads it afresh.
async function freshModule() {
  vi.resetModules();
  return import('./first-move');
}

/** Whether `promise` has settled once every callback queued so far has run. */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  void promise.then(() => (done = true));
  await new Promise((resolve) => setTimeout(resolve, 0));
  return done;
}

describe("the reader's first move", () => {
  it.each(['scroll', 'wheel', 'touchstart', 'pointermove', 'pointerdown', 'keydown', 'focusin', 'click'])(
    'settles on a %s anywhere in the page',
    async (type) => {
      const { firstMove } = await freshModule();
      const moved = firstMove();
      expect(await settled(moved)).toBe(false);
      const target = type === 'scroll' ? document : document.body;
      target.dispatchEvent(new Event(type, { bubbles: true }));
      expect(await settled(moved)).toBe(true);
    },
  );

  it('does not settle on what a reader does not do: the pointer entering, the page shown, a resize', async () => {
    const { firstMove } = await freshModule();
    const moved = firstMove();
    document.dispatchEvent(new Event('mouseenter'));
    document.dispatchEvent(new Event('visibilitychange'));
    window.dispatchEvent(new Event('resize'));
    expect(await settled(moved)).toBe(false);
  });

  it('counts a move made before a later part of the page asks, once the entry has asked first', async () => {
    const { firstMove } = await freshModule();
    void firstMove();
    document.body.dispatchEvent(new Event('pointermove', { bubbles: true }));
    // The page's own code arrives after the move and asks then.
    expect(await settled(firstMove())).toBe(true);
  });

  it('listens from the first call only, and stops listening once the reader has moved', async () => {
    const adding = vi.spyOn(document, 'addEventListener');
    const removing = vi.spyOn(document, 'removeEventListener');
    const { firstMove, MOVES } = await freshModule();
    expect(adding).not.toHaveBeenCalled();
    const moved = firstMove();
    expect(firstMove()).toBe(moved);
    expect(adding.mock.calls.map(([type]) => type)).toEqual([...MOVES]);
    for (const [, , options] of adding.mock.calls) expect(options).toEqual({ capture: true, passive: true });
    document.body.dispatchEvent(new Event('keydown', { bubbles: true }));
    expect(removing.mock.calls.map(([type, , capture]) => [type, capture])).toEqual(MOVES.map((type) => [type, true]));
    adding.mockRestore();
    removing.mockRestore();
  });
});
