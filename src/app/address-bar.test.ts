import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Route } from '@/route/route';
import { keepAddressInStep, SETTLE_MS } from './address-bar';

/** A browser's location and history, where replaceState may be told to refuse as WebKit's rate limit does. */
function fakeBrowser(href = 'https://lockstep.example/course/?utm=x#opening') {
  const url = new URL(href);
  const writes: string[] = [];
  let refuse = false;
  const history = {
    state: null,
    replaceState: (_state: unknown, _title: string, to: string) => {
      if (refuse) throw new DOMException('Attempt to use history.replaceState() more than 100 times', 'SecurityError');
      const next = new URL(to, url);
      url.search = next.search;
      url.hash = next.hash;
      writes.push(to);
    },
  };
  return {
    browser: {
      location: url as unknown as Location,
      history: history as unknown as History,
      setTimeout: globalThis.setTimeout.bind(globalThis),
      clearTimeout: globalThis.clearTimeout.bind(globalThis),
    } as unknown as Window,
    writes,
    refuse: (value: boolean) => (refuse = value),
  };
}

function setup(initial: Route) {
  let route = initial;
  const listeners = new Set<() => void>();
  const fake = fakeBrowser();
  const bar = keepAddressInStep(
    () => route,
    (listener) => {
      listeners.add(listener);
    },
    fake.browser,
  );
  const change = (next: Route) => {
    route = next;
    listeners.forEach((listener) => listener());
  };
  return { ...fake, bar, change };
}

const lessonAt = (cursor: number): Route => ({ page: 'lesson', place: { cursor, fencing: true } });

describe('the address bar', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('writes a single step in the next task, after the click has drawn it, so a reload moments later keeps it', () => {
    const { change, writes } = setup(lessonAt(0));
    change(lessonAt(3));
    expect(writes).toEqual([]);
    vi.advanceTimersByTime(0);
    expect(writes).toEqual(['/course/?step=4&fencing=on&utm=x#opening']);
  });

  it('writes changes made in one task once, as their last', () => {
    const { change, writes } = setup(lessonAt(0));
    for (let cursor = 1; cursor <= 10; cursor += 1) change(lessonAt(cursor));
    vi.advanceTimersByTime(0);
    expect(writes).toEqual(['/course/?step=11&fencing=on&utm=x#opening']);
  });

  it('writes a burst of steps as its first and, once it settles, its last, keeping the reader’s other parameters', () => {
    const { change, writes } = setup(lessonAt(0));
    for (let cursor = 1; cursor <= 10; cursor += 1) {
      change(lessonAt(cursor));
      vi.advanceTimersByTime(10);
    }
    expect(writes).toEqual(['/course/?step=2&fencing=on&utm=x#opening']);
    vi.advanceTimersByTime(SETTLE_MS - 101);
    expect(writes).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(writes).toEqual(['/course/?step=2&fencing=on&utm=x#opening', '/course/?step=11&fencing=on&utm=x#opening']);
  });

  it('stays under the browser’s limit: a hundred steps in ten seconds make about fifty writes, not a hundred', () => {
    const { change, writes } = setup(lessonAt(0));
    for (let cursor = 1; cursor <= 100; cursor += 1) {
      change(lessonAt(cursor));
      vi.advanceTimersByTime(100);
    }
    vi.advanceTimersByTime(SETTLE_MS);
    // One write per SETTLE_MS window, and the last step when the burst ends.
    expect(writes.length).toBeLessThanOrEqual(10_000 / SETTLE_MS + 1);
    expect(writes.at(-1)).toBe('/course/?step=101&fencing=on&utm=x#opening');
  });

  it('is written at once when the shell flushes, and not again when nothing changed', () => {
    const { bar, writes } = setup({ page: 'present', place: { cursor: 2, fencing: false } });
    bar.flush();
    bar.flush();
    expect(writes).toEqual(['/course/?present&step=3&fencing=off&utm=x#opening']);
  });

  it('never throws when the browser refuses, and catches up later', () => {
    const { change, writes, refuse } = setup(lessonAt(0));
    refuse(true);
    expect(() => change(lessonAt(4))).not.toThrow();
    expect(() => vi.advanceTimersByTime(0)).not.toThrow();
    expect(() => change(lessonAt(5))).not.toThrow();
    vi.advanceTimersByTime(1_999);
    expect(writes).toEqual([]);
    refuse(false);
    vi.advanceTimersByTime(2_000);
    expect(writes).toEqual(['/course/?step=6&fencing=on&utm=x#opening']);
  });

  it('catches up after a refusal with no change since: the retry itself writes', () => {
    const { change, writes, refuse } = setup(lessonAt(0));
    refuse(true);
    change(lessonAt(4));
    vi.advanceTimersByTime(0);
    refuse(false);
    vi.advanceTimersByTime(1_999);
    expect(writes).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(writes).toEqual(['/course/?step=5&fencing=on&utm=x#opening']);
  });
});
