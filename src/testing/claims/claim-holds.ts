import type { Frame, Timeline } from '../../sim/run.ts';
import { lostInFailover, takeableNow } from '../../sim/lease-history.ts';
import { findRow, needsRenewal } from '../../sim/certificates-table.ts';
import { isStaleWrite, issuedLater, newestLanded, staleWritesLanded } from '../../sim/stale.ts';
import { lockConfigOf, type Belief, type WriteRecord } from '../../sim/world.ts';
import type { RenewerId } from '../../sim/types.ts';
import type { Claim } from './caption-claims.ts';
import { known } from '../../sim/known.ts';

/* Whether a caption's claim is true of a frame: the one place a sentence is checked against its run. */

/** The renewer a step is about: the one that acts, or the holder of the lease that ended or was lost. */
function subjectOf({ happening }: Frame): RenewerId | null {
  if ('renewer' in happening) return happening.renewer;
  if (happening.kind === 'leaseExpired') return happening.lease.holder;
  if (happening.kind === 'failover') return happening.lost?.holder ?? null;
  return null;
}

/** The write a write step is about: the table's record of it, and the writes it had taken before. */
function writeOf({ happening, world }: Frame): { write: WriteRecord; earlier: readonly WriteRecord[] } | null {
  if (happening.kind !== 'writeRequested' && happening.kind !== 'writeAnswered') return null;
  const index = world.writes.findLastIndex(
    (write) => write.renewer === happening.renewer && write.fencingToken === happening.fencingToken,
  );
  return index < 0 ? null : { write: known(world.writes[index]), earlier: world.writes.slice(0, index) };
}

/** When the service granted the lease that ended in this step: as its holder's last request arrived. */
function grantedAt(frame: Frame, { frames }: Timeline, holder: RenewerId): number | null {
  const request = frames
    .slice(0, frame.index)
    .findLast(({ happening }) => happening.kind === 'acquireRequested' && happening.renewer === holder);
  return request?.at ?? null;
}

/** The token a step shows: its grant's, its write's, or the one its renewer believes it has. */
function tokenOf({ happening }: Frame, belief: Belief | undefined): number | null {
  if (happening.kind === 'leaseGranted') return happening.lease.token;
  if (happening.kind === 'holdCheckAnswered') return happening.token;
  if (happening.kind === 'writeRequested' || happening.kind === 'writeAnswered') return happening.fencingToken;
  return belief && belief.kind !== 'none' ? belief.token : null;
}

/** Whether the work was still due at this frame, judged from the run's own records, not the step's. */
function workDue({ world, at }: Frame, { scenario }: Timeline): boolean {
  if (scenario.resource?.kind === 'email') return world.emailsSent.length === 0;
  const row = findRow(world.table, scenario.domain);
  return row === null || needsRenewal(row.cert, at);
}

/** Whether a write with a token was refused after one with a higher token had landed. */
function lowerTokenRefused(writes: readonly WriteRecord[]): boolean {
  return writes.some(
    (write, index) =>
      write.rowsChanged === 0 &&
      write.fencingToken !== null &&
      writes
        .slice(0, index)
        .some((earlier) => earlier.rowsChanged > 0 && (earlier.fencingToken ?? -Infinity) > known(write.fencingToken)),
  );
}

/**
 * Whether one claim holds of a frame of a run. `subject`: the renewer the words are about, by default the step's
 * (a panel's line about each renewer names its own).
 */
export function claimHolds(
  claim: Claim,
  frame: Frame,
  timeline: Timeline,
  subject: RenewerId | null = subjectOf(frame),
): boolean {
  const { happening, world, at } = frame;
  const renewer = world.renewers.find((candidate) => candidate.id === subject);
  const truth = world.lock.truth(at);
  const written = writeOf(frame);
  const stale = staleWritesLanded(world.writes);
  const grant = happening.kind === 'leaseGranted' ? happening : null;
  switch (claim.fact) {
    case 'service':
      return claim.is.includes(lockConfigOf(timeline.scenario).kind);
    case 'resource':
      return (timeline.scenario.resource?.kind ?? 'certificate') === claim.is;
    case 'ttlAsAsked':
    case 'ttlChanged': {
      const asked = timeline.scenario.leaseTtlMs;
      return (world.lock.appliedTtlMs(asked) === asked) === (claim.fact === 'ttlAsAsked');
    }
    case 'leaseLostInFailover':
    case 'leaseNotLostInFailover':
      return (
        subject !== null &&
        lostInFailover(timeline.frames, frame.index, subject) === (claim.fact === 'leaseLostInFailover')
      );
    case 'believesHeld':
      return renewer?.belief.kind === 'holds';
    case 'believesNothing':
      return renewer?.belief.kind === 'none';
    case 'believesNotHeld':
      return renewer !== undefined && renewer.belief.kind !== 'holds';
    case 'frozen':
    case 'running':
      return renewer !== undefined && (renewer.pause !== null) === (claim.fact === 'frozen');
    case 'wasFrozen':
      return timeline.frames
        .slice(0, frame.index)
        .some((earlier) => earlier.happening.kind === 'processPaused' && earlier.happening.renewer === subject);
    case 'grantStillRuns':
    case 'grantAlreadyEnded':
      return grant?.lease.expiresAt != null && grant.lease.expiresAt > at === (claim.fact === 'grantStillRuns');
    case 'replyJustSent':
    case 'replyWaited':
      return (
        grant !== null && at - grant.sentAt <= timeline.scenario.networkDelayMs === (claim.fact === 'replyJustSent')
      );
    case 'endsTtlAfterGrant': {
      const granted = subject === null ? null : grantedAt(frame, timeline, subject);
      return granted !== null && at - granted === timeline.scenario.leaseTtlMs;
    }
    case 'lockFree':
      return truth === null;
    case 'lockTakeable':
      return takeableNow(frame, timeline);
    case 'lockHeldBack':
      return truth === null && !takeableNow(frame, timeline);
    case 'heldBySubject':
    case 'notHeldBySubject':
      return (truth !== null && truth.holder === subject) === (claim.fact === 'heldBySubject');
    case 'heldByAnother': {
      const holder =
        happening.kind === 'leaseRefused' || happening.kind === 'releaseRefused' ? happening.heldBy : truth;
      return holder !== null && holder.holder !== subject;
    }
    case 'carriesToken':
    case 'carriesNoToken':
      return (tokenOf(frame, renewer?.belief) !== null) === (claim.fact === 'carriesToken');
    case 'writeChecked':
    case 'writeUnchecked':
      return happening.kind === 'writeRequested' && (happening.mode === 'fenced') === (claim.fact === 'writeChecked');
    case 'writeLanded':
    case 'writeRefused':
      return written !== null && written.write.rowsChanged > 0 === (claim.fact === 'writeLanded');
    case 'writeStale':
    case 'writeNotStale':
      return written !== null && isStaleWrite(written.write, written.earlier) === (claim.fact === 'writeStale');
    case 'certIssuedBefore':
    case 'certIssuedAfter': {
      const replaced = written && newestLanded(written.earlier);
      return !!written && !!replaced && issuedLater(written.write, replaced) === (claim.fact === 'certIssuedAfter');
    }
    case 'tokenBelowFence':
      return (
        happening.kind === 'writeAnswered' &&
        happening.fencingToken !== null &&
        happening.previousFence !== null &&
        happening.fencingToken < happening.previousFence
      );
    case 'runHadStaleWrite':
    case 'runHadNoStaleWrite':
      return stale.length > 0 === (claim.fact === 'runHadStaleWrite');
    case 'firstStaleCertIssuedBefore':
    case 'firstStaleCertIssuedAfter': {
      const first = stale[0];
      return (
        first !== undefined && issuedLater(first.write, first.replaced) === (claim.fact === 'firstStaleCertIssuedAfter')
      );
    }
    case 'aLowerTokenWasRefused':
      return lowerTokenRefused(world.writes);
    case 'workDue':
    case 'workDone':
      return workDue(frame, timeline) === (claim.fact === 'workDue');
  }
}
