import { describe, expect, it } from 'vitest';
import {
  createEtcd,
  etcdLockOwner,
  expireEtcdLeases,
  grantEtcdLease,
  keepAliveEtcdLease,
  keepAliveIntervalMs,
  lockEtcd,
  unlockEtcd,
} from './etcd';
import { virtualMs } from '../types';

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
    expect(keepAliveIntervalMs(30_000)).toBe(10_000);
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
