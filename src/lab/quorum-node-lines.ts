import type { Frame } from '@/sim/run';
import { nodeTime } from '@/sim/services/quorum';

/** content/lab `panels` keys for a node's "Key held for" cell. */
export type QuorumNodeSentence = 'heldUntil' | 'free';

export interface QuorumNodeLine {
  readonly node: string;
  /** The node's own clock now. */
  readonly clock: number;
  readonly said: QuorumNodeSentence;
  /** The renewer whose value the key holds (its name), or the raw value when no renewer holds it any more. */
  readonly holder: string | null;
  readonly until: number | null;
}

/**
 * The nodes of a lock held on a quorum (Redlock's five) at a frame, as the panel says them: a key counts while the
 * node's own clock is before its expiry. Null for a service of another shape.
 */
export function quorumNodeLines(frame: Frame): readonly QuorumNodeLine[] | null {
  const view = frame.world.lock.view();
  if (view.kind !== 'quorum') return null;
  return view.nodes.map((node) => {
    const clock = nodeTime(node.clock, frame.at);
    const key = node.keys.lock;
    if (!key || clock >= key.expiresAtNodeMs) return { node: node.id, clock, said: 'free', holder: null, until: null };
    const holder = frame.world.renewers.find((renewer) => renewer.leaseValue === key.value)?.name ?? key.value;
    return { node: node.id, clock, said: 'heldUntil', holder, until: key.expiresAtNodeMs };
  });
}
