import {
  believesHeld,
  believesNothing,
  carriesNoToken,
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

/** What redis's own captions may say and assert (see ServiceCaptionOracle). */
export const REDIS_CAPTIONS = {
  acquireRequestedRedis: { variables: ['renewer', 'key', 'leaseValue', 'ttlMs', 'time'], claims: [] },
  leaseExpiredRedis: {
    variables: ['holder', 'key', 'time', 'ttl'],
    claims: [claim('endsTtlAfterGrant'), believesHeld, lockFree],
  },
  leaseExpiredRedisUnread: {
    variables: ['holder', 'key', 'time', 'ttl'],
    claims: [claim('endsTtlAfterGrant'), frozen, believesNothing, lockFree],
  },
  leaseGrantedExpiredRedis: {
    variables: ['renewer', 'sentAt', 'expiredAt', 'time'],
    claims: [carriesNoToken, ...lateGrant],
  },
  leaseGrantedNoToken: { variables: ['renewer', 'expiresAt', 'time'], claims: [carriesNoToken, ...freshGrant] },
  leaseGrantedWaitedRedis: {
    variables: ['renewer', 'sentAt', 'expiresAt', 'time'],
    claims: [carriesNoToken, believesHeld, grantStillRuns, replyWaited, wasFrozen],
  },
  leaseRefusedNoToken: { variables: ['renewer', 'holder', 'expiresAt', 'retryAt', 'time'], claims: [heldByAnother] },
  leaseReleasedNoToken: { variables: ['renewer', 'time'], claims: [] },
  releaseRefusedNoLeaseNoToken: { variables: ['renewer', 'time'], claims: [claim('leaseNotLostInFailover')] },
  releaseRefusedNotHolderNoToken: { variables: ['renewer', 'holder', 'time'], claims: [heldByAnother] },
  releaseRequestedRedis: { variables: ['renewer', 'key', 'leaseValue', 'time'], claims: [] },
} as const satisfies ServiceCaptionOracle;
