/**
 * Every kind of step a caption exists for, and the placeholders its template may use.
 * The content schema checks templates against this list, so a typo in content/ fails the build.
 */
export const CAPTION_VARIABLES = {
  scenarioStarted: ['domain', 'serial', 'fence', 'ttl', 'key'],
  acquireRequested: ['renewer', 'key', 'leaseValue', 'ttlMs', 'time'],
  leaseGranted: ['renewer', 'token', 'expiresAt', 'time'],
  leaseGrantedNoToken: ['renewer', 'expiresAt', 'time'],
  leaseRefused: ['renewer', 'holder', 'token', 'expiresAt', 'retryAt', 'time'],
  renewerGaveUp: ['renewer', 'attempts', 'time'],
  grantTooLate: ['renewer', 'elapsed', 'validity', 'ttl', 'retryAt', 'time'],
  certificateRequested: ['renewer', 'readyAt', 'time'],
  processPaused: ['renewer', 'duration', 'until', 'time', 'token'],
  leaseExpired: ['holder', 'token', 'time', 'ttl'],
  processResumed: ['renewer', 'duration', 'token', 'time'],
  certificateReceived: ['renewer', 'serial', 'issuedAt', 'time'],
  writeRequestedFenced: ['renewer', 'token', 'serial', 'fence', 'rows', 'time'],
  writeRequestedUnfenced: ['renewer', 'token', 'serial', 'fence', 'rows', 'time'],
  writeAccepted: ['renewer', 'token', 'time'],
  writeAcceptedStale: ['renewer', 'token', 'fence', 'time'],
  writeRejected: ['renewer', 'token', 'fence', 'time'],
  releaseRequested: ['renewer', 'leaseValue', 'key', 'time'],
  leaseReleased: ['renewer', 'token', 'time'],
  releaseRefusedNotHolder: ['renewer', 'holder', 'token', 'time'],
  releaseRefusedNoLease: ['renewer', 'time'],
  scenarioEndedNewestKept: ['serial', 'fence', 'issuedAt'],
  scenarioEndedStaleOverwrote: ['serial', 'fence', 'issuedAt', 'replacedWith'],
  scenarioStartedEmail: ['owner', 'week', 'ttl', 'key'],
  reportRequested: ['renewer', 'readyAt', 'time'],
  reportReady: ['renewer', 'time'],
  emailSent: ['renewer', 'owner', 'week', 'time'],
  emailClaimed: ['renewer', 'owner', 'week', 'time'],
  emailClaimRefused: ['renewer', 'owner', 'week', 'time'],
  scenarioEndedEmails: ['count', 'owner', 'week'],
} as const satisfies Record<string, readonly string[]>;

export type CaptionKey = keyof typeof CAPTION_VARIABLES;

export const CAPTION_KEYS = Object.keys(CAPTION_VARIABLES) as CaptionKey[];
