import { virtualMs, type RenewerId, type VirtualMs } from '../../types.ts';
import { earliest, lockService, type LockModel } from '../service.ts';
import { REDLOCK_NODES } from './nodes.ts';
import { majorityEndsAt, nodeTime, quorumOf, steadyClock, type NodeClock, type QuorumNode } from '../quorum.ts';

/**
 * Redlock, as the Redis documentation specifies it: N independent Redis masters (5 in the docs), each with
 * its own clock; a lock counts only on a majority, and only for TTL minus the time spent acquiring minus
 * an allowance for clock drift. It hands out no token.
 */

export function createNodes(
  ids: readonly string[],
  clocks: Readonly<Partial<Record<string, NodeClock>>> = {},
): QuorumNode[] {
  return ids.map((id) => ({ id, clock: clocks[id] ?? steadyClock, keys: {} }));
}

function liveValue(node: QuorumNode, key: string, now: VirtualMs): string | null {
  const entry = node.keys[key];
  return entry && nodeTime(node.clock, now) < entry.expiresAtNodeMs ? entry.value : null;
}

/** `SET key value NX PX ttl` on one node, judged by that node's clock. */
export function setNx(node: QuorumNode, key: string, value: string, ttlMs: number, now: VirtualMs) {
  if (liveValue(node, key, now) !== null) return { node, ok: false };
  const expiresAtNodeMs = nodeTime(node.clock, now) + ttlMs;
  return { node: { ...node, keys: { ...node.keys, [key]: { value, expiresAtNodeMs } } }, ok: true };
}

/** The Lua compare-and-delete on one node. */
export function compareAndDelete(node: QuorumNode, key: string, value: string, now: VirtualMs) {
  if (liveValue(node, key, now) !== value) return { node, deleted: false };
  const keys = Object.fromEntries(Object.entries(node.keys).filter(([name]) => name !== key));
  return { node: { ...node, keys }, deleted: true };
}

/** The reference clients' allowance: 1 % of the TTL, plus 2 ms for expiry precision (redlock-rb, node-redlock). */
export function clockDriftMs(ttlMs: number): number {
  return Math.floor(ttlMs * 0.01) + 2;
}

/**
 * How long a client waits for a node that does not answer: redlock-rb's default (`DEFAULT_REDIS_TIMEOUT = 0.1`,
 * seconds). The Redis docs ask for a timeout small against the TTL ("5-50 milliseconds" for a 10 s TTL).
 */
export const REDLOCK_NODE_TIMEOUT_MS = 100;

export interface RedlockAttempt {
  readonly key: string;
  readonly value: string;
  readonly ttlMs: number;
  /** When the client starts, on the true clock; the client reads its own (steady) clock. */
  readonly startAt: VirtualMs;
  /** Round trip to each node, in order. */
  readonly perNodeMs: number;
  /** How long the client waits for a node that does not answer before it moves on to the next. */
  readonly perNodeTimeoutMs?: number;
  /** Nodes this client can reach; the others time out and count as failures. */
  readonly reachable: ReadonlySet<string>;
  /** A stop-the-world pause of the client after it sent its requests, before it reads the replies. */
  readonly pauseBeforeRepliesMs?: number;
}

export interface RedlockResult {
  readonly nodes: readonly QuorumNode[];
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
export function acquireRedlock(nodes: readonly QuorumNode[], attempt: RedlockAttempt): RedlockResult {
  let clock = attempt.startAt;
  const lockedOn: string[] = [];
  let current = [...nodes];
  current = current.map((node) => {
    // An unreachable node costs the client its whole per-node timeout, which counts against the validity.
    if (!attempt.reachable.has(node.id)) {
      clock = virtualMs(clock + (attempt.perNodeTimeoutMs ?? REDLOCK_NODE_TIMEOUT_MS));
      return node;
    }
    clock = virtualMs(clock + attempt.perNodeMs);
    const result = setNx(node, attempt.key, attempt.value, attempt.ttlMs, clock);
    if (result.ok) lockedOn.push(node.id);
    return result.node;
  });
  const finishedAt = virtualMs(clock + (attempt.pauseBeforeRepliesMs ?? 0));
  const elapsedMs = finishedAt - attempt.startAt;
  const validityMs = attempt.ttlMs - elapsedMs - clockDriftMs(attempt.ttlMs);
  const granted = lockedOn.length >= quorumOf(nodes.length) && validityMs > 0;
  if (!granted) current = releaseRedlock(current, attempt.key, attempt.value, finishedAt);
  return { nodes: current, granted, lockedOn, elapsedMs, validityMs, finishedAt };
}

/** Release on all nodes, whether or not the client thinks it locked them. */
export function releaseRedlock(nodes: readonly QuorumNode[], key: string, value: string, now: VirtualMs): QuorumNode[] {
  return nodes.map((node) => compareAndDelete(node, key, value, now).node);
}

/** Which client values hold the key on a majority of nodes at `now`. More than one means two holders. */
export function majorityHolders(nodes: readonly QuorumNode[], key: string, now: VirtualMs): string[] {
  const counts = new Map<string, number>();
  for (const node of nodes) {
    const value = liveValue(node, key, now);
    if (value !== null) counts.set(value, (counts.get(value) ?? 0) + 1);
  }
  return [...counts].filter(([, count]) => count >= quorumOf(nodes.length)).map(([value]) => value);
}

interface RedlockHolding {
  readonly holder: RenewerId;
  readonly value: string;
}

interface RedlockState {
  readonly nodes: readonly QuorumNode[];
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
    // The client counts the lock as held until its validity ends; the nodes keep the keys until their PX time.
    const expiresAt = virtualMs(result.finishedAt + result.validityMs);
    const holdings = [
      ...state.holdings.filter((holding) => holding.holder !== request.holder),
      { holder: request.holder, value: request.value },
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
  expire(state, now) {
    const values = majorityHolders(state.nodes, 'lock', now);
    return { ...state, holdings: state.holdings.filter((holding) => values.includes(holding.value)) };
  },
  nextExpiry: (state) => earliest(state.holdings.map((holding) => majorityEndsAt(state.nodes, 'lock', holding.value))),
  // Who holds the lock is what the nodes say: a majority of live keys with one client's value, until they expire.
  truth(state, now) {
    const values = majorityHolders(state.nodes, 'lock', now);
    const holding = state.holdings.find((candidate) => values.includes(candidate.value));
    const expiresAt = holding ? majorityEndsAt(state.nodes, 'lock', holding.value) : null;
    return holding ? { holder: holding.holder, token: null, expiresAt } : null;
  },
};

export const REDLOCK_SERVICE = /* @__PURE__ */ lockService('redlock', {
  ...redlockModel,
  view: (state) => ({ kind: 'quorum', nodes: state.nodes }),
});
