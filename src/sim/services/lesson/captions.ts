import { believesHeld, claim, lockFree, type ServiceCaptionOracle } from '../../claims.ts';

/** What lesson's own captions may say and assert (see ServiceCaptionOracle). */
export const LESSON_CAPTIONS = {
  // A lease that ends under a holder still at work (a TTL shorter than the work), not a frozen one.
  leaseExpiredRunning: {
    variables: ['holder', 'token', 'time', 'ttl'],
    claims: [claim('endsTtlAfterGrant'), claim('running'), believesHeld, lockFree],
  },
} as const satisfies ServiceCaptionOracle;
