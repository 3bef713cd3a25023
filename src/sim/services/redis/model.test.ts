import { describe, expect, it } from 'vitest';
import { virtualMs } from '../../types';
import { LESSON_LOCK_SERVICE } from '../lesson/model';
import { REDIS_LOCK_SERVICE } from '../redis/model';

/** One Redis primary: `SET key value NX PX ttl`, answered OK or nil, with no token to hand out. */
const settings = { key: 'lock', ttlMs: 30_000, firstToken: 33, seed: 1 };
const config = { kind: 'redis' as const };
const request = (holder: string, now: number) => ({ holder, value: `v-${holder}`, ttlMs: 30_000, now: virtualMs(now) });

describe('the Redis lock service', () => {
  it('a refused client hears who holds the key and until when, but no token', () => {
    const held = REDIS_LOCK_SERVICE.create(config, settings).acquire(config, request('A', 0)).backend;
    expect(held.acquire(config, request('B', 1_000)).outcome).toEqual({
      granted: false,
      heldBy: { holder: 'A', token: null, expiresAt: 30_000 },
    });
  });

  it("the key's expiry is the next moment anything happens on its own", () => {
    const backend = REDIS_LOCK_SERVICE.create(config, settings);
    expect(backend.nextExpiry()).toBeNull();
    expect(backend.acquire(config, request('A', 5_000)).backend.nextExpiry()).toBe(35_000);
  });
});

describe("the lesson's lock service", () => {
  const lesson = { kind: 'lesson' as const };

  it('forgets an expired lease when expiry is processed, so nothing more is due', () => {
    const held = LESSON_LOCK_SERVICE.create(lesson, settings).acquire(lesson, request('A', 0)).backend;
    expect(held.nextExpiry()).toBe(30_000);
    expect(held.expire(virtualMs(29_999)).nextExpiry()).toBe(30_000);
    expect(held.expire(virtualMs(30_000)).nextExpiry()).toBeNull();
  });
});
