import { fencingToken, virtualMs, type VirtualMs } from '../../types.ts';
import { earliest, lockService, type LockModel, type LockTruth } from '../service.ts';

/**
 * ZooKeeper as its lock recipe uses it (ZooKeeper recipes and programmer's guide): every transaction gets
 * the next zxid, and opening and closing a session are transactions too; each waiter creates an ephemeral
 * sequential znode under the lock node; the lowest sequence number holds the lock; a session that is not
 * heard from within its timeout expires, and its closing transaction deletes its ephemeral nodes. The
 * holder's czxid (the zxid that created its node) serves as a token. Checked against ZooKeeper 3.8 by
 * tools/conformance/zookeeper.real.test.ts.
 */
export interface ZNode {
  readonly name: string;
  readonly sequence: number;
  readonly czxid: number;
  readonly ephemeralOwner: string;
}

export interface ZkSession {
  readonly id: string;
  readonly timeoutMs: number;
  readonly lastHeardAt: VirtualMs;
}

export interface ZooKeeper {
  readonly zxid: number;
  /** The lock node's child version: it counts creations and deletions, and sequence suffixes are taken from it. */
  readonly cversion: number;
  readonly children: readonly ZNode[];
  readonly sessions: Readonly<Record<string, ZkSession>>;
}

export function createZooKeeper(firstZxid: number): ZooKeeper {
  return { zxid: firstZxid, cversion: 0, children: [], sessions: {} };
}

/** ZooKeeper's built-in tickTime (ZooKeeperServer.DEFAULT_TICK_TIME), the one the lesson states. */
export const DEFAULT_TICK_TIME_MS = 3_000;

/** tickTime bounds the negotiated session timeout to 2 to 20 ticks. */
export function negotiateSessionTimeout(requestedMs: number, tickTimeMs = DEFAULT_TICK_TIME_MS): number {
  return Math.min(Math.max(requestedMs, 2 * tickTimeMs), 20 * tickTimeMs);
}

/** createSession is a transaction: it takes a zxid. */
export function openSession(
  zk: ZooKeeper,
  id: string,
  timeoutMs: number,
  now: VirtualMs,
  tickTimeMs?: number,
): ZooKeeper {
  const session = { id, timeoutMs: negotiateSessionTimeout(timeoutMs, tickTimeMs), lastHeardAt: now };
  return { ...zk, zxid: zk.zxid + 1, sessions: { ...zk.sessions, [id]: session } };
}

export function heartbeat(zk: ZooKeeper, id: string, now: VirtualMs): ZooKeeper {
  const session = zk.sessions[id];
  return session ? { ...zk, sessions: { ...zk.sessions, [id]: { ...session, lastHeardAt: now } } } : zk;
}

/** `create("<lock>/lock-", EPHEMERAL | SEQUENCE)`: the suffix is `%010d` of the parent's counter. */
export function createEphemeralSequential(zk: ZooKeeper, sessionId: string): { zk: ZooKeeper; node: ZNode } {
  const zxid = zk.zxid + 1;
  const node: ZNode = {
    name: `lock-${String(zk.cversion).padStart(10, '0')}`,
    sequence: zk.cversion,
    czxid: zxid,
    ephemeralOwner: sessionId,
  };
  return { zk: { ...zk, zxid, cversion: zk.cversion + 1, children: [...zk.children, node] }, node };
}

/** The holder is the child with the lowest sequence number. */
export function zkLockHolder(zk: ZooKeeper): ZNode | null {
  return [...zk.children].sort((a, b) => a.sequence - b.sequence)[0] ?? null;
}

/**
 * Ends a session, by expiry or by the client closing it: one closeSession transaction (one zxid) deletes
 * all its ephemeral nodes, and each deletion moves the lock node's child version on.
 */
export function closeSession(zk: ZooKeeper, id: string): ZooKeeper {
  if (!zk.sessions[id]) return zk;
  const removed = zk.children.filter((node) => node.ephemeralOwner === id).length;
  return {
    ...zk,
    zxid: zk.zxid + 1,
    cversion: zk.cversion + removed,
    children: zk.children.filter((node) => node.ephemeralOwner !== id),
    sessions: Object.fromEntries(Object.entries(zk.sessions).filter(([session]) => session !== id)),
  };
}

/** Sessions not heard from within their timeout expire. */
export function expireSessions(zk: ZooKeeper, now: VirtualMs): { zk: ZooKeeper; expired: string[] } {
  const expired = Object.values(zk.sessions)
    .filter((session) => now - session.lastHeardAt >= session.timeoutMs)
    .map((session) => session.id);
  return { zk: expired.reduce(closeSession, zk), expired };
}

/**
 * What a client hears from `getChildren` on the lock node, the recipe's second step. The server decides whether
 * the session still lives. One it has expired, it has also disconnected: the pending call fails with
 * CONNECTIONLOSS, and when the client reconnects the server answers SESSIONEXPIRED and the handle is closed
 * (ZooKeeper programmer's guide, "ZooKeeper Sessions"; checked by tools/conformance/zookeeper.real.test.ts).
 */
export type ChildrenReply =
  | { readonly ok: true; readonly names: readonly string[] }
  | { readonly ok: false; readonly errors: readonly ['CONNECTIONLOSS', 'SESSIONEXPIRED'] };

export function getChildren(zk: ZooKeeper, sessionId: string, now: VirtualMs): ChildrenReply {
  if (!expireSessions(zk, now).zk.sessions[sessionId])
    return { ok: false, errors: ['CONNECTIONLOSS', 'SESSIONEXPIRED'] };
  return { ok: true, names: zk.children.map((node) => node.name).sort() };
}

export function deleteNode(zk: ZooKeeper, name: string): ZooKeeper {
  if (!zk.children.some((node) => node.name === name)) return zk;
  return {
    ...zk,
    zxid: zk.zxid + 1,
    cversion: zk.cversion + 1,
    children: zk.children.filter((node) => node.name !== name),
  };
}

interface ZooKeeperState {
  readonly zk: ZooKeeper;
  readonly nodes: Readonly<Record<string, string>>;
}

const zookeeperModel: LockModel<ZooKeeperState> = {
  needsKeepAlive: true,
  appliedTtlMs: (ttlMs) => negotiateSessionTimeout(ttlMs),
  create: (_config, settings) => ({ zk: createZooKeeper(settings.firstToken - 1), nodes: {} }),
  acquire(state, _config, request) {
    const session = openSession(state.zk, request.holder, request.ttlMs, request.now);
    const created = createEphemeralSequential(session, request.holder);
    // A znode behind another: the client lists the children, sees it is not first, deletes it and tries later
    // (Curator's acquire with no wait). The lab tells that create, list and delete as one refusal.
    if (zkLockHolder(created.zk)?.name !== created.node.name) {
      const next = { ...state, zk: deleteNode(created.zk, created.node.name) };
      return { state: next, outcome: { granted: false, heldBy: zookeeperModel.truth(next, request.now) } };
    }
    const timeout = created.zk.sessions[request.holder]?.timeoutMs ?? request.ttlMs;
    return {
      state: { zk: created.zk, nodes: { ...state.nodes, [request.holder]: created.node.name } },
      outcome: { granted: true, token: fencingToken(created.node.czxid), expiresAt: virtualMs(request.now + timeout) },
    };
  },
  release(state, request) {
    const name = state.nodes[request.holder];
    const owned = name !== undefined && zkLockHolder(state.zk)?.name === name;
    const zk = name ? deleteNode(state.zk, name) : state.zk;
    const nodes = Object.fromEntries(Object.entries(state.nodes).filter(([id]) => id !== request.holder));
    return { state: { zk, nodes }, released: owned };
  },
  // The recipe's comparison: the holder's own znode must be the lowest of the children it lists. Like any request
  // the server hears on a live session, the call keeps that session alive.
  holdCheck(state, holder, now) {
    const reply = getChildren(state.zk, holder, now);
    if (!reply.ok) return { state, token: null };
    const own = state.zk.children.find((node) => node.name === state.nodes[holder]);
    const heard = { ...state, zk: heartbeat(state.zk, holder, now) };
    return { state: heard, token: own && reply.names[0] === own.name ? fencingToken(own.czxid) : null };
  },
  holdsOnlyOnCheck: true,
  keepAlive: (state, holder, now) => ({ ...state, zk: heartbeat(state.zk, holder, now) }),
  expire: (state, now) => ({ ...state, zk: expireSessions(state.zk, now).zk }),
  nextExpiry: (state) =>
    earliest(Object.values(state.zk.sessions).map((session) => session.lastHeardAt + session.timeoutMs)),
  truth(state): LockTruth | null {
    const node = zkLockHolder(state.zk);
    if (!node) return null;
    const session = state.zk.sessions[node.ephemeralOwner];
    const expiresAt = session ? virtualMs(session.lastHeardAt + session.timeoutMs) : null;
    return { holder: node.ephemeralOwner, token: fencingToken(node.czxid), expiresAt };
  },
};

export const ZOOKEEPER_SERVICE = /* @__PURE__ */ lockService('zookeeper', zookeeperModel);
