/* Redlock's five nodes and their clocks: what its settings and its panel name, kept apart from the model. */

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

/** Named R1–R5 so that no node can be taken for renewer A or B. */
export const REDLOCK_NODES = ['R1', 'R2', 'R3', 'R4', 'R5'] as const;
export type RedlockNodeId = (typeof REDLOCK_NODES)[number];
