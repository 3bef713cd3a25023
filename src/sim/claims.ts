import type { LockServiceKind } from './services/lock-services.ts';

/**
 * What a caption's words (and its diagram label's) assert about the frame they tell, in a form a test can check
 * against the simulation: a sentence that says "still believes it holds the lock" declares `believesHeld`, and a
 * run where the renewer never read its grant makes that claim false. The lab's captions are assembled from these
 * templates across every combination of settings, so the property test in src/lab/caption-truth.test.ts fills them for
 * thousands of runs and checks every claim of every step.
 *
 * "The subject" is the renewer the step is about: the one that acts, or the holder of the lease that ended.
 */
export type Claim =
  /** The named system sends this request or reply: a caption in Redis's words is false under etcd. */
  { readonly fact: 'service'; readonly is: readonly LockServiceKind[] } | FrameClaim;

/** A claim about the run itself, whichever service tells it. */
export type FrameClaim =
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

export const claim = <F extends FrameClaim['fact']>(fact: F) => ({ fact }) as Extract<FrameClaim, { fact: F }>;
export const certificate: FrameClaim = { fact: 'resource', is: 'certificate' };
export const email: FrameClaim = { fact: 'resource', is: 'email' };
export const [believesHeld, believesNothing, frozen, wasFrozen] = [
  claim('believesHeld'),
  claim('believesNothing'),
  claim('frozen'),
  claim('wasFrozen'),
];
export const [grantStillRuns, grantAlreadyEnded, replyJustSent, replyWaited] = [
  claim('grantStillRuns'),
  claim('grantAlreadyEnded'),
  claim('replyJustSent'),
  claim('replyWaited'),
];
export const [lockFree, heldByAnother, carriesToken, carriesNoToken] = [
  claim('lockFree'),
  claim('heldByAnother'),
  claim('carriesToken'),
  claim('carriesNoToken'),
];
export const [writeLanded, writeRefused, writeStale, writeNotStale] = [
  claim('writeLanded'),
  claim('writeRefused'),
  claim('writeStale'),
  claim('writeNotStale'),
];
/** A grant read as news: the reader now holds a lock that still runs. */
export const freshGrant = [believesHeld, grantStillRuns, replyJustSent];
/** A grant read after it ended: the reader believes it holds a lock it does not. */
export const lateGrant = [believesHeld, grantAlreadyEnded, replyWaited];

/**
 * What each of a service's own captions may say and asserts: the placeholders its template may use, and the claims
 * the property test checks against every run that shows it (the service's own name is claimed for it). Test data
 * and the content's build read it; the page never does.
 */
export type ServiceCaptionOracle = Readonly<
  Record<string, { readonly variables: readonly string[]; readonly claims: readonly FrameClaim[] }>
>;
