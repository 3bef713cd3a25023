import { virtualMs, type RenewerId, type VirtualMs } from '../types.ts';
import { earliest, lockService, type LockModel } from './service.ts';

/**
 * Redlock, as the Redis documentation specifies it: N independent Redis masters (5 in the docs), each with
 * its own clock; a lock counts only on a majority, and only for TTL minus the time spent acquiring minus
 * an allowance for clock drift. It hands out no token.
 */

/** A node's clock: it may run fast or slow (`driftRate`, 0.01 = 1 % fast) and may jump. */
export interface NodeClock {
  readonly offsetMs: number;
  readonly driftRate: number;
  /** Steps of the wall clock, e.g. NTP stepping it or an administrator setting it. */
  readonly jumps: readonly { readonly atMs: number; readonly byMs: number }[];
}

export interface RedlockNode {
  readonly id: string;
  readonly clock: NodeClock;
  /** Keys with their expiry on this node's own clock, as Redis stores an absolute expiry time. */
  readonly keys: Readonly<Record<string, { readonly value: string; readonly expiresAtNodeMs: number }>>;
}

export const steadyClock: NodeClock = { offsetMs: 0, driftRate: 0, jumps: [] };

/** What a node's clock reads when true (virtual) time is `now`. */
export function nodeTime(clock: NodeClock, now: VirtualMs): number {
  const jumped = clock.jumps.filter((jump) => jump.atMs <= now).reduce((sum, jump) => sum + jump.byMs, 0);
  return now + clock.offsetMs + now * clock.driftRate + jumped;
}

export function createNodes(
  ids: readonly string[],
  clocks: Readonly<Partial<Record<string, NodeClock>>> = {},
): RedlockNode[] {
  return ids.map((id) => ({ id, clock: clocks[id] ?? steadyClock, keys: {} }));
}

function liveValue(node: RedlockNode, key: string, now: VirtualMs): string | null {
  const entry = node.keys[key];
  return entry && nodeTime(node.clock, now) < entry.expiresAtNodeMs ? entry.value : null;
}

/** `SET key value NX PX ttl` on one node, judged by that node's clock. */
export function setNx(node: RedlockNode, key: string, value: string, ttlMs: number, now: VirtualMs) {
  if (liveValue(node, key, now) !== null) return { node, ok: false };
  const expiresAtNodeMs = nodeTime(node.clock, now) + ttlMs;
  return { node: { ...node, keys: { ...node.keys, [key]: { value, expiresAtNodeMs } } }, ok: true };
}

/** The Lua compare-and-delete on one node. */
export function compareAndDelete(node: RedlockNode, key: string, value: string, now: VirtualMs) {
  if (liveValue(node, key, now) !== value) return { node, deleted: false };
  const keys = Object.fromEntries(Object.entries(node.keys).filter(([name]) => name !== key));
  return { node: { ...node, keys }, deleted: true };
}

/** The reference clients' allowance: 1 % of the TTL, plus 2 ms for expiry precision (redlock-rb, node-redlock). */
export function clockDriftMs(ttlMs: number): number {
  return Math.floor(ttlMs * 0.01) + 2;
}

export interface RedlockAttempt {
  readonly key: string;
  readonly value: string;
  readonly ttlMs: number;
  /** When the client starts, on the true clock; the client reads its own (steady) clock. */
  readonly startAt: VirtualMs;
  /** Round trip to each node, in order. */
  readonly perNodeMs: number;
  /** Nodes this client can reach; the others time out and count as failures. */
  readonly reachable: ReadonlySet<string>;
  /** A stop-the-world pause of the client after it sent its requests, before it reads the replies. */
  readonly pauseBeforeRepliesMs?: number;
}

export interface RedlockResult {
  readonly nodes: readonly RedlockNode[];
  readonly granted: boolean;
  readonly lockedOn: readonly string[];
  readonly elapsedMs: number;
  readonly validityMs: number;
  /** When the client finished acquiring (true time). */
  readonly finishedAt: VirtualMs;
}

/**
 * One acquisition: SET NX PX on every node in turn, then count. Granted only on a majority
 * (N/2 + 1) with validity = TTL − elapsed − drift still positive; on failure the client unlocks every node.
 */
export function acquireRedlock(nodes: readonly RedlockNode[], attempt: RedlockAttempt): RedlockResult {
  let clock = attempt.startAt;
  const lockedOn: string[] = [];
  let current = [...nodes];
  current = current.map((node) => {
    clock = virtualMs(clock + attempt.perNodeMs);
    if (!attempt.reachable.has(node.id)) return node;
    const result = setNx(node, attempt.key, attempt.value, attempt.ttlMs, clock);
    if (result.ok) lockedOn.push(node.id);
    return result.node;
  });
  const finishedAt = virtualMs(clock + (attempt.pauseBeforeRepliesMs ?? 0));
  const elapsedMs = finishedAt - attempt.startAt;
  const validityMs = attempt.ttlMs - elapsedMs - clockDriftMs(attempt.ttlMs);
  const quorum = Math.floor(nodes.length / 2) + 1;
  const granted = lockedOn.length >= quorum && validityMs > 0;
  if (!granted) current = releaseRedlock(current, attempt.key, attempt.value, finishedAt);
  return { nodes: current, granted, lockedOn, elapsedMs, validityMs, finishedAt };
}

/** Release on all nodes, whether or not the client thinks it locked them. */
export function releaseRedlock(
  nodes: readonly RedlockNode[],
  key: string,
  value: string,
  now: VirtualMs,
): RedlockNode[] {
  return nodes.map((node) => compareAndDelete(node, key, value, now).node);
}

/** Which client values hold the key on a majority of nodes at `now`. More than one means two holders. */
export function majorityHolders(nodes: readonly RedlockNode[], key: string, now: VirtualMs): string[] {
  const counts = new Map<string, number>();
  for (const node of nodes) {
    const value = liveValue(node, key, now);
    if (value !== null) counts.set(value, (counts.get(value) ?? 0) + 1);
  }
  const quorum = Math.floor(nodes.length / 2) + 1;
  return [...counts].filter(([, count]) => count >= quorum).map(([value]) => value);
}

export const REDLOCK_NODES = ['A', 'B', 'C', 'D', 'E'] as const;
export type RedlockNodeId = (typeof REDLOCK_NODES)[number];

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

export const REDLOCK_SERVICE = /* @__PURE__ */ lockService('redlock', {
  ...redlockModel,
  view: (state) => ({ kind: 'redlock', nodes: state.nodes }),
});
