import type { Frame } from './run.ts';
import type { RenewerId } from './types.ts';

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
