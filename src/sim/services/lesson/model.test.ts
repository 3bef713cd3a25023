import { describe, expect, it } from 'vitest';
import { createLockService, currentLease, grantLease, releaseLease, type LessonLock } from '../lesson/model';
import { virtualMs } from '../../types';

const KEY = 'lock:cert:go.shop.example';

function acquire(lock: LessonLock, holder: string, now: number, ttlMs = 30_000) {
  return grantLease(lock, { holder, value: `value-${holder}`, ttlMs, now: virtualMs(now) });
}

describe('lockService.grantLease', () => {
  it('starts at the configured first token', () => {
    const { result } = acquire(createLockService(KEY, 33), 'A', 0);
    expect(result).toMatchObject({ granted: true, lease: { holder: 'A', token: 33, expiresAt: 30_000 } });
  });

  it('issues a fencing token greater than every token issued before', () => {
    let lock = createLockService(KEY, 33);
    const tokens: number[] = [];
    for (let round = 0; round < 5; round += 1) {
      const granted = acquire(lock, round % 2 ? 'B' : 'A', round * 30_000);
      lock = granted.lock;
      if (granted.result.granted) tokens.push(granted.result.lease.token);
    }
    expect(tokens).toEqual([33, 34, 35, 36, 37]);
  });

  it('refuses a lease while an unexpired one is held, and names the holder', () => {
    const first = acquire(createLockService(KEY, 33), 'A', 0);
    const second = acquire(first.lock, 'B', 29_999);
    expect(second.result).toMatchObject({ granted: false, heldBy: { holder: 'A', token: 33 } });
    expect(second.lock.nextToken).toBe(34);
  });

  it('grants again once the lease has expired, exactly at grantedAt + ttl', () => {
    const first = acquire(createLockService(KEY, 33), 'A', 0);
    const second = acquire(first.lock, 'B', 30_000);
    expect(second.result).toMatchObject({ granted: true, lease: { holder: 'B', token: 34 } });
  });
});

describe('lockService.releaseLease', () => {
  it('deletes the key when the caller holds the current lease', () => {
    const { lock } = acquire(createLockService(KEY, 33), 'A', 0);
    const released = releaseLease(lock, { value: 'value-A', now: virtualMs(10_000) });
    expect(released.result.released).toBe(true);
    expect(currentLease(released.lock, virtualMs(10_000))).toBeNull();
  });

  it("refuses a non-holder's release and leaves the holder's lease in place", () => {
    const { lock } = acquire(createLockService(KEY, 33), 'B', 31_000);
    const released = releaseLease(lock, { value: 'value-A', now: virtualMs(42_000) });
    expect(released.result).toMatchObject({ released: false, reason: 'notHolder', heldBy: { holder: 'B', token: 33 } });
    expect(currentLease(released.lock, virtualMs(42_000))?.holder).toBe('B');
  });

  it('refuses to release a lease that has already expired', () => {
    const { lock } = acquire(createLockService(KEY, 33), 'A', 0);
    const released = releaseLease(lock, { value: 'value-A', now: virtualMs(42_000) });
    expect(released.result).toMatchObject({ released: false, reason: 'noLease' });
  });
});
