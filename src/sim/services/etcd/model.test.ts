import { describe, expect, it } from 'vitest';
import {
  etcdLeaseTtl,
  createEtcd,
  ETCD_SERVICE,
  etcdLockOwner,
  expireEtcdLeases,
  grantEtcdLease,
  keepAliveEtcdLease,
  lockEtcd,
  unlockEtcd,
} from '../etcd/model';
import { virtualMs } from '../../types';
import { aThirdOf } from '../service';

const PREFIX = 'locks/cert/go.shop.example';

describe('etcd lock (etcd concurrency.Mutex; Jepsen etcd 3.4.3)', () => {
  it('gives the lock to the oldest waiter, the lowest create revision', () => {
    let store = createEtcd(100, 7);
    const a = grantEtcdLease(store, 30_000, virtualMs(0));
    const b = grantEtcdLease(a.store, 30_000, virtualMs(0));
    const lockA = lockEtcd(b.store, PREFIX, a.lease.id);
    const lockB = lockEtcd(lockA.store, PREFIX, b.lease.id);
    store = lockB.store;
    expect(lockA).toMatchObject({ owner: true, createRevision: 101 });
    expect(lockB).toMatchObject({ owner: false, createRevision: 102 });
    expect(etcdLockOwner(store, PREFIX)).toBe(lockA.key);
  });

  it('uses the key revision as a token that rises across holders, even when lease ids do not', () => {
    let store = createEtcd(100, 3);
    const tokens: number[] = [];
    const leaseIds: string[] = [];
    for (let holder = 0; holder < 6; holder += 1) {
      const granted = grantEtcdLease(store, 2_000, virtualMs(holder * 10));
      const lock = lockEtcd(granted.store, PREFIX, granted.lease.id);
      tokens.push(lock.createRevision);
      leaseIds.push(granted.lease.id);
      store = unlockEtcd(lock.store, lock.key);
    }
    tokens.slice(1).forEach((token, index) => expect(token).toBeGreaterThan(tokens[index]!));
    const idsInOrder = leaseIds.every((id, index) => index === 0 || id > leaseIds[index - 1]!);
    expect(idsInOrder).toBe(false);
  });

  it("deletes the holder's key when its lease expires, handing the lock to the next waiter", () => {
    const a = grantEtcdLease(createEtcd(100, 1), 2_000, virtualMs(0));
    const b = grantEtcdLease(a.store, 60_000, virtualMs(0));
    const lockA = lockEtcd(b.store, PREFIX, a.lease.id);
    const lockB = lockEtcd(lockA.store, PREFIX, b.lease.id);
    const expired = expireEtcdLeases(lockB.store, virtualMs(2_000));
    expect(etcdLockOwner(expired, PREFIX)).toBe(lockB.key);
  });

  it('keeps a lease alive with a keep-alive every TTL/3 (client/v3/lease.go)', () => {
    expect(aThirdOf(30_000)).toBe(10_000);
    let { store, lease } = grantEtcdLease(createEtcd(1, 1), 30_000, virtualMs(0));
    for (const at of [10_000, 20_000, 30_000, 40_000]) {
      const kept = keepAliveEtcdLease(store, lease.id, virtualMs(at));
      expect(kept.alive).toBe(true);
      store = kept.store;
    }
    expect(store.leases[lease.id]?.expiresAt).toBe(70_000);
    lease = store.leases[lease.id]!;
    expect(keepAliveEtcdLease(store, lease.id, virtualMs(70_000)).alive).toBe(false);
  });
});

describe('etcd store details the lock relies on', () => {
  it('lease ids are 8 hex digits, zero-padded, whatever the random draw', () => {
    const ids = Array.from(
      { length: 200 },
      (_, seed) => grantEtcdLease(createEtcd(1, seed + 1), 2_000, virtualMs(0)).lease.id,
    );
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}$/);
  });

  it('an expired lease with no keys is revoked without moving the revision; a live lease stays', () => {
    const short = grantEtcdLease(createEtcd(100, 1), 2_000, virtualMs(0));
    const long = grantEtcdLease(short.store, 60_000, virtualMs(0));
    const locked = lockEtcd(long.store, PREFIX, long.lease.id);
    const expired = expireEtcdLeases(locked.store, virtualMs(2_000));
    expect(expired.revision).toBe(locked.store.revision);
    expect(Object.keys(expired.leases)).toEqual([long.lease.id]);
    expect(Object.keys(expired.keys)).toEqual([locked.key]);
  });

  it('locking again with the same lease keeps the key and its create revision: no new revision', () => {
    const granted = grantEtcdLease(createEtcd(100, 1), 30_000, virtualMs(0));
    const first = lockEtcd(granted.store, PREFIX, granted.lease.id);
    const again = lockEtcd(first.store, PREFIX, granted.lease.id);
    expect(again).toMatchObject({ createRevision: 101, owner: true });
    expect(again.store).toBe(first.store);
  });

  it('only keys under the lock prefix count as waiters, ordered by create revision however they are listed', () => {
    const store = {
      ...createEtcd(100, 1),
      keys: {
        [`${PREFIX}/late`]: { createRevision: 9, modRevision: 9, version: 1, lease: 'late' },
        [`${PREFIX}/early`]: { createRevision: 5, modRevision: 5, version: 1, lease: 'early' },
        [`${PREFIX}-other/oldest`]: { createRevision: 1, modRevision: 1, version: 1, lease: 'oldest' },
      },
    };
    expect(etcdLockOwner(store, PREFIX)).toBe(`${PREFIX}/early`);
    expect(etcdLockOwner(store, 'locks/none')).toBeNull();
  });

  it('unlocking a key that is not there changes nothing, not even the revision', () => {
    const store = createEtcd(100, 1);
    expect(unlockEtcd(store, `${PREFIX}/gone`)).toBe(store);
  });
});

describe('the etcd lock service', () => {
  const settings = { key: 'lock', ttlMs: 30_000, firstToken: 33, seed: 1 };
  const config = { kind: 'etcd' as const };
  const request = (holder: string, now: number, ttlMs = 30_000) => ({
    holder,
    value: `v-${holder}`,
    ttlMs,
    now: virtualMs(now),
  });
  const heldByA = () => ETCD_SERVICE.create(config, settings).acquire(config, request('A', 0)).backend;

  it("the first holder's token is its key's create revision, the first token", () => {
    const { outcome, backend } = ETCD_SERVICE.create(config, settings).acquire(config, request('A', 0));
    expect(outcome).toEqual({ granted: true, token: 33, expiresAt: 30_000 });
    expect(backend.truth(virtualMs(0))).toEqual({ holder: 'A', token: 33, expiresAt: 30_000 });
    expect(backend.nextExpiry()).toBe(30_000);
  });

  it('a refused waiter hears who holds the lock; its own lease runs on until it expires', () => {
    const { outcome, backend } = heldByA().acquire(config, request('B', 1_000, 5_000));
    expect(outcome).toEqual({ granted: false, heldBy: { holder: 'A', token: 33, expiresAt: 30_000 } });
    expect(backend.nextExpiry()).toBe(6_000);
  });

  it('the holder releases; someone who never held it cannot', () => {
    expect(heldByA().release({ holder: 'B', value: 'v-B', now: virtualMs(1) }).released).toBe(false);
    const released = heldByA().release({ holder: 'A', value: 'v-A', now: virtualMs(1) });
    expect(released.released).toBe(true);
    expect(released.backend.truth(virtualMs(1))).toBeNull();
  });

  it("after A's lease expired and B took the lock, the truth is B, A's late release fails, and B's works", () => {
    const b = heldByA().expire(virtualMs(30_000)).acquire(config, request('B', 30_000)).backend;
    expect(b.truth(virtualMs(30_000))).toMatchObject({ holder: 'B', expiresAt: 60_000 });
    const lateA = b.release({ holder: 'A', value: 'v-A', now: virtualMs(31_000) });
    expect(lateA.released).toBe(false);
    expect(lateA.backend.truth(virtualMs(31_000))?.holder).toBe('B');
    expect(lateA.backend.release({ holder: 'B', value: 'v-B', now: virtualMs(31_000) }).released).toBe(true);
  });
});

describe("etcd's lease TTL (the server's minimum, checked against a real etcd in etcd.real.test.ts)", () => {
  it.each([
    [1, 2_000],
    [1_999, 2_000],
    [2_000, 2_000],
    [2_001, 3_000],
    [30_000, 30_000],
    [29_708, 30_000],
  ])('a TTL of %i ms is granted as %i ms: whole seconds, never under 2 s', (asked, granted) => {
    expect(etcdLeaseTtl(asked)).toBe(granted);
  });
});
