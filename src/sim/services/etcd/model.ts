import { nextRandom } from '../../random.ts';
import { fencingToken, virtualMs, type VirtualMs } from '../../types.ts';
import { aThirdOf, earliest, lockService, type LockModel, type RevisionedKey } from '../service.ts';
import { known } from '../../known.ts';

/**
 * etcd's store as its lock client uses it (etcd API docs, client/v3/concurrency/mutex.go): every change
 * bumps one cluster-wide revision; keys remember the revision that created them; a lease deletes its keys
 * when it expires. The lock holder is the waiter whose key has the lowest create revision, and that
 * revision is the fencing token. Lease ids identify leases but are not ordered.
 */
export interface EtcdLease {
  readonly id: string;
  readonly ttlMs: number;
  readonly expiresAt: VirtualMs;
}

export interface EtcdStore {
  readonly revision: number;
  readonly keys: Readonly<Record<string, RevisionedKey>>;
  readonly leases: Readonly<Record<string, EtcdLease>>;
  readonly rngState: number;
}

export function createEtcd(firstRevision: number, seed: number): EtcdStore {
  return { revision: firstRevision, keys: {}, leases: {}, rngState: seed };
}

/** LeaseGrant: a random 64-bit-looking id, so a later lease can have a smaller id than an earlier one. */
export function grantEtcdLease(
  store: EtcdStore,
  ttlMs: number,
  now: VirtualMs,
): { store: EtcdStore; lease: EtcdLease } {
  const { value, state } = nextRandom(store.rngState);
  const id = Math.floor(value * 0xffffffff)
    .toString(16)
    .padStart(8, '0');
  const lease: EtcdLease = { id, ttlMs, expiresAt: virtualMs(now + ttlMs) };
  return { store: { ...store, rngState: state, leases: { ...store.leases, [id]: lease } }, lease };
}

/** KeepAlive: the Go client sends one every TTL/3; each resets the lease to a full TTL. */
export function keepAliveEtcdLease(
  store: EtcdStore,
  leaseId: string,
  now: VirtualMs,
): { store: EtcdStore; alive: boolean } {
  const lease = store.leases[leaseId];
  if (!lease || now >= lease.expiresAt) return { store, alive: false };
  const renewed = { ...lease, expiresAt: virtualMs(now + lease.ttlMs) };
  return { store: { ...store, leases: { ...store.leases, [leaseId]: renewed } }, alive: true };
}

/** Expired leases are revoked and their keys deleted; each deletion is a change, so the revision moves on. */
export function expireEtcdLeases(store: EtcdStore, now: VirtualMs): EtcdStore {
  const expired = new Set(
    Object.values(store.leases)
      .filter((lease) => now >= lease.expiresAt)
      .map((lease) => lease.id),
  );
  if (expired.size === 0) return store;
  const doomed = Object.entries(store.keys).filter(([, key]) => expired.has(key.lease));
  return {
    ...store,
    revision: store.revision + (doomed.length > 0 ? 1 : 0),
    keys: Object.fromEntries(Object.entries(store.keys).filter(([, key]) => !expired.has(key.lease))),
    leases: Object.fromEntries(Object.entries(store.leases).filter(([id]) => !expired.has(id))),
  };
}

/**
 * Mutex.Lock's transaction: put `prefix/<lease id>` if it does not exist yet. Returns the key's create
 * revision (the token) and whether this waiter now owns the lock.
 */
export function lockEtcd(store: EtcdStore, prefix: string, leaseId: string) {
  const key = `${prefix}/${leaseId}`;
  let next = store;
  if (!store.keys[key]) {
    const revision = store.revision + 1;
    next = {
      ...store,
      revision,
      keys: { ...store.keys, [key]: { createRevision: revision, modRevision: revision, version: 1, lease: leaseId } },
    };
  }
  const createRevision = known(next.keys[key]).createRevision;
  return { store: next, key, createRevision, owner: etcdLockOwner(next, prefix) === key };
}

/** "Oldest waiter holds the lock": the key under the prefix with the smallest create revision. */
export function etcdLockOwner(store: EtcdStore, prefix: string): string | null {
  const waiting = Object.entries(store.keys).filter(([name]) => name.startsWith(`${prefix}/`));
  waiting.sort(([, a], [, b]) => a.createRevision - b.createRevision);
  return waiting[0]?.[0] ?? null;
}

export function unlockEtcd(store: EtcdStore, key: string): EtcdStore {
  if (!store.keys[key]) return store;
  return {
    ...store,
    revision: store.revision + 1,
    keys: Object.fromEntries(Object.entries(store.keys).filter(([name]) => name !== key)),
  };
}

/** etcd grants leases in whole seconds, never below its minimum TTL (2 s at the default election timeout). */
export function etcdLeaseTtl(ttlMs: number): number {
  return Math.max(2_000, Math.ceil(ttlMs / 1_000) * 1_000);
}

interface EtcdState {
  readonly store: EtcdStore;
  readonly keys: Readonly<Record<string, { readonly key: string; readonly leaseId: string }>>;
}

const etcdModel: LockModel<EtcdState> = {
  needsKeepAlive: true,
  keepAliveIntervalMs: (ttlMs) => aThirdOf(etcdLeaseTtl(ttlMs)),
  appliedTtlMs: etcdLeaseTtl,
  create: (_config, settings) => ({ store: createEtcd(settings.firstToken - 1, settings.seed), keys: {} }),
  acquire(state, _config, request) {
    const lease = grantEtcdLease(state.store, etcdLeaseTtl(request.ttlMs), request.now);
    const locked = lockEtcd(lease.store, 'lock', lease.lease.id);
    if (!locked.owner) {
      // A try-lock: a waiter that does not own the lock removes its key and comes back later.
      const next = { ...state, store: unlockEtcd(locked.store, locked.key) };
      return { state: next, outcome: { granted: false, heldBy: etcdModel.truth(next, request.now) } };
    }
    const keys = { ...state.keys, [request.holder]: { key: locked.key, leaseId: lease.lease.id } };
    return {
      state: { store: locked.store, keys },
      outcome: { granted: true, token: fencingToken(locked.createRevision), expiresAt: lease.lease.expiresAt },
    };
  },
  release(state, request) {
    const mine = state.keys[request.holder];
    const owned = mine !== undefined && etcdLockOwner(state.store, 'lock') === mine.key;
    const store = mine ? unlockEtcd(state.store, mine.key) : state.store;
    const keys = Object.fromEntries(Object.entries(state.keys).filter(([id]) => id !== request.holder));
    return { state: { store, keys }, released: owned };
  },
  keepAlive(state, holder, now) {
    const mine = state.keys[holder];
    return mine ? { ...state, store: keepAliveEtcdLease(state.store, mine.leaseId, now).store } : state;
  },
  expire: (state, now) => ({ ...state, store: expireEtcdLeases(state.store, now) }),
  nextExpiry: (state) => earliest(Object.values(state.store.leases).map((lease) => lease.expiresAt)),
  truth(state) {
    const owner = etcdLockOwner(state.store, 'lock');
    const entry = Object.entries(state.keys).find(([, mine]) => mine.key === owner);
    if (!owner || !entry) return null;
    const lease = state.store.leases[entry[1].leaseId];
    const createRevision = state.store.keys[owner]?.createRevision;
    return {
      holder: entry[0],
      token: createRevision === undefined ? null : fencingToken(createRevision),
      expiresAt: lease?.expiresAt ?? null,
    };
  },
};

export const ETCD_SERVICE = /* @__PURE__ */ lockService('etcd', {
  ...etcdModel,
  view: (state) => ({ kind: 'revisions', keys: state.store.keys }),
});
