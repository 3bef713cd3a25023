import { writeOutcomeOf, type Happening } from '../sim/happenings.ts';
import type { CaptionKey } from './caption-keys.ts';

const WRITE_CAPTIONS = { rejected: 'writeRejected', stale: 'writeAcceptedStale', accepted: 'writeAccepted' } as const;

/**
 * Which caption tells a step, including how it turned out (accepted, rejected, stale). The weekly email's
 * steps are told by the lab's narration, which refines these keys.
 */
export function captionKeyOf(happening: Happening): CaptionKey {
  switch (happening.kind) {
    case 'emailRequested':
      return 'emailSent';
    case 'writeRequested':
      return happening.mode === 'fenced' ? 'writeRequestedFenced' : 'writeRequestedUnfenced';
    case 'writeAnswered':
      return WRITE_CAPTIONS[writeOutcomeOf(happening)];
    case 'leaseGranted':
      return happening.lease.token === null ? 'leaseGrantedNoToken' : 'leaseGranted';
    case 'releaseRefused':
      return happening.reason === 'notHolder' ? 'releaseRefusedNotHolder' : 'releaseRefusedNoLease';
    // Chubby's words; the lab's narration gives ZooKeeper its own.
    case 'holdCheckRequested':
      return 'sequencerRequested';
    case 'holdCheckAnswered':
      return happening.token === null ? 'sequencerRefused' : 'sequencerGranted';
    case 'failover':
      return happening.lost ? 'failover' : 'failoverNoKey';
    case 'scenarioEnded':
      return happening.outcome.kind === 'staleOverwrote' ? 'scenarioEndedStaleOverwrote' : 'scenarioEndedNewestKept';
    default:
      return happening.kind;
  }
}
