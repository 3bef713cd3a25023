import { virtualMs, type RenewerId, type VirtualMs } from '../../types.ts';
import { earliest, lockService, type LockModel } from '../service.ts';
import { REDLOCK_NODES, type NodeClock, type RedlockNode } from './nodes.ts';
import { known } from '../../known.ts';

/**
 * Redlock, as the Redis documentation specifies it: N independent Redis masters (5 in the docs), each with
 * its own clock; a lock counts only on a majority, and only for TTL minus the time spent acquiring minus
 * an allowance for clock drift. It hands out no token.
 */

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

/** A majority of `count` nodes: 3 of 5, as the Redis documentation's N/2 + 1. */
export const quorumOf = (count: number): number => Math.floor(count / 2) + 1;

/**
 * The true moment a node's clock first reads `nodeMs`: where a key stored with that expiry is gone. The clock may
 * run fast or slow and jump forward; a jump over the reading makes the key vanish at the jump.
 */
export function trueTimeAt(clock: NodeClock, nodeMs: number): VirtualMs {
  const rate = 1 + clock.driftRate;
  let jumped = 0;
  let from = -Infinity;
  let at: number | null = null;
  for (const jump of [...clock.jumps].sort((a, b) => a.atMs - b.atMs)) {
    const reached = (nodeMs - clock.offsetMs - jumped) / rate;
    if (reached < jump.atMs) {
      at = Math.max(reached, from);
      break;
    }
    jumped += jump.byMs;
    from = jump.atMs;
  }
  let time = Math.ceil(at ?? Math.max((nodeMs - clock.offsetMs - jumped) / rate, from));
  // Rounding of a drifting clock's reading: step to the first whole millisecond at which it has been reached.
  while (nodeTime(clock, virtualMs(time)) < nodeMs) time += 1;
  return virtualMs(time);
}

/**
 * When `value` stops holding `key` on a majority of the nodes: the moment the keys themselves end, which is later
 * than the validity its client computed (that subtracts the time acquiring took and a drift allowance). Null if it
 * holds no majority.
 */
export function majorityEndsAt(nodes: readonly RedlockNode[], key: string, value: string): VirtualMs | null {
  const ends = nodes
    .flatMap((node) => {
      const entry = node.keys[key];
      return entry?.value === value ? [trueTimeAt(node.clock, entry.expiresAtNodeMs)] : [];
    })
    .sort((a, b) => a - b);
  const quorum = quorumOf(nodes.length);
  return ends.length < quorum ? null : known(ends[ends.length - quorum]);
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
  return [...counts].filter(([, count]) => count >= quorumOf(nodes.length)).map(([value]) => value);
}

interface RedlockHolding {
  readonly holder: RenewerId;
  readonly value: string;
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
  view: (state) => ({ kind: 'redlock', nodes: state.nodes }),
});
