import { SERVICE_CAPTION_ORACLES, type ServiceOwnCaptionKey } from '../../sim/all-models.ts';
import {
  believesHeld,
  believesNothing,
  carriesNoToken,
  carriesToken,
  certificate,
  claim,
  email,
  freshGrant,
  frozen,
  grantStillRuns,
  heldByAnother,
  lateGrant,
  lockFree,
  replyWaited,
  wasFrozen,
  writeLanded,
  writeNotStale,
  writeRefused,
  writeStale,
  type Claim,
} from '../../sim/claims.ts';
import { LOCK_SERVICES, type LockServiceKind } from '../../sim/services/lock-services.ts';
import type { CaptionKey } from '../../content/caption-keys.ts';

export type { Claim } from '../../sim/claims.ts';

const service = (...is: LockServiceKind[]): Claim => ({ fact: 'service', is });
/** The services whose grants carry no token, and those whose grants do: from each service's descriptor. */
export const TOKENLESS = service(
  ...LOCK_SERVICES.filter((candidate) => !candidate.issuesTokens).map(({ kind }) => kind),
);
export const TOKENS = service(...LOCK_SERVICES.filter((candidate) => candidate.issuesTokens).map(({ kind }) => kind));

/** Each service's own captions, with the claim that they are told under that service and no other. */
const SERVICE_CAPTION_CLAIMS = Object.fromEntries(
  LOCK_SERVICES.flatMap(({ kind }) =>
    Object.entries(SERVICE_CAPTION_ORACLES[kind]).map(([key, { claims }]): [string, readonly Claim[]] => [
      key,
      [service(kind), ...claims],
    ]),
  ),
) as Readonly<Record<ServiceOwnCaptionKey, readonly Claim[]>>;

/** Every other caption key's claims. The type makes a new key declare its own, even if it asserts nothing checkable. */
const STEP_CLAIMS: Readonly<Record<Exclude<CaptionKey, ServiceOwnCaptionKey>, readonly Claim[]>> = {
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
  processResumedNoToken: [TOKENLESS, believesHeld],
  writeRequestedNoToken: [TOKENLESS, carriesNoToken],
  writeAcceptedNoToken: [carriesNoToken, writeLanded, writeNotStale],
  writeAcceptedStaleNoToken: [carriesNoToken, writeStale, claim('certIssuedBefore')],
  releaseRefusedLostInFailover: [service('redis'), claim('leaseLostInFailover')],
  failover: [service('redis'), believesHeld],
  failoverNoKey: [service('redis'), lockFree],
  scenarioEndedStaleRepaired: [certificate, claim('runHadStaleWrite'), claim('firstStaleCertIssuedBefore')],
  scenarioEndedInOrder: [certificate, claim('runHadNoStaleWrite')],
  clockJumped: [service('redlock')],
  networkPartitioned: [service('redlock')],
  certificateReceivedDelayed: [certificate, believesHeld],
  leaseExpiredUnread: [TOKENS, frozen, believesNothing, lockFree, claim('lockTakeable')],
  processResumedUnread: [believesNothing],
  leaseGrantedExpired: [TOKENS, carriesToken, ...lateGrant],
  writeAcceptedStaleNewer: [carriesToken, writeStale, claim('certIssuedAfter')],
  writeAcceptedStaleNoTokenNewer: [carriesNoToken, writeStale, claim('certIssuedAfter')],
  scenarioEndedStaleEarlierGrant: [certificate, claim('runHadStaleWrite'), claim('firstStaleCertIssuedAfter')],
  scenarioEndedStaleRepairedEarlierGrant: [certificate, claim('runHadStaleWrite'), claim('firstStaleCertIssuedAfter')],
  processResumedIdle: [claim('believesNotHeld')],
  leaseGrantedWaited: [TOKENS, carriesToken, believesHeld, grantStillRuns, replyWaited, wasFrozen],
  failoverUnread: [service('redis'), frozen, believesNothing],
  validityEnded: [service('redlock'), believesHeld, claim('heldBySubject')],
  validityEndedKeysGone: [service('redlock'), believesHeld, claim('notHeldBySubject')],
};

export const CAPTION_CLAIMS: Readonly<Record<CaptionKey, readonly Claim[]>> = {
  ...STEP_CLAIMS,
  ...SERVICE_CAPTION_CLAIMS,
};
