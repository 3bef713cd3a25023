import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IDLE_BEFORE_OFFLINE_MS } from './caches';
import { startOffline } from './start-offline';

const register = vi.hoisted(() => vi.fn());
vi.mock('./register', () => ({ register }));

/** A window with timers of its own (faked) and, if asked, service workers. */
function fakeWindow({ serviceWorker = true } = {}) {
  const events = new EventTarget();
  return Object.assign(events, {
    navigator: serviceWorker ? { serviceWorker: {} } : {},
    setTimeout: (handler: () => void, ms: number) => setTimeout(handler, ms),
    clearTimeout: (id: number) => clearTimeout(id),
  }) as unknown as Window;
}

/** Lets the dynamic import of the register module settle. */
const registered = () => vi.waitFor(() => expect(register).toHaveBeenCalled(), { timeout: 15_000 });

describe('making the site work offline after the first view', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    register.mockClear();
  });
  afterEach(() => vi.useRealTimers());

  it('registers nothing while the reader has done nothing, until the idle time has passed', async () => {
    const target = fakeWindow();
    startOffline(target);
    await vi.advanceTimersByTimeAsync(IDLE_BEFORE_OFFLINE_MS - 1);
    expect(register).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    vi.useRealTimers();
    await registered();
    expect(register).toHaveBeenCalledWith(target);
  });

  it.each(['pointerdown', 'keydown', 'wheel', 'touchstart'])(
    "registers at the reader's first %s, once",
    async (act) => {
      const target = fakeWindow();
      startOffline(target);
      target.dispatchEvent(new Event(act));
      target.dispatchEvent(new Event('keydown'));
      await vi.advanceTimersByTimeAsync(IDLE_BEFORE_OFFLINE_MS * 2);
      vi.useRealTimers();
      await registered();
      expect(register).toHaveBeenCalledTimes(1);
    },
  );

  it('does not take a scroll for the reader: the browser scrolls to a #fragment itself', async () => {
    const target = fakeWindow();
    startOffline(target);
    target.dispatchEvent(new Event('scroll'));
    await vi.advanceTimersByTimeAsync(IDLE_BEFORE_OFFLINE_MS - 1);
    expect(register).not.toHaveBeenCalled();
  });

  it("listens passively, so the reader's wheel and touch scrolling is never held up", () => {
    const target = fakeWindow();
    const listen = vi.spyOn(target, 'addEventListener');
    startOffline(target);
    expect(listen.mock.calls.map(([type, , options]) => [type, options])).toEqual(
      ['pointerdown', 'keydown', 'wheel', 'touchstart'].map((type) => [type, { passive: true }]),
    );
  });

  it('does nothing where the browser has no service workers', async () => {
    const target = fakeWindow({ serviceWorker: false });
    startOffline(target);
    target.dispatchEvent(new Event('pointerdown'));
    await vi.advanceTimersByTimeAsync(IDLE_BEFORE_OFFLINE_MS * 2);
    expect(register).not.toHaveBeenCalled();
  });
});
