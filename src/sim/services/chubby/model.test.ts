import { describe, expect, it } from 'vitest';
import { virtualMs } from '../../types';
import {
  acquireChubby,
  CHUBBY_SERVICE,
  checkSequencer,
  createChubbyLock,
  loseHolder,
  releaseChubby,
} from '../chubby/model';

/** Chubby's lock and sequencers (Burrows, OSDI 2006, §2.4), and the lock service the simulation runs on it. */
const settings = { key: 'lock', ttlMs: 30_000, firstToken: 33, seed: 1 };
const config = { kind: 'chubby' as const, lockDelayMs: 10_000 };
const request = (holder: string, now: number, ttlMs = 30_000) => ({
  holder,
  value: `v-${holder}`,
  ttlMs,
  now: virtualMs(now),
});

function heldByA() {
  return CHUBBY_SERVICE.create(config, settings).acquire(config, request('A', 0)).backend;
}

describe('Chubby lock operations', () => {
  it('only the holder can release the lock', () => {
    const held = acquireChubby(createChubbyLock('/ls/cell/cert', 0), 'A', virtualMs(0)).lock;
    expect(releaseChubby(held, 'B')).toBe(held);
    expect(releaseChubby(held, 'A').holder).toBeNull();
  });

  it('losing the holder of a free lock sets no lock-delay', () => {
    const free = createChubbyLock('/ls/cell/cert', 15_000);
    expect(loseHolder(free, virtualMs(1_000))).toBe(free);
    expect(acquireChubby(free, 'B', virtualMs(1_000)).sequencer).not.toBeNull();
  });

  describe('CheckSequencer accepts only the current exclusive sequencer of this lock while it is held', () => {
    const held = acquireChubby(createChubbyLock('/ls/cell/cert', 0), 'A', virtualMs(0));
    const current = held.sequencer!;

    it('accepts the current one', () => {
      expect(checkSequencer(held.lock, current)).toBe(true);
    });

    it("rejects another lock's sequencer of the same generation", () => {
      expect(checkSequencer(held.lock, { ...current, lockName: '/ls/cell/other' })).toBe(false);
    });

    it('rejects a shared-mode sequencer', () => {
      expect(checkSequencer(held.lock, { ...current, mode: 'shared' })).toBe(false);
    });

    it('rejects the last sequencer once the lock was released and is free', () => {
      expect(checkSequencer(releaseChubby(held.lock, 'A'), current)).toBe(false);
    });
  });
});

describe('the Chubby lock service', () => {
  it('TryAcquire answers only that it succeeded; GetSequencer() then gives the first token as the generation', () => {
    const { outcome, backend } = CHUBBY_SERVICE.create(config, settings).acquire(config, request('A', 0));
    expect(outcome).toEqual({ granted: true, token: null, expiresAt: 30_000 });
    expect(backend.checksHold).toBe(true);
    expect(backend.holdCheck('A', virtualMs(0)).token).toBe(33);
  });

  it('GetSequencer() gives nothing to a handle that does not hold the lock, or whose session has lapsed', () => {
    expect(heldByA().holdCheck('B', virtualMs(1_000)).token).toBeNull();
    expect(heldByA().holdCheck('A', virtualMs(29_999)).token).toBe(33);
    expect(heldByA().holdCheck('A', virtualMs(30_000)).token).toBeNull();
  });

  it('refuses a second client and says who holds the lock with which generation until when', () => {
    const { outcome } = heldByA().acquire(config, request('B', 1_000));
    expect(outcome).toEqual({ granted: false, heldBy: { holder: 'A', token: 33, expiresAt: 30_000 } });
  });

  it('a clean release by the holder is reported and frees the lock at once', () => {
    const released = heldByA().release({ holder: 'A', value: 'v-A', now: virtualMs(5_000) });
    expect(released.released).toBe(true);
    expect(released.backend.truth(virtualMs(5_000))).toBeNull();
    const b = released.backend.acquire(config, request('B', 5_000));
    expect(b.outcome.granted).toBe(true);
    expect(b.backend.holdCheck('B', virtualMs(5_000)).token).toBe(34);
  });

  it('a release by a client that does not hold the lock is refused', () => {
    const refused = heldByA().release({ holder: 'B', value: 'v-B', now: virtualMs(5_000) });
    expect(refused.released).toBe(false);
    expect(refused.backend.truth(virtualMs(5_000))?.holder).toBe('A');
  });

  it('a keep-alive from the holder extends its session by a full TTL; one from anyone else changes nothing', () => {
    const kept = heldByA().keepAlive('A', virtualMs(10_000), 30_000);
    expect(kept.truth(virtualMs(10_000))).toEqual({ holder: 'A', token: 33, expiresAt: 40_000 });
    expect(kept.nextExpiry()).toBe(40_000);
    const stranger = heldByA().keepAlive('B', virtualMs(1_000), 5_000);
    expect(stranger.truth(virtualMs(1_000))?.expiresAt).toBe(30_000);
    expect(stranger.nextExpiry()).toBe(30_000);
  });

  it('keeps the holder until its session lapses, then frees the lock behind the lock-delay', () => {
    const held = heldByA();
    expect(held.expire(virtualMs(29_999)).truth(virtualMs(29_999))?.holder).toBe('A');
    const lapsed = held.expire(virtualMs(30_000));
    expect(lapsed.truth(virtualMs(30_000))).toBeNull();
    expect(lapsed.acquire(config, request('B', 39_999)).outcome.granted).toBe(false);
    const b = lapsed.acquire(config, request('B', 40_000));
    expect(b.outcome.granted).toBe(true);
    expect(b.backend.holdCheck('B', virtualMs(40_000)).token).toBe(34);
  });

  it('sessions last at least a second, and the client renews them every third of the session', () => {
    const backend = CHUBBY_SERVICE.create(config, settings);
    expect(backend.keepAliveIntervalMs(30_000)).toBe(10_000);
    expect(backend.keepAliveIntervalMs(3_000)).toBe(1_000);
    expect(backend.acquire(config, request('A', 0, 200)).outcome).toMatchObject({ expiresAt: 1_000 });
  });
});
