import type { VirtualMs } from './types.ts';

/**
 * ZooKeeper as its lock recipe uses it (ZooKeeper recipes and programmer's guide): every change gets the
 * next zxid; each waiter creates an ephemeral sequential znode under the lock node; the lowest sequence
 * number holds the lock; a session that is not heard from within its timeout expires, and the cluster
 * deletes its ephemeral nodes. The holder's czxid (the zxid that created its node) serves as a token.
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
  /** The lock node's children counter, from which sequence suffixes are taken. */
  readonly cversion: number;
  readonly children: readonly ZNode[];
  readonly sessions: Readonly<Record<string, ZkSession>>;
}

export function createZooKeeper(firstZxid: number): ZooKeeper {
  return { zxid: firstZxid, cversion: 0, children: [], sessions: {} };
}

/** tickTime bounds the negotiated session timeout to 2 to 20 ticks. */
export function negotiateSessionTimeout(requestedMs: number, tickTimeMs = 2_000): number {
  return Math.min(Math.max(requestedMs, 2 * tickTimeMs), 20 * tickTimeMs);
}

export function openSession(zk: ZooKeeper, id: string, timeoutMs: number, now: VirtualMs): ZooKeeper {
  return {
    ...zk,
    sessions: { ...zk.sessions, [id]: { id, timeoutMs: negotiateSessionTimeout(timeoutMs), lastHeardAt: now } },
  };
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

/** Sessions not heard from within their timeout expire; their ephemeral nodes go, one zxid each. */
export function expireSessions(zk: ZooKeeper, now: VirtualMs): { zk: ZooKeeper; expired: string[] } {
  const expired = Object.values(zk.sessions)
    .filter((session) => now - session.lastHeardAt >= session.timeoutMs)
    .map((session) => session.id);
  if (expired.length === 0) return { zk, expired };
  const removed = zk.children.filter((node) => expired.includes(node.ephemeralOwner));
  return {
    zk: {
      ...zk,
      zxid: zk.zxid + removed.length,
      children: zk.children.filter((node) => !expired.includes(node.ephemeralOwner)),
      sessions: Object.fromEntries(Object.entries(zk.sessions).filter(([id]) => !expired.includes(id))),
    },
    expired,
  };
}

export function deleteNode(zk: ZooKeeper, name: string): ZooKeeper {
  if (!zk.children.some((node) => node.name === name)) return zk;
  return { ...zk, zxid: zk.zxid + 1, children: zk.children.filter((node) => node.name !== name) };
}
