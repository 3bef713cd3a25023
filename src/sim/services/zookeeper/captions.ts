import {
  believesHeld,
  believesNothing,
  carriesToken,
  claim,
  frozen,
  grantAlreadyEnded,
  grantStillRuns,
  heldByAnother,
  lockFree,
  replyJustSent,
  replyWaited,
  wasFrozen,
  type ServiceCaptionOracle,
} from '../../claims.ts';

/** What zookeeper's own captions may say and assert (see ServiceCaptionOracle). */
export const ZOOKEEPER_CAPTIONS = {
  acquireRequestedZooKeeper: { variables: ['renewer', 'ttlMs', 'time'], claims: [claim('ttlAsAsked')] },
  acquireRequestedZooKeeperNegotiated: {
    variables: ['renewer', 'ttl', 'ttlMs', 'time'],
    claims: [claim('ttlChanged')],
  },
  childrenLowestZooKeeper: { variables: ['renewer', 'token', 'time'], claims: [carriesToken, believesHeld] },
  // ZooKeeper: the recipe's getChildren and comparison, a call of its own after create.
  childrenRequestedZooKeeper: { variables: ['renewer', 'time'], claims: [] },
  childrenSessionExpiredZooKeeper: {
    variables: ['renewer', 'retryAt', 'time'],
    claims: [claim('believesNotHeld'), wasFrozen],
  },
  leaseExpiredZooKeeper: { variables: ['holder', 'token', 'time', 'ttl'], claims: [believesHeld, lockFree] },
  leaseExpiredUnreadZooKeeper: {
    variables: ['holder', 'time'],
    claims: [frozen, believesNothing, lockFree, claim('lockTakeable')],
  },
  // The create reply does not tell the client it holds the lock: it believes nothing until its listing says so.
  leaseGrantedExpiredZooKeeper: {
    variables: ['renewer', 'token', 'sentAt', 'expiredAt', 'time'],
    claims: [carriesToken, grantAlreadyEnded, replyWaited, believesNothing],
  },
  leaseGrantedWaitedZooKeeper: {
    variables: ['renewer', 'token', 'sentAt', 'expiresAt', 'time'],
    claims: [carriesToken, grantStillRuns, replyWaited, wasFrozen, believesNothing],
  },
  leaseGrantedZooKeeper: {
    variables: ['renewer', 'token', 'expiresAt', 'time'],
    claims: [carriesToken, grantStillRuns, replyJustSent, believesNothing],
  },
  leaseRefusedZooKeeper: { variables: ['renewer', 'holder', 'token', 'retryAt', 'time'], claims: [heldByAnother] },
  leaseReleasedZooKeeper: { variables: ['renewer', 'token', 'time'], claims: [] },
  releaseRefusedZooKeeper: { variables: ['renewer', 'time'], claims: [] },
  releaseRequestedZooKeeper: { variables: ['renewer', 'time'], claims: [] },
} as const satisfies ServiceCaptionOracle;
