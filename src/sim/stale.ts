import type { WriteRecord } from './world.ts';
import { known } from './known.ts';

/*
 * The one rule for "stale", used by the table's answer, the run's outcome, the lab's verdict and the captions: a
 * write is stale when it landed under an earlier grant of the lock than a write the storage had already taken.
 * That is what the lock promised to prevent. Grants are counted by the simulation, so the rule holds where the
 * lock service hands out no token. A certificate's own age is another matter (see issuedLater).
 */

/** Of the writes that landed, the one made under the latest grant of the lock, or null. */
export function newestLanded(writes: readonly WriteRecord[]): WriteRecord | null {
  return writes.reduce<WriteRecord | null>(
    (newest, write) => (write.rowsChanged > 0 && write.grantOrder > (newest?.grantOrder ?? -Infinity) ? write : newest),
    null,
  );
}

/** Whether `write` landed stale, given the writes that came before it. */
export function isStaleWrite(write: WriteRecord, earlier: readonly WriteRecord[]): boolean {
  const newest = newestLanded(earlier);
  return write.rowsChanged > 0 && newest !== null && write.grantOrder < newest.grantOrder;
}

/**
 * Every stale write, in the order they landed, each with the newer write it replaced. A stale write can be
 * overwritten again later (by a third renewer, say); it still landed, and the table served it meanwhile.
 */
export function staleWritesLanded(writes: readonly WriteRecord[]) {
  return writes.flatMap((write, index) => {
    const earlier = writes.slice(0, index);
    return isStaleWrite(write, earlier) ? [{ write, replaced: known(newestLanded(earlier)) }] : [];
  });
}

/**
 * Whether a stale write's certificate was nonetheless issued after the one it replaced: grant order and issue
 * time can disagree (a renewer frozen while acquiring asks the CA later), and words about age must follow the
 * certificate, not the grant.
 */
export function issuedLater(write: WriteRecord, than: WriteRecord): boolean {
  return (write.cert.issuedAt ?? 0) > (than.cert.issuedAt ?? 0);
}
