import { TOKENLESS, TOKENS, type Claim } from '@/testing/claims/caption-claims';
import type { QuorumNodeSentence } from '../../lab/quorum-node-lines';
import type { BeliefSentence, StaleSentence, StatementSentence, TruthSentence } from '@/story/panel-sentences';
import type { Verdict, VerdictReason } from '../../story/verdict';

/*
 * What the panels beside each step, the run's verdict and the walkthrough's end card assert, as the captions'
 * claims do (caption-claims.ts): each sentence a panel can pick declares what must be true of the run when
 * it is picked, and src/lab/panel-claims.test.ts checks every picked sentence of thousands of runs. The records are typed
 * by the pickers' keys, so a new sentence must declare its claims to compile.
 */

/** Facts about panels that a caption never states; the evaluator is panel-claim-holds.ts. */
export type PanelFact =
  /** The renewer's belief carries a token, or none. */
  | 'beliefCarriesToken'
  | 'beliefCarriesNoToken'
  /** The renewer learned it lost the lock, having been granted it before, and that lease has ended. */
  | 'believesLost'
  | 'wasGranted'
  | 'lostLeaseEnded'
  /** The renewer waits for the check that says whether its grant makes it the holder (ZooKeeper's listing), or not. */
  | 'checkingGrant'
  | 'notChecking'
  /** The renewer has asked to give the lock back and waits for the answer. */
  | 'releaseUnderway'
  /** Since its last grant the renewer has not asked to give back a lease the service still held for it. */
  | 'notGivingBack'
  /** The renewer has finished its work, or has not. */
  | 'finished'
  | 'notFinished'
  /** The lease the service holds now carries a token, or none; `truthHeldByAnother`: its holder is not the subject. */
  | 'truthCarriesToken'
  | 'truthCarriesNoToken'
  | 'truthHeldByAnother'
  /** At least two renewers believe, now, that they hold the lock. */
  | 'severalBelieveHeld'
  /** The table compares tokens (fencing is on), or not. */
  | 'storageChecks'
  | 'storageUnchecked'
  /** The latest write so far landed, or was refused by a row a higher token had written. */
  | 'lastWriteLanded'
  | 'lastWriteRefused'
  | 'lastWriteMetHigherFence'
  /** The row holds the certificate of the latest stale write; its tokens; its certificate's age against the replaced one. */
  | 'rowFromStaleWrite'
  | 'staleCarriesToken'
  | 'staleCarriesNoToken'
  | 'staleCertIssuedBefore'
  | 'staleCertIssuedAfter'
  /** The run's first stale write carried a token, or none. */
  | 'firstStaleCarriesToken'
  | 'firstStaleCarriesNoToken'
  /** The run stopped at its event bound before it settled; or it settled. */
  | 'runCutOff'
  | 'runSettled'
  /** How many renewals landed (or reports were sent) in the run, and by how many renewers. */
  | 'atMostOneLanded'
  | 'severalLanded'
  | 'severalRenewersLanded'
  /** Each landed write was made under a later grant than the one before it. */
  | 'landedInGrantOrder'
  /** Nothing was corrupted: the resource is the email, or no stale write landed. */
  | 'harmless'
  /** No renewer wrote (or sent) after a later grant of the lock had been made. */
  | 'noActAfterLockPassed'
  /** Each worker claims (owner, week) before it sends. */
  | 'claimsBeforeSending'
  /** Somewhere in the run: a renewer froze, a Redlock node's clock jumped, a failover lost a lease. */
  | 'someoneFroze'
  | 'aClockJumped'
  | 'aLeaseLostInFailover'
  /** A Redlock node holds a key its own clock has not expired, or none. */
  | 'nodeHoldsLiveKey'
  | 'nodeHoldsNoLiveKey';

export type PanelClaim = Claim | { readonly fact: PanelFact };

const fact = (name: PanelFact | Claim['fact']) => ({ fact: name }) as PanelClaim;
const certificate: Claim = { fact: 'resource', is: 'certificate' };
const email: Claim = { fact: 'resource', is: 'email' };

/** The renewers panel, "Believes: …", about each renewer. */
export const BELIEF_CLAIMS: Readonly<Record<BeliefSentence, readonly PanelClaim[]>> = {
  none: [fact('believesNothing'), fact('notFinished'), fact('notChecking')],
  checking: [fact('believesNothing'), fact('checkingGrant')],
  done: [fact('believesNothing'), fact('finished')],
  holds: [fact('believesHeld'), fact('beliefCarriesNoToken')],
  holdsToken: [fact('believesHeld'), fact('beliefCarriesToken')],
  lost: [fact('believesLost'), fact('wasGranted'), fact('beliefCarriesNoToken'), fact('lostLeaseEnded')],
  lostToken: [fact('believesLost'), fact('wasGranted'), fact('beliefCarriesToken'), fact('lostLeaseEnded')],
  releasing: [fact('believesHeld'), fact('releaseUnderway'), fact('beliefCarriesNoToken')],
  releasingToken: [fact('believesHeld'), fact('releaseUnderway'), fact('beliefCarriesToken')],
};

/** The renewers panel, "In truth: …", about each renewer. */
export const TRUTH_CLAIMS: Readonly<Record<TruthSentence, readonly PanelClaim[]>> = {
  free: [fact('lockFree')],
  self: [fact('heldBySubject'), fact('truthCarriesNoToken')],
  selfToken: [fact('heldBySubject'), fact('truthCarriesToken')],
  other: [fact('truthHeldByAnother'), fact('truthCarriesNoToken')],
  otherToken: [fact('truthHeldByAnother'), fact('truthCarriesToken')],
};

/** The "wrong" badge on a renewer, and the line naming renewers that believe at once that they hold the lock. */
export const MISTAKEN_CLAIMS: readonly PanelClaim[] = [
  fact('believesHeld'),
  fact('notHeldBySubject'),
  fact('notGivingBack'),
];
export const BOTH_HOLD_CLAIMS: readonly PanelClaim[] = [fact('severalBelieveHeld')];

/** The certificates panel's statement label and SQL. */
export const STATEMENT_CLAIMS: Readonly<Record<StatementSentence, readonly PanelClaim[]>> = {
  fenced: [TOKENS, fact('storageChecks')],
  unfenced: [TOKENS, fact('storageUnchecked')],
  noToken: [TOKENLESS],
};

/** The certificates panel's last write: "UPDATE 1", or "UPDATE 0 (rejected: a higher token has written)". */
export const LAST_WRITE_CLAIMS: Readonly<Record<'landed' | 'rejected', readonly PanelClaim[]>> = {
  landed: [fact('lastWriteLanded')],
  rejected: [fact('lastWriteRefused'), fact('lastWriteMetHigherFence')],
};

/** The certificates panel's warning when the row holds a stale write's certificate. */
export const STALE_CLAIMS: Readonly<Record<StaleSentence, readonly PanelClaim[]>> = {
  staleToken: [fact('rowFromStaleWrite'), fact('staleCarriesToken'), fact('staleCertIssuedBefore')],
  staleNoToken: [fact('rowFromStaleWrite'), fact('staleCarriesNoToken'), fact('staleCertIssuedBefore')],
  staleTokenIssuedLater: [fact('rowFromStaleWrite'), fact('staleCarriesToken'), fact('staleCertIssuedAfter')],
  staleNoTokenIssuedLater: [fact('rowFromStaleWrite'), fact('staleCarriesNoToken'), fact('staleCertIssuedAfter')],
};

/** The Redlock nodes panel, each node's "Key held for" cell. */
export const NODE_CLAIMS: Readonly<Record<QuorumNodeSentence, readonly PanelClaim[]>> = {
  heldUntil: [{ fact: 'service', is: ['redlock'] }, fact('nodeHoldsLiveKey')],
  free: [{ fact: 'service', is: ['redlock'] }, fact('nodeHoldsNoLiveKey')],
};

/** The run's verdict, checked on its last frame. */
export const VERDICT_CLAIMS: Readonly<Record<Verdict['kind'], readonly PanelClaim[]>> = {
  cutOff: [fact('runCutOff')],
  safe: [fact('runSettled'), fact('harmless'), fact('atMostOneLanded')],
  duplicateWork: [fact('runSettled'), fact('harmless'), fact('severalLanded')],
  staleWriteLanded: [fact('runSettled'), certificate, fact('runHadStaleWrite')],
};

/** The verdict's sentence about the first stale write (content/lab/presets.json `staleWrite`). */
export const STALE_WRITE_CLAIMS: Readonly<Record<'withToken' | 'noToken', readonly PanelClaim[]>> = {
  withToken: [fact('runHadStaleWrite'), fact('firstStaleCarriesToken')],
  noToken: [fact('runHadStaleWrite'), fact('firstStaleCarriesNoToken')],
};

/** Why the run ended as it did (content/lab/presets.json `reasons`), checked on its last frame. */
export const REASON_CLAIMS: Readonly<Record<VerdictReason, readonly PanelClaim[]>> = {
  cutOff: [fact('runCutOff')],
  noToken: [TOKENLESS, fact('runHadStaleWrite')],
  unchecked: [TOKENS, fact('storageUnchecked'), fact('runHadStaleWrite')],
  unordered: [TOKENS, fact('storageChecks'), fact('runHadStaleWrite')],
  duplicate: [certificate, fact('severalRenewersLanded'), fact('landedInGrantOrder')],
  fenced: [TOKENS, fact('storageChecks'), fact('runHadNoStaleWrite')],
  timing: [fact('noActAfterLockPassed')],
  duplicateEmail: [email, fact('severalLanded')],
  idempotent: [email, fact('atMostOneLanded'), fact('claimsBeforeSending')],
};

/**
 * The end card's links into the lab, by preset: what each link's words promise the run will show
 * (content/walkthrough/end-card.json `labLinks`), checked on the preset's run.
 */
export const END_CARD_LINK_CLAIMS: Readonly<Record<string, readonly PanelClaim[]>> = {
  // "Redlock and the same pause"
  'redlock-does-not-save-you': [{ fact: 'service', is: ['redlock'] }, fact('someoneFroze')],
  // "a clock jump on one Redlock node"
  'clock-jump-on-node-c': [{ fact: 'service', is: ['redlock'] }, fact('aClockJumped')],
  // "a Redis failover that loses the lock"
  'redis-failover': [{ fact: 'service', is: ['redis'] }, fact('aLeaseLostInFailover')],
};
