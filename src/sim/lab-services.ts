import { acquireChubby, createChubbyLock, loseHolder, releaseChubby, type ChubbyLock } from './chubby.ts';
import {
  createEtcd,
  etcdLockOwner,
  expireEtcdLeases,
  grantEtcdLease,
  keepAliveEtcdLease,
  keepAliveIntervalMs,
  lockEtcd,
  unlockEtcd,
  type EtcdKey,
  type EtcdStore,
} from './etcd.ts';
import { leaseTruth, registerLockModel, type LockBackend, type LockModel, type LockTruth } from './lock-backends.ts';
import {
  createLockService,
  currentLease,
  expireLease,
  grantLease,
  releaseLease,
  type LockService,
} from './lock-service.ts';
import {
  acquireRedlock,
  clockDriftMs,
  createNodes,
  majorityHolders,
  releaseRedlock,
  type RedlockNode,
} from './redlock.ts';
import type { RenewerId, VirtualMs } from './types.ts';
import { weeklyEmailModel } from './weekly-email.ts';
import { registerWeeklyEmail } from './world.ts';
import { virtualMs } from './types.ts';
import {
  createEphemeralSequential,
  createZooKeeper,
  deleteNode,
  expireSessions,
  heartbeat,
  openSession,
  zkLockHolder,
  type ZooKeeper,
} from './zookeeper.ts';

export const REDLOCK_NODES = ['A', 'B', 'C', 'D', 'E'] as const;

const earliest = (times: readonly (number | null | undefined)[]) => {
  const valid = times.filter((time): time is number => typeof time === 'number');
  return valid.length > 0 ? virtualMs(Math.min(...valid)) : null;
};

/** etcd grants leases in whole seconds, never below its minimum TTL (2 s at the default election timeout). */
export function etcdLeaseTtl(ttlMs: number): number {
  return Math.max(2_000, Math.ceil(ttlMs / 1_000) * 1_000);
}

/** Chubby sessions are kept alive by the client library; a lease shorter than a second is not offered. */
export function chubbySessionTtl(ttlMs: number): number {
  return Math.max(1_000, ttlMs);
}

interface RedisState {
  readonly primary: LockService;
}

/** One Redis with an asynchronous replica: at failover, the promoted replica has never seen the key. */
const redisModel: LockModel<RedisState> = {
  needsKeepAlive: false,
  create: (_config, settings) => ({ primary: createLockService(settings.key, settings.firstToken) }),
  failover(state, now) {
    const lease = currentLease(state.primary, now);
    return {
      state: { primary: { ...state.primary, lease: null } },
      lost: lease ? { holder: lease.holder, token: null, expiresAt: lease.expiresAt } : null,
    };
  },
  acquire(state, _config, request) {
    const { lock, result } = grantLease(state.primary, request);
    const next = { ...state, primary: lock };
    if (!result.granted)
      return { state: next, outcome: { granted: false, heldBy: { ...leaseTruth(result.heldBy), token: null } } };
    return { state: next, outcome: { granted: true, token: null, expiresAt: result.lease.expiresAt } };
  },
  release(state, request) {
    const { lock, result } = releaseLease(state.primary, request);
    return { state: { ...state, primary: lock }, released: result.released };
  },
  keepAlive: (state) => state,
  expire: (state, now) => ({ ...state, primary: expireLease(state.primary, now).lock }),
  nextExpiry: (state) => state.primary.lease?.expiresAt ?? null,
  truth(state, now) {
    const lease = currentLease(state.primary, now);
    return lease ? { holder: lease.holder, token: null, expiresAt: lease.expiresAt } : null;
  },
};

interface RedlockHolding {
  readonly holder: RenewerId;
  readonly value: string;
  readonly expiresAt: VirtualMs;
}

interface RedlockState {
  readonly nodes: readonly RedlockNode[];
  readonly holdings: readonly RedlockHolding[];
}

const redlockModel: LockModel<RedlockState> = {
  needsKeepAlive: false,
  // validity = TTL − (T2 − T1) − drift, with T2 read after the last reply is read (Redis docs, node-redlock).
  validityOnReplyMs: (ttlMs, elapsedMs) => ttlMs - elapsedMs - clockDriftMs(ttlMs),
  create: (config) => ({
    nodes: createNodes(REDLOCK_NODES, config.kind === 'redlock' ? (config.clocks ?? {}) : {}),
    holdings: [],
  }),
  acquire(state, config, request) {
    const redlock = config.kind === 'redlock' ? config : null;
    const blocked = new Set(redlock?.unreachable?.[request.holder] ?? []);
    const result = acquireRedlock(state.nodes, {
      key: 'lock',
      value: request.value,
      ttlMs: request.ttlMs,
      startAt: request.now,
      perNodeMs: redlock?.perNodeMs ?? 5,
      reachable: new Set(REDLOCK_NODES.filter((node) => !blocked.has(node))),
    });
    if (!result.granted) {
      const next = { ...state, nodes: result.nodes };
      return { state: next, outcome: { granted: false, heldBy: redlockModel.truth(next, request.now) } };
    }
    const expiresAt = virtualMs(result.finishedAt + result.validityMs);
    const holdings = [
      ...state.holdings.filter((holding) => holding.holder !== request.holder),
      { holder: request.holder, value: request.value, expiresAt },
    ];
    return { state: { nodes: result.nodes, holdings }, outcome: { granted: true, token: null, expiresAt } };
  },
  release(state, request) {
    const held = majorityHolders(state.nodes, 'lock', request.now).includes(request.value);
    return {
      state: {
        nodes: releaseRedlock(state.nodes, 'lock', request.value, request.now),
        holdings: state.holdings.filter((holding) => holding.value !== request.value),
      },
      released: held,
    };
  },
  keepAlive: (state) => state,
  expire: (state, now) => ({ ...state, holdings: state.holdings.filter((holding) => now < holding.expiresAt) }),
  nextExpiry: (state) => earliest(state.holdings.map((holding) => holding.expiresAt)),
  truth(state, now) {
    const values = majorityHolders(state.nodes, 'lock', now);
    const holding = state.holdings.find((candidate) => values.includes(candidate.value));
    return holding ? { holder: holding.holder, token: null, expiresAt: holding.expiresAt } : null;
  },
};

interface EtcdState {
  readonly store: EtcdStore;
  readonly keys: Readonly<Record<string, { readonly key: string; readonly leaseId: string }>>;
}

/** Redlock's nodes with their clocks and keys, for the lab's panel; null under another service. */
export function redlockNodesOf(backend: LockBackend): readonly RedlockNode[] | null {
  return backend.kind === 'redlock' ? (backend.state as RedlockState).nodes : null;
}

/** etcd's lock keys (named by lease id) with their create revisions; null under another service. */
export function etcdKeysOf(backend: LockBackend): Readonly<Record<string, EtcdKey>> | null {
  return backend.kind === 'etcd' ? (backend.state as EtcdState).store.keys : null;
}

const etcdModel: LockModel<EtcdState> = {
  needsKeepAlive: true,
  keepAliveIntervalMs: (ttlMs) => keepAliveIntervalMs(etcdLeaseTtl(ttlMs)),
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
      outcome: { granted: true, token: locked.createRevision, expiresAt: lease.lease.expiresAt },
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
    return {
      holder: entry[0],
      token: state.store.keys[owner]?.createRevision ?? null,
      expiresAt: lease?.expiresAt ?? null,
    };
  },
};

interface ZooKeeperState {
  readonly zk: ZooKeeper;
  readonly nodes: Readonly<Record<string, string>>;
}

const zookeeperModel: LockModel<ZooKeeperState> = {
  needsKeepAlive: true,
  create: (_config, settings) => ({ zk: createZooKeeper(settings.firstToken - 1), nodes: {} }),
  acquire(state, _config, request) {
    const session = openSession(state.zk, request.holder, request.ttlMs, request.now);
    const created = createEphemeralSequential(session, request.holder);
    if (zkLockHolder(created.zk)?.name !== created.node.name) {
      const next = { ...state, zk: deleteNode(created.zk, created.node.name) };
      return { state: next, outcome: { granted: false, heldBy: zookeeperModel.truth(next, request.now) } };
    }
    const timeout = created.zk.sessions[request.holder]?.timeoutMs ?? request.ttlMs;
    return {
      state: { zk: created.zk, nodes: { ...state.nodes, [request.holder]: created.node.name } },
      outcome: { granted: true, token: created.node.czxid, expiresAt: virtualMs(request.now + timeout) },
    };
  },
  release(state, request) {
    const name = state.nodes[request.holder];
    const owned = name !== undefined && zkLockHolder(state.zk)?.name === name;
    const zk = name ? deleteNode(state.zk, name) : state.zk;
    const nodes = Object.fromEntries(Object.entries(state.nodes).filter(([id]) => id !== request.holder));
    return { state: { zk, nodes }, released: owned };
  },
  keepAlive: (state, holder, now) => ({ ...state, zk: heartbeat(state.zk, holder, now) }),
  expire: (state, now) => ({ ...state, zk: expireSessions(state.zk, now).zk }),
  nextExpiry: (state) =>
    earliest(Object.values(state.zk.sessions).map((session) => session.lastHeardAt + session.timeoutMs)),
  truth(state): LockTruth | null {
    const node = zkLockHolder(state.zk);
    if (!node) return null;
    const session = state.zk.sessions[node.ephemeralOwner];
    const expiresAt = session ? virtualMs(session.lastHeardAt + session.timeoutMs) : null;
    return { holder: node.ephemeralOwner, token: node.czxid, expiresAt };
  },
};

interface ChubbyState {
  readonly lock: ChubbyLock;
  readonly sessions: Readonly<Record<string, VirtualMs>>;
}

const chubbyModel: LockModel<ChubbyState> = {
  needsKeepAlive: true,
  keepAliveIntervalMs: (ttlMs) => Math.floor(chubbySessionTtl(ttlMs) / 3),
  create: (config, settings) => ({
    lock: createChubbyLock(settings.key, config.kind === 'chubby' ? config.lockDelayMs : 0, settings.firstToken - 1),
    sessions: {},
  }),
  acquire(state, _config, request) {
    const { lock, sequencer } = acquireChubby(state.lock, request.holder, request.now);
    if (!sequencer) {
      const next = { ...state, lock };
      return { state: next, outcome: { granted: false, heldBy: chubbyModel.truth(next, request.now) } };
    }
    const until = virtualMs(request.now + chubbySessionTtl(request.ttlMs));
    return {
      state: { lock, sessions: { ...state.sessions, [request.holder]: until } },
      outcome: { granted: true, token: sequencer.generation, expiresAt: until },
    };
  },
  release: (state, request) => ({
    state: { ...state, lock: releaseChubby(state.lock, request.holder) },
    released: state.lock.holder === request.holder,
  }),
  keepAlive: (state, holder, now, ttlMs) =>
    state.lock.holder === holder
      ? { ...state, sessions: { ...state.sessions, [holder]: virtualMs(now + chubbySessionTtl(ttlMs)) } }
      : state,
  expire(state, now) {
    const holder = state.lock.holder;
    const until = holder ? state.sessions[holder] : undefined;
    // A session that lapsed means a failed holder: the lock is freed, but held back for the lock-delay.
    return holder && until !== undefined && now >= until ? { ...state, lock: loseHolder(state.lock, now) } : state;
  },
  nextExpiry: (state) => earliest(Object.values(state.sessions)),
  truth(state) {
    const holder = state.lock.holder;
    return holder ? { holder, token: state.lock.generation, expiresAt: state.sessions[holder] ?? null } : null;
  },
};

/** Makes the lab's lock services available to the simulation; the walkthrough needs only its own. */
/** The lab's lock services and its second resource, kept out of the first view. */
export function registerLabModels(): void {
  registerWeeklyEmail(weeklyEmailModel);
  registerLockModel('redis', redisModel);
  registerLockModel('redlock', redlockModel);
  registerLockModel('etcd', etcdModel);
  registerLockModel('zookeeper', zookeeperModel);
  registerLockModel('chubby', chubbyModel);
}
