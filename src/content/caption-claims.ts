import type { LockServiceKind } from '../sim/services/service.ts';
import type { CaptionKey } from './caption-keys.ts';

/**
 * What a caption's words (and its diagram label's) assert about the frame they tell, in a form a test can check
 * against the simulation: a sentence that says "still believes it holds the lock" declares `believesHeld`, and a
 * run where the renewer never read its grant makes that claim false. The lab's captions are assembled from these
 * templates across every combination of settings, so the property test in caption-claims.test.ts fills them for
 * thousands of runs and checks every claim of every step.
 *
 * "The subject" is the renewer the step is about: the one that acts, or the holder of the lease that ended.
 */
export type Claim =
  /** The named system sends this request or reply: a caption in Redis's words is false under etcd. */
  | { readonly fact: 'service'; readonly is: readonly LockServiceKind[] }
  | { readonly fact: 'resource'; readonly is: 'certificate' | 'email' }
  /** After the step, the subject believes it holds the lock. */
  | { readonly fact: 'believesHeld' }
  /** After the step, the subject believes nothing about the lock: it has read no grant. */
  | { readonly fact: 'believesNothing' }
  /** After the step, the subject does not believe it holds the lock (it never did, or it learned it lost it). */
  | { readonly fact: 'believesNotHeld' }
  /** The subject is frozen at this moment; `running` that it is not. */
  | { readonly fact: 'frozen' }
  | { readonly fact: 'running' }
  /** The subject was frozen at some moment before this step. */
  | { readonly fact: 'wasFrozen' }
  /** The grant read in this step still runs when it is read ("holds the lock until …"). */
  | { readonly fact: 'grantStillRuns' }
  /** The grant read in this step had already ended when it was read. */
  | { readonly fact: 'grantAlreadyEnded' }
  /** The reply read in this step was sent one network delay ago: the caption tells it as news. */
  | { readonly fact: 'replyJustSent' }
  /** The reply read in this step waited for its reader: the caption says when it was sent. */
  | { readonly fact: 'replyWaited' }
  /** The lease ends the scenario's TTL after the service granted it ("30 s after it was granted"). */
  | { readonly fact: 'endsTtlAfterGrant' }
  /** After the step, the service names nobody as holder. */
  | { readonly fact: 'lockFree' }
  /** "The lock is free": another client asking now would be granted it (no lock-delay holds it back). */
  | { readonly fact: 'lockTakeable' }
  /** Nobody holds the lock, yet a client asking now would be refused: Chubby's lock-delay holds it back. */
  | { readonly fact: 'lockHeldBack' }
  /** After the step, the service names the subject as holder; `notHeldBySubject` that it does not. */
  | { readonly fact: 'heldBySubject' }
  | { readonly fact: 'notHeldBySubject' }
  /** The service names a holder other than the subject: in its refusal, as it answered, or else after the step. */
  | { readonly fact: 'heldByAnother' }
  /** The write or grant of this step carries a fencing token; `carriesNoToken` the opposite. */
  | { readonly fact: 'carriesToken' }
  | { readonly fact: 'carriesNoToken' }
  /** The storage compares the write's token with the row's fence; `writeUnchecked` that nothing does. */
  | { readonly fact: 'writeChecked' }
  | { readonly fact: 'writeUnchecked' }
  | { readonly fact: 'writeLanded' }
  | { readonly fact: 'writeRefused' }
  /** The step's write landed under an earlier grant than a write the storage had already taken (sim/stale.ts). */
  | { readonly fact: 'writeStale' }
  | { readonly fact: 'writeNotStale' }
  /** The stale write's certificate was issued before the one it replaced ("older"); `certIssuedAfter` later. */
  | { readonly fact: 'certIssuedBefore' }
  | { readonly fact: 'certIssuedAfter' }
  /** The refused write's token is lower than the row's fence. */
  | { readonly fact: 'tokenBelowFence' }
  /** Somewhere in the run a stale write landed, or none did; for the end's first stale write, its age. */
  | { readonly fact: 'runHadStaleWrite' }
  | { readonly fact: 'runHadNoStaleWrite' }
  | { readonly fact: 'firstStaleCertIssuedBefore' }
  | { readonly fact: 'firstStaleCertIssuedAfter' }
  /** The storage refused a write with a lower token during the run ("the late write … changed nothing"). */
  | { readonly fact: 'aLowerTokenWasRefused' }
  /** The subject's lease was lost in a failover (sim/lease-history.ts); `leaseNotLostInFailover` that it ended otherwise. */
  | { readonly fact: 'leaseLostInFailover' }
  /** The service applies the TTL the scenario asks for as it is; `ttlChanged` that it applies another. */
  | { readonly fact: 'ttlAsAsked' }
  | { readonly fact: 'ttlChanged' }
  | { readonly fact: 'leaseNotLostInFailover' }
  /**
   * What the holder's check before the work found, read from the run itself: the row's certificate inside its
   * renewal window, or no report sent yet (`workDue`); the work done by another holder already (`workDone`).
   */
  | { readonly fact: 'workDue' }
  | { readonly fact: 'workDone' };

const claim = <F extends Claim['fact']>(fact: F) => ({ fact }) as Extract<Claim, { fact: F }>;
const service = (...is: LockServiceKind[]): Claim => ({ fact: 'service', is });
const certificate: Claim = { fact: 'resource', is: 'certificate' };
const email: Claim = { fact: 'resource', is: 'email' };
const [believesHeld, believesNothing, frozen, wasFrozen] = [
  claim('believesHeld'),
  claim('believesNothing'),
  claim('frozen'),
  claim('wasFrozen'),
];
const [grantStillRuns, grantAlreadyEnded, replyJustSent, replyWaited] = [
  claim('grantStillRuns'),
  claim('grantAlreadyEnded'),
  claim('replyJustSent'),
  claim('replyWaited'),
];
const [lockFree, heldByAnother, carriesToken, carriesNoToken] = [
  claim('lockFree'),
  claim('heldByAnother'),
  claim('carriesToken'),
  claim('carriesNoToken'),
];
const [writeLanded, writeRefused, writeStale, writeNotStale] = [
  claim('writeLanded'),
  claim('writeRefused'),
  claim('writeStale'),
  claim('writeNotStale'),
];
/** A grant read as news: the reader now holds a lock that still runs. */
const freshGrant = [believesHeld, grantStillRuns, replyJustSent];
/** A grant read after it ended: the reader believes it holds a lock it does not. */
const lateGrant = [believesHeld, grantAlreadyEnded, replyWaited];
const TOKENLESS = service('redis', 'redlock');
const TOKENS = service('lesson', 'etcd', 'zookeeper', 'chubby');

/** Every caption key's claims. The type makes a new key declare its own, even if it asserts nothing checkable. */
export const CAPTION_CLAIMS: Readonly<Record<CaptionKey, readonly Claim[]>> = {
  scenarioStarted: [certificate],
  acquireRequested: [service('lesson')],
  leaseGranted: [service('lesson'), carriesToken, ...freshGrant],
  leaseRefused: [service('lesson'), heldByAnother],
  certificateRequested: [certificate, claim('workDue'), believesHeld],
  processPaused: [frozen],
  leaseExpired: [service('lesson'), claim('endsTtlAfterGrant'), frozen, believesHeld, lockFree],
  processResumed: [TOKENS, believesHeld],
  certificateReceived: [certificate, believesHeld],
  writeRequestedFenced: [carriesToken, claim('writeChecked')],
  writeRequestedUnfenced: [carriesToken, claim('writeUnchecked')],
  writeAccepted: [carriesToken, writeLanded, writeNotStale],
  writeAcceptedStale: [carriesToken, writeStale, claim('certIssuedBefore')],
  writeRejected: [carriesToken, writeRefused, claim('tokenBelowFence')],
  releaseRequested: [service('lesson'), carriesToken],
  acquireRequestedAgain: [service('lesson')],
  releaseRequestedAgain: [service('lesson'), carriesToken],
  leaseReleased: [service('lesson')],
  releaseRefusedNotHolder: [service('lesson'), heldByAnother],
  releaseRefusedNoLease: [service('lesson'), lockFree],
  scenarioEndedNewestKept: [certificate, claim('runHadNoStaleWrite'), claim('aLowerTokenWasRefused')],
  scenarioEndedStaleOverwrote: [certificate, claim('runHadStaleWrite'), claim('firstStaleCertIssuedBefore')],

  leaseGrantedNoToken: [service('redis'), carriesNoToken, ...freshGrant],
  renewerGaveUp: [certificate],
  renewerGaveUpEmail: [email],
  grantTooLate: [service('redlock'), believesNothing],
  scenarioStartedEmail: [email],
  reportRequested: [email, claim('workDue'), believesHeld],
  workNotDue: [certificate, claim('workDone'), believesHeld],
  reportAlreadySent: [email, claim('workDone'), believesHeld],
  reportReady: [email],
  emailSent: [email],
  emailClaimed: [email],
  emailClaimRefused: [email],
  scenarioEndedEmails: [email],
  leaseRefusedNoToken: [service('redis'), heldByAnother],
  leaseRefusedHeldBack: [service('chubby'), lockFree],
  processResumedNoToken: [TOKENLESS, believesHeld],
  writeRequestedNoToken: [TOKENLESS, carriesNoToken],
  writeAcceptedNoToken: [carriesNoToken, writeLanded, writeNotStale],
  writeAcceptedStaleNoToken: [carriesNoToken, writeStale, claim('certIssuedBefore')],
  leaseReleasedNoToken: [service('redis')],
  releaseRefusedNotHolderNoToken: [service('redis'), heldByAnother],
  releaseRefusedNoLeaseNoToken: [service('redis'), claim('leaseNotLostInFailover')],
  releaseRefusedLostInFailover: [service('redis'), claim('leaseLostInFailover')],
  acquireRequestedRedlock: [service('redlock')],
  acquireRequestedEtcd: [service('etcd'), claim('ttlAsAsked')],
  acquireRequestedEtcdRaised: [service('etcd'), claim('ttlChanged')],
  acquireRequestedZooKeeper: [service('zookeeper'), claim('ttlAsAsked')],
  acquireRequestedZooKeeperNegotiated: [service('zookeeper'), claim('ttlChanged')],
  acquireRequestedChubby: [service('chubby')],
  acquireRequestedRedis: [service('redis')],
  releaseRequestedRedis: [service('redis')],
  // The client measures the time acquiring took, a wait for a frozen reader included: no claim of a fresh reply.
  leaseGrantedRedlock: [service('redlock'), carriesNoToken, believesHeld, grantStillRuns],
  leaseRefusedRedlock: [service('redlock'), heldByAnother],
  releaseRequestedRedlock: [service('redlock')],
  leaseGrantedEtcd: [service('etcd'), carriesToken, ...freshGrant],
  leaseRefusedEtcd: [service('etcd'), heldByAnother],
  releaseRequestedEtcd: [service('etcd')],
  leaseReleasedEtcd: [service('etcd')],
  releaseRefusedEtcd: [service('etcd')],
  // The create reply does not tell the client it holds the lock: no claim about its belief.
  leaseGrantedZooKeeper: [service('zookeeper'), carriesToken, grantStillRuns, replyJustSent],
  leaseRefusedZooKeeper: [service('zookeeper'), heldByAnother],
  releaseRequestedZooKeeper: [service('zookeeper')],
  leaseReleasedZooKeeper: [service('zookeeper')],
  releaseRefusedZooKeeper: [service('zookeeper')],
  leaseGrantedChubby: [service('chubby'), carriesNoToken, ...freshGrant],
  leaseRefusedChubby: [service('chubby'), heldByAnother],
  releaseRequestedChubby: [service('chubby')],
  leaseReleasedChubby: [service('chubby')],
  releaseRefusedChubby: [service('chubby')],
  failover: [service('redis'), believesHeld],
  failoverNoKey: [service('redis'), lockFree],
  scenarioEndedStaleRepaired: [certificate, claim('runHadStaleWrite'), claim('firstStaleCertIssuedBefore')],
  scenarioEndedInOrder: [certificate, claim('runHadNoStaleWrite')],
  clockJumped: [service('redlock')],
  networkPartitioned: [service('redlock')],
  certificateReceivedDelayed: [certificate, believesHeld],
  leaseExpiredEtcd: [service('etcd'), believesHeld, lockFree],
  leaseExpiredZooKeeper: [service('zookeeper'), believesHeld, lockFree],
  leaseExpiredChubby: [service('chubby'), believesHeld, lockFree],
  leaseExpiredRedis: [service('redis'), claim('endsTtlAfterGrant'), believesHeld, lockFree],
  leaseExpiredRedlock: [service('redlock'), believesHeld, lockFree],
  leaseReleasedRedlock: [service('redlock')],
  releaseRefusedRedlock: [service('redlock')],
  leaseExpiredUnread: [TOKENS, frozen, believesNothing, lockFree, claim('lockTakeable')],
  leaseExpiredUnreadHeldBack: [service('chubby'), frozen, believesNothing, lockFree, claim('lockHeldBack')],
  leaseExpiredRedisUnread: [service('redis'), claim('endsTtlAfterGrant'), frozen, believesNothing, lockFree],
  leaseExpiredRedlockUnread: [service('redlock'), frozen, believesNothing, lockFree],
  processResumedUnread: [believesNothing],
  leaseGrantedExpired: [TOKENS, carriesToken, ...lateGrant],
  leaseGrantedExpiredRedis: [service('redis'), carriesNoToken, ...lateGrant],
  writeAcceptedStaleNewer: [carriesToken, writeStale, claim('certIssuedAfter')],
  writeAcceptedStaleNoTokenNewer: [carriesNoToken, writeStale, claim('certIssuedAfter')],
  scenarioEndedStaleEarlierGrant: [certificate, claim('runHadStaleWrite'), claim('firstStaleCertIssuedAfter')],
  scenarioEndedStaleRepairedEarlierGrant: [certificate, claim('runHadStaleWrite'), claim('firstStaleCertIssuedAfter')],
  leaseExpiredRunning: [service('lesson'), claim('endsTtlAfterGrant'), claim('running'), believesHeld, lockFree],
  processResumedIdle: [claim('believesNotHeld')],
  leaseGrantedWaited: [TOKENS, carriesToken, believesHeld, grantStillRuns, replyWaited, wasFrozen],
  leaseGrantedWaitedRedis: [service('redis'), carriesNoToken, believesHeld, grantStillRuns, replyWaited, wasFrozen],
  failoverUnread: [service('redis'), frozen, believesNothing],
  leaseRefusedRedlockNoHolder: [service('redlock'), lockFree],
  validityEnded: [service('redlock'), believesHeld, claim('heldBySubject')],
  sequencerRequested: [service('chubby')],
  sequencerGranted: [service('chubby'), carriesToken, believesHeld],
  sequencerRefused: [service('chubby'), claim('believesNotHeld'), wasFrozen],
  childrenRequestedZooKeeper: [service('zookeeper')],
  childrenLowestZooKeeper: [service('zookeeper'), carriesToken, believesHeld],
  childrenSessionExpiredZooKeeper: [service('zookeeper'), claim('believesNotHeld'), wasFrozen],
  leaseGrantedExpiredZooKeeper: [service('zookeeper'), carriesToken, grantAlreadyEnded, replyWaited],
  leaseGrantedWaitedZooKeeper: [service('zookeeper'), carriesToken, grantStillRuns, replyWaited, wasFrozen],
  leaseGrantedExpiredChubby: [service('chubby'), carriesNoToken, ...lateGrant],
  leaseGrantedWaitedChubby: [service('chubby'), carriesNoToken, believesHeld, grantStillRuns, replyWaited, wasFrozen],
  validityEndedKeysGone: [service('redlock'), believesHeld, claim('notHeldBySubject')],
};
