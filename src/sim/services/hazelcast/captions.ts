import {
  believesHeld,
  believesNothing,
  carriesToken,
  certificate,
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

/** What Hazelcast's own captions may say and assert (see ServiceCaptionOracle). */
export const HAZELCAST_CAPTIONS = {
  scenarioStartedHazelcast: {
    variables: ['domain', 'serial', 'fence', 'ttl', 'key', 'renewerCount'],
    claims: [certificate],
  },
  acquireRequestedHazelcast: { variables: ['renewer', 'key', 'ttl', 'time'], claims: [claim('ttlAsAsked')] },
  // A CP session's TTL is whole seconds and longer than the 5 s heartbeat: the lab raises a shorter one.
  acquireRequestedHazelcastRaised: {
    variables: ['renewer', 'key', 'ttl', 'requestedTtl', 'time'],
    claims: [claim('ttlChanged')],
  },
  leaseGrantedHazelcast: {
    variables: ['renewer', 'token', 'expiresAt', 'time'],
    claims: [carriesToken, ...freshGrant],
  },
  leaseGrantedExpiredHazelcast: {
    variables: ['renewer', 'token', 'sentAt', 'expiredAt', 'time'],
    claims: [carriesToken, ...lateGrant],
  },
  leaseGrantedWaitedHazelcast: {
    variables: ['renewer', 'token', 'sentAt', 'expiresAt', 'time'],
    claims: [carriesToken, believesHeld, grantStillRuns, replyWaited, wasFrozen],
  },
  // tryLockAndGetFence() answers INVALID_FENCE; it does not say who holds the lock, and neither does the caption.
  leaseRefusedHazelcast: { variables: ['renewer', 'retryAt', 'time'], claims: [heldByAnother] },
  releaseRequestedHazelcast: { variables: ['renewer', 'time'], claims: [] },
  leaseReleasedHazelcast: { variables: ['renewer', 'token', 'time'], claims: [] },
  // unlock() throws LockOwnershipLostException: the caller's session was closed while it held the lock.
  releaseRefusedHazelcast: { variables: ['renewer', 'time'], claims: [claim('notHeldBySubject')] },
  // The model's holder sends no heartbeat while frozen, before it reads its grant, or once its work is done: so no
  // claim that it is frozen.
  leaseExpiredHazelcast: {
    variables: ['holder', 'token', 'time', 'ttl'],
    claims: [believesHeld, lockFree, claim('lockTakeable')],
  },
  leaseExpiredUnreadHazelcast: {
    variables: ['holder', 'time', 'ttl'],
    claims: [frozen, believesNothing, lockFree, claim('lockTakeable')],
  },
} as const satisfies ServiceCaptionOracle;
