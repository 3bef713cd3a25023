import type { Timeline } from '@/sim/run';
import { majorityEndsAt } from '@/sim/services/quorum';
import { believedHolders } from '@/sim/standing';

/* The spans of the run to scale that every service has (a quorum's own are in quorum-spans.ts; see time-strip-layout.ts). */

/**
 * Each grant's lease: from the grant (when the service made it, for a grant its frozen holder read late) to where the service stopped holding it (expired, given back, or lost with a
 * Redis replica promoted without the key), or to its term if the story ends first. `endIndex` is the step at which
 * it ended (null if it outlived the story), and `term` the end the grant named: until it ends, that is all a reader
 * knows of it.
 */
export function leaseSpans(frames: Timeline['frames'], lastAt: number) {
  return frames.flatMap((frame) => {
    const { happening } = frame;
    if (happening.kind !== 'leaseGranted') return [];
    const { holder, token, expiresAt } = happening.lease;
    // The service holds a lease from when it granted it, even when its holder, frozen, reads the grant much later.
    // A grant read as news starts its bar at the reading, the step the story tells it.
    const granted =
      (happening.sentAt < frame.at &&
        frames.find(
          (earlier) =>
            earlier.index <= frame.index &&
            earlier.at >= happening.sentAt &&
            earlier.world.lock.truth(earlier.at)?.holder === holder,
        )) ||
      frame;
    const ended = frames.find(
      (later) => later.index > granted.index && later.world.lock.truth(later.at)?.holder !== holder,
    );
    // On a quorum (Redlock) the lease is held while a majority of nodes keep its key, not until the client's validity.
    const view = frame.world.lock.view();
    const value = frame.world.renewers.find((renewer) => renewer.id === holder)?.leaseValue;
    const majorityEnd =
      view.kind === 'quorum' && value
        ? majorityEndsAt(view.nodes, Object.keys(view.nodes[0]?.keys ?? {})[0] ?? '', value)
        : null;
    const term = view.kind === 'quorum' ? Math.min(majorityEnd ?? frame.at, lastAt) : (expiresAt ?? lastAt);
    return [
      {
        id: `lease-${frame.index}`,
        holder,
        token,
        fromIndex: granted.index,
        from: granted.at,
        to: ended?.at ?? term,
        endIndex: ended?.index ?? null,
        term,
      },
    ];
  });
}

/** Each pause, from the moment it began to the moment the process ran again (or the story ended). */
export function pauseSpans(frames: Timeline['frames'], lastAt: number) {
  return frames.flatMap((frame) => {
    const { happening } = frame;
    if (happening.kind !== 'processPaused') return [];
    const resumed = frames.find(
      (later) =>
        later.index > frame.index &&
        later.happening.kind === 'processResumed' &&
        later.happening.renewer === happening.renewer,
    );
    return [
      {
        id: `pause-${frame.index}`,
        row: happening.renewer,
        fromIndex: frame.index,
        from: frame.at,
        to: resumed?.at ?? Math.min(happening.until, lastAt),
      },
    ];
  });
}

/**
 * Each stretch of the run in which the same two or more renewers believe they hold the lock, from the step where
 * the last of them came to believe it to the step where one stopped (or the story's end).
 */
export function beliefOverlaps(frames: Timeline['frames'], lastAt: number) {
  const overlaps: { id: string; holders: string[]; fromIndex: number; from: number; to: number }[] = [];
  let open: (typeof overlaps)[number] | null = null;
  for (const frame of frames) {
    const holders = believedHolders(frame.world);
    const same = open !== null && holders.join() === open.holders.join();
    if (open && !same) {
      open.to = frame.at;
      open = null;
    }
    if (!open && !same && holders.length > 1) {
      open = { id: `both-${frame.index}`, holders, fromIndex: frame.index, from: frame.at, to: lastAt };
      overlaps.push(open);
    }
  }
  return overlaps;
}
