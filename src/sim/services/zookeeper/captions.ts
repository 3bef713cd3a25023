import {
  believesHeld,
  carriesToken,
  claim,
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
  leaseGrantedExpiredZooKeeper: {
    variables: ['renewer', 'token', 'sentAt', 'expiredAt', 'time'],
    claims: [carriesToken, grantAlreadyEnded, replyWaited],
  },
  leaseGrantedWaitedZooKeeper: {
    variables: ['renewer', 'token', 'sentAt', 'expiresAt', 'time'],
    claims: [carriesToken, grantStillRuns, replyWaited, wasFrozen],
  },
  // The create reply does not tell the client it holds the lock: no claim about its belief.
  leaseGrantedZooKeeper: {
    variables: ['renewer', 'token', 'expiresAt', 'time'],
    claims: [carriesToken, grantStillRuns, replyJustSent],
  },
  leaseRefusedZooKeeper: { variables: ['renewer', 'holder', 'token', 'retryAt', 'time'], claims: [heldByAnother] },
  leaseReleasedZooKeeper: { variables: ['renewer', 'token', 'time'], claims: [] },
  releaseRefusedZooKeeper: { variables: ['renewer', 'time'], claims: [] },
  releaseRequestedZooKeeper: { variables: ['renewer', 'time'], claims: [] },
} as const satisfies ServiceCaptionOracle;
