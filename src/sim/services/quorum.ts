import { known } from '../known.ts';
import { virtualMs, type VirtualMs } from '../types.ts';

/*
 * A lock held as a key on each of several independent nodes, which counts only while a majority of them keep it,
 * each node expiring its keys by its own clock: Redlock's masters. A service built so shows its nodes
 * (`ServiceView`'s 'quorum'), and the time strip and the lab's panel read them through these functions, not
 * through the service.
 */

/** A node's clock: it may run fast or slow (`driftRate`, 0.01 = 1 % fast) and may jump. */
export interface NodeClock {
  readonly offsetMs: number;
  readonly driftRate: number;
  /** Steps of the wall clock, e.g. NTP stepping it or an administrator setting it. */
  readonly jumps: readonly { readonly atMs: number; readonly byMs: number }[];
}

export interface QuorumNode {
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
export function majorityEndsAt(nodes: readonly QuorumNode[], key: string, value: string): VirtualMs | null {
  const ends = nodes
    .flatMap((node) => {
      const entry = node.keys[key];
      return entry?.value === value ? [trueTimeAt(node.clock, entry.expiresAtNodeMs)] : [];
    })
    .sort((a, b) => a - b);
  const quorum = quorumOf(nodes.length);
  return ends.length < quorum ? null : known(ends[ends.length - quorum]);
}
