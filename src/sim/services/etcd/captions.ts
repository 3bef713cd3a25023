import {
  believesHeld,
  carriesToken,
  claim,
  freshGrant,
  heldByAnother,
  lockFree,
  type ServiceCaptionOracle,
} from '../../claims.ts';

/** What etcd's own captions may say and assert (see ServiceCaptionOracle). */
export const ETCD_CAPTIONS = {
  acquireRequestedEtcd: { variables: ['renewer', 'ttl', 'ttlMs', 'time'], claims: [claim('ttlAsAsked')] },
  // The TTL asked for is not the one the service applies: etcd raises it, ZooKeeper bounds the session.
  acquireRequestedEtcdRaised: { variables: ['renewer', 'ttl', 'requestedTtl', 'time'], claims: [claim('ttlChanged')] },
  leaseExpiredEtcd: { variables: ['holder', 'token', 'time', 'ttl'], claims: [believesHeld, lockFree] },
  leaseGrantedEtcd: { variables: ['renewer', 'token', 'expiresAt', 'time'], claims: [carriesToken, ...freshGrant] },
  leaseRefusedEtcd: { variables: ['renewer', 'holder', 'token', 'retryAt', 'time'], claims: [heldByAnother] },
  leaseReleasedEtcd: { variables: ['renewer', 'token', 'time'], claims: [] },
  releaseRefusedEtcd: { variables: ['renewer', 'time'], claims: [] },
  releaseRequestedEtcd: { variables: ['renewer', 'time'], claims: [] },
} as const satisfies ServiceCaptionOracle;
