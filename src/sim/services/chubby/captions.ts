import {
  believesHeld,
  believesNothing,
  carriesNoToken,
  carriesToken,
  claim,
  freshGrant,
  frozen,
  grantStillRuns,
  heldByAnother,
  lateGrant,
  lockFree,
  replyWaited,
  wasFrozen,
  type ServiceCaptionOracle,
} from '../../claims.ts';

/** What chubby's own captions may say and assert (see ServiceCaptionOracle). */
export const CHUBBY_CAPTIONS = {
  acquireRequestedChubby: { variables: ['renewer', 'ttl', 'ttlMs', 'time'], claims: [] },
  leaseExpiredChubby: { variables: ['holder', 'token', 'time', 'ttl'], claims: [believesHeld, lockFree] },
  leaseExpiredUnreadChubby: {
    variables: ['holder', 'time'],
    claims: [frozen, believesNothing, lockFree, claim('lockTakeable')],
  },
  leaseGrantedChubby: { variables: ['renewer', 'token', 'expiresAt', 'time'], claims: [carriesNoToken, ...freshGrant] },
  leaseGrantedExpiredChubby: {
    variables: ['renewer', 'sentAt', 'expiredAt', 'time'],
    claims: [carriesNoToken, ...lateGrant],
  },
  leaseGrantedWaitedChubby: {
    variables: ['renewer', 'sentAt', 'expiresAt', 'time'],
    claims: [carriesNoToken, believesHeld, grantStillRuns, replyWaited, wasFrozen],
  },
  leaseRefusedChubby: { variables: ['renewer', 'holder', 'token', 'retryAt', 'time'], claims: [heldByAnother] },
  // The session of a holder frozen while acquiring lapses, and the lock-delay holds the lock back.
  leaseExpiredUnreadHeldBack: {
    variables: ['holder', 'time', 'ttl'],
    claims: [frozen, believesNothing, lockFree, claim('lockHeldBack')],
  },
  leaseRefusedHeldBack: { variables: ['renewer', 'retryAt', 'time'], claims: [lockFree] },
  leaseReleasedChubby: { variables: ['renewer', 'token', 'time'], claims: [] },
  releaseRefusedChubby: { variables: ['renewer', 'time'], claims: [] },
  releaseRequestedChubby: { variables: ['renewer', 'time'], claims: [] },
  sequencerGranted: { variables: ['renewer', 'token', 'time'], claims: [carriesToken, believesHeld] },
  sequencerRefused: { variables: ['renewer', 'retryAt', 'time'], claims: [claim('believesNotHeld'), wasFrozen] },
  // Chubby: the sequencer comes from GetSequencer(), a call of its own after TryAcquire.
  sequencerRequested: { variables: ['renewer', 'time'], claims: [] },
} as const satisfies ServiceCaptionOracle;
