import lab from 'virtual:lockstep/lab';
import type { Happening } from '@/sim/happenings';
import { issuesTokens, type LockServiceKind } from '@/sim/lock-backends';
import type { Timeline } from '@/sim/run';
import { lockConfigOf } from '@/sim/world';
import type { CaptionKey } from '@/walkthrough/caption-keys';
import { formatTime } from '@/walkthrough/format';
import { captionKeyOf, type NarrationExtension } from '@/walkthrough/narrate';

const EMAIL_CAPTIONS = {
  none: 'emailSent',
  claimed: 'emailClaimed',
  alreadyClaimed: 'emailClaimRefused',
} as const satisfies Record<Extract<Happening, { kind: 'emailRequested' }>['claim'], CaptionKey>;

/** Under Redis and Redlock there is no token: these steps are told without one. */
const NO_TOKEN_CAPTIONS: Partial<Record<CaptionKey, CaptionKey>> = {
  leaseRefused: 'leaseRefusedNoToken',
  leaseExpired: 'leaseExpiredNoToken',
  processResumed: 'processResumedNoToken',
  writeRequestedUnfenced: 'writeRequestedNoToken',
  writeAccepted: 'writeAcceptedNoToken',
  writeAcceptedStale: 'writeAcceptedStaleNoToken',
  leaseReleased: 'leaseReleasedNoToken',
  releaseRefusedNotHolder: 'releaseRefusedNotHolderNoToken',
};

/** Each service is asked for the lock in its own words; the lesson's own speaks Redis. */
const ACQUIRE_CAPTIONS: Partial<Record<LockServiceKind, CaptionKey>> = {
  redlock: 'acquireRequestedRedlock',
  etcd: 'acquireRequestedEtcd',
  zookeeper: 'acquireRequestedZooKeeper',
  chubby: 'acquireRequestedChubby',
};

/** The weekly email's steps: the CA's become building the report, and the end counts emails, not a row. */
function emailKeyOf(happening: Happening, timeline: Timeline): CaptionKey | null {
  if (timeline.scenario.resource?.kind !== 'weeklyEmail') return null;
  switch (happening.kind) {
    case 'scenarioStarted':
      return 'scenarioStartedEmail';
    case 'certificateRequested':
      return 'reportRequested';
    case 'certificateReceived':
      return 'reportReady';
    case 'emailRequested':
      return EMAIL_CAPTIONS[happening.claim];
    case 'scenarioEnded':
      return 'scenarioEndedEmails';
    default:
      return null;
  }
}

/** How the lab tells the steps the walkthrough never has: runs without tokens, late replies, the weekly email. */
export const labNarration: NarrationExtension = {
  steps: lab.captions,
  keyOf(happening, timeline) {
    const email = emailKeyOf(happening, timeline);
    if (email) return email;
    const service = lockConfigOf(timeline.scenario).kind;
    if (happening.kind === 'acquireRequested') return ACQUIRE_CAPTIONS[service] ?? null;
    // Chubby refuses with nobody holding the lock while a lost holder's lock-delay runs.
    if (happening.kind === 'leaseRefused' && happening.heldBy === null) return 'leaseRefusedHeldBack';
    if (issuesTokens(service)) return null;
    return NO_TOKEN_CAPTIONS[captionKeyOf(happening)] ?? null;
  },
  variables({ happening }, { scenario }) {
    const email = scenario.resource?.kind === 'weeklyEmail' ? scenario.resource : null;
    return {
      ...(email && { owner: email.owner, week: email.week }),
      ...(happening.kind === 'scenarioEnded' &&
        happening.outcome.kind === 'emailsSent' && { count: String(happening.outcome.count) }),
      ...(happening.kind === 'grantTooLate' && {
        elapsed: formatTime(happening.elapsedMs),
        validity: formatTime(happening.validityMs),
        retryAt: formatTime(happening.retryAt),
      }),
    };
  },
};
