import type { Frame, Timeline } from './run.ts';
import type { RenewerId } from './types.ts';
import { lockConfigOf } from './world.ts';

/**
 * Whether `renewer`'s lease was lost in a failover before the frame at `index`: a failover dropped its key (the
 * promoted replica never had it), and no lease of its expired since. Told apart from a lease that expired, so that
 * a refused release names the cause the run had.
 */
export function lostInFailover(frames: readonly Frame[], index: number, renewer: RenewerId): boolean {
  const before = frames.slice(0, index);
  const failover = before.findLastIndex(
    ({ happening }) => happening.kind === 'failover' && happening.lost?.holder === renewer,
  );
  return (
    failover >= 0 &&
    !before
      .slice(failover + 1)
      .some(({ happening }) => happening.kind === 'leaseExpired' && happening.lease.holder === renewer)
  );
}

/**
 * Whether a client that asked at this frame would be granted the lock: nobody holds it, and nothing holds it back
 * (Chubby's lock-delay after a holder failed). Asked of the service's own state, which no request changes.
 */
export function takeableNow({ world, at }: Frame, { scenario }: Pick<Timeline, 'scenario'>): boolean {
  if (world.lock.truth(at) !== null) return false;
  const probe = { holder: 'anyone else', value: 'probe', ttlMs: scenario.leaseTtlMs, now: at };
  return world.lock.acquire(lockConfigOf(scenario), probe).outcome.granted;
}
