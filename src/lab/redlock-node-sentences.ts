import type { Frame } from '@/sim/run';
import { nodeTime } from '@/sim/services/redlock/model';

/** content/lab `panels` keys for a Redlock node's "Key held for" cell. */
export type RedlockNodeSentence = 'heldUntil' | 'free';

export interface RedlockNodeLine {
  readonly node: string;
  /** The node's own clock now. */
  readonly clock: number;
  readonly said: RedlockNodeSentence;
  /** The renewer whose value the key holds (its name), or the raw value when no renewer holds it any more. */
  readonly holder: string | null;
  readonly until: number | null;
}

/** Redlock's five nodes at a frame, as the panel says them: a key counts while the node's own clock is before its expiry. */
export function redlockNodeLines(frame: Frame): readonly RedlockNodeLine[] | null {
  const view = frame.world.lock.view();
  if (view.kind !== 'redlock') return null;
  return view.nodes.map((node) => {
    const clock = nodeTime(node.clock, frame.at);
    const key = node.keys.lock;
    if (!key || clock >= key.expiresAtNodeMs) return { node: node.id, clock, said: 'free', holder: null, until: null };
    const holder = frame.world.renewers.find((renewer) => renewer.leaseValue === key.value)?.name ?? key.value;
    return { node: node.id, clock, said: 'heldUntil', holder, until: key.expiresAtNodeMs };
  });
}
