import {
  believesHeld,
  believesNothing,
  carriesNoToken,
  frozen,
  grantStillRuns,
  heldByAnother,
  lockFree,
  replyWaited,
  wasFrozen,
  type ServiceCaptionOracle,
} from '../../claims.ts';

/** What redlock's own captions may say and assert (see ServiceCaptionOracle). */
export const REDLOCK_CAPTIONS = {
  acquireRequestedRedlock: { variables: ['renewer', 'key', 'leaseValue', 'ttlMs', 'time'], claims: [] },
  leaseExpiredRedlock: { variables: ['holder', 'time', 'ttl'], claims: [believesHeld, lockFree] },
  leaseExpiredRedlockUnread: { variables: ['holder', 'time', 'ttl'], claims: [frozen, believesNothing, lockFree] },
  // The client measures the time acquiring took, a wait for a frozen reader included: no claim of a fresh reply.
  leaseGrantedRedlock: {
    variables: ['renewer', 'expiresAt', 'time'],
    claims: [carriesNoToken, believesHeld, grantStillRuns],
  },
  // Read late and still valid: the client's own subtraction kept it (a grant read too late is discarded instead).
  leaseGrantedWaitedRedlock: {
    variables: ['renewer', 'sentAt', 'expiresAt', 'time'],
    claims: [carriesNoToken, believesHeld, grantStillRuns, replyWaited, wasFrozen],
  },
  leaseRefusedRedlock: { variables: ['renewer', 'holder', 'expiresAt', 'retryAt', 'time'], claims: [heldByAnother] },
  // Redlock refuses with no other client holding a majority: split votes or unreachable nodes.
  leaseRefusedRedlockNoHolder: { variables: ['renewer', 'retryAt', 'time'], claims: [lockFree] },
  leaseReleasedRedlock: { variables: ['renewer', 'time'], claims: [] },
  releaseRefusedRedlock: { variables: ['renewer', 'time'], claims: [] },
  releaseRequestedRedlock: { variables: ['renewer', 'key', 'leaseValue', 'time'], claims: [] },
} as const satisfies ServiceCaptionOracle;
