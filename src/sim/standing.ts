import type { RenewerId } from './types.ts';
import { renewerById, type World } from './world.ts';

/**
 * Where a renewer stands against the truth. `lettingGo`: it asked to give back a lock it held, the service
 * has dropped the lease and its answer is on the way, so for that moment it believes it holds a lock that is no
 * longer its own (nobody's, or already another's): it is giving it back, not mistaken. `mistaken`: it believes it
 * holds a lock that is not its own otherwise (its lease ran out or was taken, or it asked to give back a lease
 * already gone, which the service refuses). `right` otherwise, including a renewer that knows it holds nothing.
 */
export type Standing = 'right' | 'lettingGo' | 'mistaken';

export function standingOf(world: World, id: RenewerId): Standing {
  const renewer = renewerById(world, id);
  if (renewer.belief.kind !== 'holds' || world.lock.truth(world.now)?.holder === id) return 'right';
  const released = world.queue.some(
    ({ event }) =>
      event.kind === 'messageDelivered' &&
      event.message.kind === 'releaseReply' &&
      event.message.to === id &&
      event.message.result.released,
  );
  return released ? 'lettingGo' : 'mistaken';
}

/**
 * The renewers that believe, at this moment, that the lock is theirs: each holds a belief it has not started to give
 * back. Two at once is what a lock exists to prevent; where it happens, the lesson shows it.
 */
export function believedHolders(world: World): RenewerId[] {
  return world.renewers
    .filter((renewer) => renewer.belief.kind === 'holds' && standingOf(world, renewer.id) !== 'lettingGo')
    .map((renewer) => renewer.id);
}
