import type { Timeline } from '@/sim/run';
import { trueTimeAt, type QuorumNode } from '@/sim/services/quorum';

/*
 * The parts of the run to scale that only a lock held on a quorum of nodes has (Redlock): each node's keys and each
 * client's validity (see time-strip-layout.ts).
 */

/** A client's validity row: this prefix and the renewer's id. */
export const VALIDITY = 'validity-';

/** The service's nodes, if its lock is held on a quorum of them (Redlock). */
export function quorumNodesOf(frames: Timeline['frames']): readonly QuorumNode[] | null {
  const view = frames[0]?.world.lock.view();
  return view?.kind === 'quorum' ? view.nodes : null;
}

/**
 * Each key each node held: from the step it was set to its expiry by that node's own clock (read back to true
 * time, so a jumped or drifting clock shows as a short or long bar), or to its deletion if that came first.
 */
export function keySpans(frames: Timeline['frames'], lastAt: number) {
  type Open = { id: string; row: string; holder: string; fromIndex: number; from: number; to: number; value: string };
  const spans: Open[] = [];
  const open = new Map<string, Open>();
  for (const frame of frames) {
    const view = frame.world.lock.view();
    if (view.kind !== 'quorum') continue;
    for (const node of view.nodes) {
      const entry = Object.values(node.keys)[0];
      const current = open.get(node.id);
      const ends = entry ? Math.min(trueTimeAt(node.clock, entry.expiresAtNodeMs), lastAt) : null;
      if (current && (!entry || entry.value !== current.value || ends !== current.to)) {
        // Deleted or replaced before it expired: it ends here.
        current.to = Math.min(current.to, frame.at);
        open.delete(node.id);
      }
      if (entry && ends !== null && ends > frame.at && !open.has(node.id)) {
        const holder = frame.world.renewers.find((renewer) => renewer.leaseValue === entry.value)?.id ?? '?';
        const span = {
          id: `key-${node.id}-${frame.index}`,
          row: node.id,
          holder,
          fromIndex: frame.index,
          from: frame.at,
          to: ends,
          value: entry.value,
        };
        spans.push(span);
        open.set(node.id, span);
      }
    }
  }
  return spans;
}

/**
 * Each client's validity (a Redlock client's): from its grant to the end it computed (the lease's `expiresAt`), or to the
 * moment it let the lock go, if that came first. (Its validity running out needs no search: that is `expiresAt`.)
 */
export function validitySpans(frames: Timeline['frames'], lastAt: number) {
  return frames.flatMap((frame) => {
    const { happening } = frame;
    if (happening.kind !== 'leaseGranted' || happening.lease.expiresAt === null) return [];
    const released = frames.find(
      (later) =>
        later.index > frame.index &&
        later.happening.kind === 'releaseRequested' &&
        later.happening.renewer === happening.renewer,
    );
    return [
      {
        id: `validity-${frame.index}`,
        row: `${VALIDITY}${happening.renewer}`,
        holder: happening.renewer,
        fromIndex: frame.index,
        from: frame.at,
        to: Math.min(happening.lease.expiresAt, released?.at ?? lastAt),
      },
    ];
  });
}
