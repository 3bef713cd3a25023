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

/**
 * Steps only the lab's runs have (services without tokens, give-ups, Redlock's late replies, the weekly
 * email); their text loads with the lab. Content scenarios are checked never to reach them.
 */
export const LAB_CAPTION_VARIABLES = {
  leaseGrantedNoToken: ['renewer', 'expiresAt', 'time'],
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
  leaseRefusedNoToken: ['renewer', 'holder', 'expiresAt', 'retryAt', 'time'],
  leaseRefusedHeldBack: ['renewer', 'retryAt', 'time'],
  acquireRequestedRedlock: ['renewer', 'key', 'leaseValue', 'ttlMs', 'time'],
  acquireRequestedEtcd: ['renewer', 'ttl', 'ttlMs', 'time'],
  // The TTL asked for is not the one the service applies: etcd raises it, ZooKeeper bounds the session.
  acquireRequestedEtcdRaised: ['renewer', 'ttl', 'requestedTtl', 'time'],
  acquireRequestedZooKeeper: ['renewer', 'ttlMs', 'time'],
  acquireRequestedZooKeeperNegotiated: ['renewer', 'ttl', 'ttlMs', 'time'],
  acquireRequestedChubby: ['renewer', 'ttl', 'ttlMs', 'time'],
  processResumedNoToken: ['renewer', 'duration', 'time'],
  writeRequestedNoToken: ['renewer', 'serial', 'rows', 'time'],
  writeAcceptedNoToken: ['renewer', 'time'],
  writeAcceptedStaleNoToken: ['renewer', 'time'],
  leaseReleasedNoToken: ['renewer', 'time'],
  releaseRefusedNotHolderNoToken: ['renewer', 'holder', 'time'],
  releaseRefusedNoLeaseNoToken: ['renewer', 'time'],
  // Redis: the release finds no key because a failover lost it, not because it expired.
  releaseRefusedLostInFailover: ['renewer', 'time'],
  acquireRequestedRedis: ['renewer', 'key', 'leaseValue', 'ttlMs', 'time'],
  releaseRequestedRedis: ['renewer', 'key', 'leaseValue', 'time'],
  leaseGrantedRedlock: ['renewer', 'expiresAt', 'time'],
  leaseRefusedRedlock: ['renewer', 'holder', 'expiresAt', 'retryAt', 'time'],
  releaseRequestedRedlock: ['renewer', 'key', 'leaseValue', 'time'],
  leaseGrantedEtcd: ['renewer', 'token', 'expiresAt', 'time'],
  leaseRefusedEtcd: ['renewer', 'holder', 'token', 'retryAt', 'time'],
  releaseRequestedEtcd: ['renewer', 'time'],
  leaseReleasedEtcd: ['renewer', 'token', 'time'],
  releaseRefusedEtcd: ['renewer', 'time'],
  leaseGrantedZooKeeper: ['renewer', 'token', 'expiresAt', 'time'],
  leaseRefusedZooKeeper: ['renewer', 'holder', 'token', 'retryAt', 'time'],
  releaseRequestedZooKeeper: ['renewer', 'time'],
  leaseReleasedZooKeeper: ['renewer', 'token', 'time'],
  releaseRefusedZooKeeper: ['renewer', 'time'],
  leaseGrantedChubby: ['renewer', 'token', 'expiresAt', 'time'],
  leaseRefusedChubby: ['renewer', 'holder', 'token', 'retryAt', 'time'],
  releaseRequestedChubby: ['renewer', 'time'],
  leaseReleasedChubby: ['renewer', 'token', 'time'],
  releaseRefusedChubby: ['renewer', 'time'],
  failover: ['holder', 'key', 'expiresAt', 'time'],
  scenarioEndedStaleRepaired: ['serial', 'issuedAt', 'staleWriter', 'replacedBy'],
  scenarioEndedInOrder: ['serial', 'issuedAt'],
  clockJumped: ['node', 'by', 'time'],
  networkPartitioned: ['partition', 'time'],
  certificateReceivedDelayed: ['renewer', 'serial', 'issuedAt', 'writeDelay', 'arrivesAt', 'time'],
  leaseExpiredEtcd: ['holder', 'token', 'time', 'ttl'],
  leaseExpiredZooKeeper: ['holder', 'token', 'time', 'ttl'],
  leaseExpiredChubby: ['holder', 'token', 'time', 'ttl'],
  leaseExpiredRedis: ['holder', 'key', 'time', 'ttl'],
  leaseExpiredRedlock: ['holder', 'time', 'ttl'],
  leaseReleasedRedlock: ['renewer', 'time'],
  releaseRefusedRedlock: ['renewer', 'time'],
  failoverNoKey: ['time'],
  // A renewer frozen while acquiring has not read its reply: it believes nothing yet, and reads it late.
  leaseExpiredUnread: ['holder', 'time', 'ttl'],
  // Chubby: the session of a holder frozen while acquiring lapses, and the lock-delay holds the lock back.
  leaseExpiredUnreadHeldBack: ['holder', 'time', 'ttl'],
  leaseExpiredRedisUnread: ['holder', 'key', 'time', 'ttl'],
  leaseExpiredRedlockUnread: ['holder', 'time', 'ttl'],
  processResumedUnread: ['renewer', 'duration', 'time'],
  leaseGrantedExpired: ['renewer', 'token', 'sentAt', 'expiredAt', 'time'],
  leaseGrantedExpiredRedis: ['renewer', 'sentAt', 'expiredAt', 'time'],
  // A write under an earlier grant whose certificate is nonetheless the newer one.
  writeAcceptedStaleNewer: ['renewer', 'token', 'fence', 'time'],
  writeAcceptedStaleNoTokenNewer: ['renewer', 'time'],
  scenarioEndedStaleEarlierGrant: ['serial', 'issuedAt', 'staleWriter', 'replacedBy'],
  scenarioEndedStaleRepairedEarlierGrant: ['serial', 'issuedAt', 'staleWriter', 'replacedBy'],
  // A lease that ends under a holder still at work (a TTL shorter than the work), not a frozen one.
  leaseExpiredRunning: ['holder', 'token', 'time', 'ttl'],
  // A pause of a renewer that held no lock when it froze.
  processResumedIdle: ['renewer', 'duration', 'time'],
  // A grant read after a pause, while its lease still runs: it says when it was sent.
  leaseGrantedWaited: ['renewer', 'token', 'sentAt', 'expiresAt', 'time'],
  leaseGrantedWaitedRedis: ['renewer', 'sentAt', 'expiresAt', 'time'],
  failoverUnread: ['holder', 'key', 'expiresAt', 'time'],
  // Redlock refuses with no other client holding a majority: split votes or unreachable nodes.
  leaseRefusedRedlockNoHolder: ['renewer', 'retryAt', 'time'],
  // A Redlock client's validity ends before its keys do; or after they lapsed early (a node's clock jumped).
  validityEnded: ['renewer', 'keysEndAt', 'time'],
  validityEndedKeysGone: ['renewer', 'time'],
  // Chubby: the sequencer comes from GetSequencer(), a call of its own after TryAcquire.
  sequencerRequested: ['renewer', 'time'],
  sequencerGranted: ['renewer', 'token', 'time'],
  sequencerRefused: ['renewer', 'retryAt', 'time'],
  // ZooKeeper: the recipe's getChildren and comparison, a call of its own after create.
  childrenRequestedZooKeeper: ['renewer', 'time'],
  childrenLowestZooKeeper: ['renewer', 'token', 'time'],
  childrenSessionExpiredZooKeeper: ['renewer', 'retryAt', 'time'],
  leaseGrantedExpiredZooKeeper: ['renewer', 'token', 'sentAt', 'expiredAt', 'time'],
  leaseGrantedWaitedZooKeeper: ['renewer', 'token', 'sentAt', 'expiresAt', 'time'],
  leaseGrantedExpiredChubby: ['renewer', 'sentAt', 'expiredAt', 'time'],
  leaseGrantedWaitedChubby: ['renewer', 'sentAt', 'expiresAt', 'time'],
} as const satisfies Record<string, readonly string[]>;

export const CAPTION_VARIABLES = { ...WALKTHROUGH_CAPTION_VARIABLES, ...LAB_CAPTION_VARIABLES };

export type CaptionKey = keyof typeof CAPTION_VARIABLES;
export type WalkthroughCaptionKey = keyof typeof WALKTHROUGH_CAPTION_VARIABLES;
export type LabCaptionKey = keyof typeof LAB_CAPTION_VARIABLES;

export const WALKTHROUGH_CAPTION_KEYS = Object.keys(WALKTHROUGH_CAPTION_VARIABLES) as WalkthroughCaptionKey[];
export const LAB_CAPTION_KEYS = Object.keys(LAB_CAPTION_VARIABLES) as LabCaptionKey[];
