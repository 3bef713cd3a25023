import { SERVICE_CAPTION_ORACLES, type ServiceOwnCaptionKey } from '../sim/all-models.ts';

/**
 * Every kind of step a caption exists for, and the placeholders its template may use.
 * The content schema checks templates against this list, so a typo in content/ fails the build.
 */
export const WALKTHROUGH_CAPTION_VARIABLES = {
  scenarioStarted: ['domain', 'serial', 'fence', 'ttl', 'key', 'renewerCount'],
  acquireRequested: ['renewer', 'key', 'ttl', 'time'],
  leaseGranted: ['renewer', 'token', 'expiresAt', 'time'],
  leaseRefused: ['renewer', 'holder', 'token', 'expiresAt', 'retryAt', 'time'],
  certificateRequested: ['renewer', 'readyAt', 'serial', 'validity', 'time'],
  processPaused: ['renewer', 'duration', 'until', 'time', 'token'],
  leaseExpired: ['holder', 'token', 'time', 'ttl'],
  processResumed: ['renewer', 'duration', 'token', 'time'],
  certificateReceived: ['renewer', 'serial', 'issuedAt', 'time'],
  writeRequestedFenced: ['renewer', 'token', 'serial', 'fence', 'rows', 'time'],
  writeRequestedUnfenced: ['renewer', 'token', 'serial', 'fence', 'rows', 'time'],
  writeAccepted: ['renewer', 'token', 'time'],
  writeAcceptedStale: ['renewer', 'token', 'fence', 'time'],
  writeRejected: ['renewer', 'token', 'fence', 'time'],
  releaseRequested: ['renewer', 'key', 'token', 'time'],
  leaseReleased: ['renewer', 'token', 'time'],
  releaseRefusedNotHolder: ['renewer', 'holder', 'token', 'time'],
  releaseRefusedNoLease: ['renewer', 'time'],
  // The holder finds the work done already: the row's certificate is outside its renewal window.
  workNotDue: ['renewer', 'serial', 'validity', 'time'],
  // A request the story has already explained once: said again in a line.
  acquireRequestedAgain: ['renewer', 'key', 'ttl', 'time'],
  releaseRequestedAgain: ['renewer', 'key', 'token', 'time'],
  scenarioEndedNewestKept: ['serial', 'fence', 'issuedAt'],
  scenarioEndedStaleOverwrote: ['serial', 'fence', 'issuedAt', 'replacedWith'],
} as const satisfies Record<string, readonly string[]>;

/** Steps only the lab's runs have, whichever service tells them: give-ups, late replies, the weekly email. */
const LAB_STEP_VARIABLES = {
  renewerGaveUp: ['renewer', 'attempts', 'time'],
  renewerGaveUpEmail: ['renewer', 'attempts', 'time'],
  grantTooLate: ['renewer', 'elapsed', 'validity', 'ttl', 'retryAt', 'time'],
  scenarioStartedEmail: ['owner', 'week', 'ttl', 'key', 'renewerCount'],
  reportRequested: ['renewer', 'readyAt', 'owner', 'week', 'time'],
  reportAlreadySent: ['renewer', 'owner', 'week', 'time'],
  reportReady: ['renewer', 'time'],
  emailSent: ['renewer', 'owner', 'week', 'time'],
  emailClaimed: ['renewer', 'owner', 'week', 'time'],
  emailClaimRefused: ['renewer', 'owner', 'week', 'time'],
  scenarioEndedEmails: ['count', 'owner', 'week'],
  processResumedNoToken: ['renewer', 'duration', 'time'],
  writeRequestedNoToken: ['renewer', 'serial', 'rows', 'time'],
  writeAcceptedNoToken: ['renewer', 'time'],
  writeAcceptedStaleNoToken: ['renewer', 'time'],
  // Redis: the release finds no key because a failover lost it, not because it expired.
  releaseRefusedLostInFailover: ['renewer', 'time'],
  failover: ['holder', 'key', 'expiresAt', 'time'],
  scenarioEndedStaleRepaired: ['serial', 'issuedAt', 'staleWriter', 'replacedBy'],
  scenarioEndedInOrder: ['serial', 'issuedAt'],
  clockJumped: ['node', 'by', 'time'],
  networkPartitioned: ['partition', 'time'],
  certificateReceivedDelayed: ['renewer', 'serial', 'issuedAt', 'writeDelay', 'arrivesAt', 'time'],
  failoverNoKey: ['time'],
  // A renewer frozen while acquiring has not read its reply: it believes nothing yet, and reads it late.
  leaseExpiredUnread: ['holder', 'time', 'ttl'],
  processResumedUnread: ['renewer', 'duration', 'time'],
  leaseGrantedExpired: ['renewer', 'token', 'sentAt', 'expiredAt', 'time'],
  // A write under an earlier grant whose certificate is nonetheless the newer one.
  writeAcceptedStaleNewer: ['renewer', 'token', 'fence', 'time'],
  writeAcceptedStaleNoTokenNewer: ['renewer', 'time'],
  scenarioEndedStaleEarlierGrant: ['serial', 'issuedAt', 'staleWriter', 'replacedBy'],
  scenarioEndedStaleRepairedEarlierGrant: ['serial', 'issuedAt', 'staleWriter', 'replacedBy'],
  // A pause of a renewer that held no lock when it froze.
  processResumedIdle: ['renewer', 'duration', 'time'],
  // A grant read after a pause, while its lease still runs: it says when it was sent.
  leaseGrantedWaited: ['renewer', 'token', 'sentAt', 'expiresAt', 'time'],
  failoverUnread: ['holder', 'key', 'expiresAt', 'time'],
  // A Redlock client's validity ends before its keys do; or after they lapsed early (a node's clock jumped).
  validityEnded: ['renewer', 'keysEndAt', 'time'],
  validityEndedKeysGone: ['renewer', 'time'],
} as const satisfies Record<string, readonly string[]>;

/** Each lock service's own captions (sim/services/<kind>/captions.ts), named by its descriptor. */
const SERVICE_CAPTION_VARIABLES = Object.fromEntries(
  Object.values(SERVICE_CAPTION_ORACLES).flatMap((oracle) =>
    Object.entries(oracle).map(([key, { variables }]) => [key, variables]),
  ),
) as Readonly<Record<ServiceOwnCaptionKey, readonly string[]>>;

/**
 * Steps only the lab's runs have: the generic ones above, and each service's own. Their text loads with the lab;
 * content scenarios are checked never to reach them.
 */
export const LAB_CAPTION_VARIABLES: Readonly<Record<LabCaptionKey, readonly string[]>> = {
  ...LAB_STEP_VARIABLES,
  ...SERVICE_CAPTION_VARIABLES,
};

export const CAPTION_VARIABLES: Readonly<Record<CaptionKey, readonly string[]>> = {
  ...WALKTHROUGH_CAPTION_VARIABLES,
  ...LAB_CAPTION_VARIABLES,
};

export type WalkthroughCaptionKey = keyof typeof WALKTHROUGH_CAPTION_VARIABLES;
export type LabCaptionKey = keyof typeof LAB_STEP_VARIABLES | ServiceOwnCaptionKey;
export type CaptionKey = WalkthroughCaptionKey | LabCaptionKey;

export const WALKTHROUGH_CAPTION_KEYS = Object.keys(WALKTHROUGH_CAPTION_VARIABLES) as WalkthroughCaptionKey[];
export const LAB_CAPTION_KEYS = Object.keys(LAB_CAPTION_VARIABLES) as LabCaptionKey[];
