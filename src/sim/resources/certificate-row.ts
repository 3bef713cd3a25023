import { findRow, needsRenewal, writeCertificate, type WriteMode } from '../certificates-table.ts';
import type { Happening, Outcome } from '../happenings.ts';
import { fencingToken } from '../types.ts';
import { isStaleWrite, newestLanded } from '../stale.ts';
import type { ResourceModel, World, WriteRecord } from '../world.ts';

/**
 * The lesson's certificates table: a write is an `UPDATE`, fenced (`WHERE fence <= $token`) or not, and the
 * row's answer `UPDATE n` is a step of its own. 0 rows tells the writer a newer holder has written.
 */
export const certificateRowModel: ResourceModel = {
  zeroMeansLost: true,
  answerIsAStep: true,
  // The renewer reads the row: a certificate outside its renewal window was renewed by another holder already.
  workDue(world, context) {
    const row = findRow(world.table, context.scenario.domain);
    return { due: !row || needsRenewal(row.cert, world.now), current: row?.cert ?? null };
  },
  receive(world, message, context) {
    // A write with no token cannot be fenced: storage that checks tokens has nothing to check it against.
    const mode: WriteMode = message.fencingToken === null ? 'unfenced' : context.writeMode;
    const previousRow = findRow(world.table, context.scenario.domain);
    const token = message.fencingToken ?? fencingToken(previousRow?.fence ?? 0);
    const write = { domain: context.scenario.domain, cert: message.cert, fencingToken: token };
    const result = writeCertificate(world.table, write, mode);
    const record: WriteRecord = {
      renewer: message.from,
      fencingToken: message.fencingToken,
      grantOrder: message.grantOrder,
      cert: message.cert,
      rowsChanged: result.rowsChanged,
    };
    const next: World = { ...world, table: result.table, writes: [...world.writes, record] };
    const overwroteNewer = isStaleWrite(record, world.writes);
    const answer = { rowsChanged: result.rowsChanged, previousFence: result.previous?.fence ?? null, overwroteNewer };
    const happening: Happening = {
      kind: 'writeRequested',
      renewer: message.from,
      mode,
      cert: message.cert,
      fencingToken: message.fencingToken,
      rowsChanged: result.rowsChanged,
      previous: result.previous,
    };
    return { world: next, answer, happening };
  },
  judge: (world, scenario) => judgeOutcome(world, scenario.domain),
};

/** The run ends stale when the row was last written by a stale write (sim/stale.ts holds the rule). */
export function judgeOutcome(world: World, domain: string): Outcome {
  const row = findRow(world.table, domain);
  const accepted = world.writes.filter((write) => write.rowsChanged > 0);
  const last = accepted.at(-1);
  if (!row || !last) return { kind: 'newestKept', row };
  const earlier = accepted.slice(0, -1);
  const newer = newestLanded(earlier);
  if (newer && isStaleWrite(last, earlier)) {
    return {
      kind: 'staleOverwrote',
      row,
      staleToken: last.fencingToken,
      replacedToken: newer.fencingToken,
      staleWriter: last.renewer,
      staleGrant: last.grantOrder,
      newerGrant: newer.grantOrder,
    };
  }
  return { kind: 'newestKept', row };
}
