import lab from 'virtual:lockstep/lab';
import type { Happening } from '@/sim/happenings';
import type { ServiceCaptions } from '@/sim/services/descriptor';
import { issuesTokens, lockServiceOf, type LockServiceKind } from '@/sim/services/lock-services';
import { type Frame, type Timeline } from '@/sim/run';
import { lostInFailover, takeableNow } from '@/sim/lease-history';
import { issuedLater, staleWritesLanded } from '@/sim/stale';
import { lockConfigOf } from '@/sim/world';
import type { CaptionKey } from '@/content/caption-keys';
import { formatTime } from '@/story/format';
import { captionKeyOf } from '@/content/caption-key-of';
import type { NarrationExtension } from '@/story/narrate';
import { known } from '@/sim/known';

const EMAIL_CAPTIONS = {
  none: 'emailSent',
  claimed: 'emailClaimed',
  alreadyClaimed: 'emailClaimRefused',
} as const satisfies Record<Extract<Happening, { kind: 'emailRequested' }>['claim'], CaptionKey>;

type CaptionMap = Partial<Record<CaptionKey, CaptionKey>>;

/** Under Redis and Redlock there is no token: these steps are told without one, whichever service it is. */
const NO_TOKEN_CAPTIONS: CaptionMap = {
  processResumed: 'processResumedNoToken',
  writeRequestedUnfenced: 'writeRequestedNoToken',
  writeAccepted: 'writeAcceptedNoToken',
  writeAcceptedStale: 'writeAcceptedStaleNoToken',
};

/** Every caption a service's descriptor names is one the content has: a misspelt name fails to compile here. */
const serviceCaptions = (service: LockServiceKind): ServiceCaptions<CaptionKey> => lockServiceOf(service).captions;

/**
 * Each service's requests and replies in its own words, as its descriptor names them. The lesson's own service
 * keeps the walkthrough's captions; the others would not answer "granted, token 33".
 */
function serviceKeyOf(key: CaptionKey, service: LockServiceKind): CaptionKey | null {
  const captions = serviceCaptions(service);
  switch (key) {
    case 'scenarioStarted':
    case 'acquireRequested':
    case 'leaseRefused':
    case 'releaseRequested':
    case 'leaseReleased':
    case 'releaseRefusedNotHolder':
    case 'releaseRefusedNoLease':
    case 'leaseExpired':
      return captions[key];
    case 'leaseGranted':
    case 'leaseGrantedNoToken':
      return captions.leaseGranted;
    case 'sequencerRequested':
      return captions.holdCheck?.requested ?? null;
    case 'sequencerGranted':
      return captions.holdCheck?.granted ?? null;
    case 'sequencerRefused':
      return captions.holdCheck?.refused ?? null;
    default:
      return null;
  }
}

/** The weekly email's steps: the CA's become building the report, and the end counts emails, not a row. */
function emailKeyOf(happening: Happening, timeline: Timeline): CaptionKey | null {
  if (timeline.scenario.resource?.kind !== 'email') return null;
  switch (happening.kind) {
    case 'scenarioStarted':
      return 'scenarioStartedEmail';
    case 'certificateRequested':
      return 'reportRequested';
    case 'workNotDue':
      return 'reportAlreadySent';
    case 'certificateReceived':
      return 'reportReady';
    case 'emailRequested':
      return EMAIL_CAPTIONS[happening.claim];
    case 'renewerGaveUp':
      return 'renewerGaveUpEmail';
    case 'scenarioEnded':
      return 'scenarioEndedEmails';
    default:
      return null;
  }
}

/** The extra time a renewer's write spends in the network (the lab's "delay on A's write"), or 0. */
function delayedWrite(renewer: string, { scenario }: Pick<Timeline, 'scenario'>): number {
  return scenario.renewers.find((candidate) => candidate.id === renewer)?.writeDelayMs ?? 0;
}

/**
 * How a certificate run ended, told by what landed: a stale write later overwritten still landed, and an end
 * where nothing was refused must not say that a late write "changed nothing".
 */
function endKeyOf(frame: Frame): CaptionKey | null {
  const { happening, world } = frame;
  if (happening.kind !== 'scenarioEnded' || happening.outcome.kind !== 'newestKept') return null;
  const stale = staleWritesLanded(world.writes)[0];
  if (stale) {
    return issuedLater(stale.write, stale.replaced)
      ? 'scenarioEndedStaleRepairedEarlierGrant'
      : 'scenarioEndedStaleRepaired';
  }
  const refused = world.writes.some((write) => write.rowsChanged === 0 && write.fencingToken !== null);
  return refused ? null : 'scenarioEndedInOrder';
}

/** Whether a renewer froze while acquiring and has not yet read the reply to its request: it believes nothing. */
function readsNoReplyYet({ world }: Frame, renewer: string): boolean {
  const state = world.renewers.find((candidate) => candidate.id === renewer);
  return state?.phase === 'acquiring' && state.belief.kind === 'none';
}

/** Whether a renewer is frozen at this frame. */
function frozen({ world }: Frame, renewer: string): boolean {
  return world.renewers.find((candidate) => candidate.id === renewer)?.pause != null;
}

/** A grant read after its lease had already ended (its holder was frozen while the reply waited). */
const grantReadLate = ({ happening, at }: Frame) =>
  happening.kind === 'leaseGranted' && happening.lease.expiresAt !== null && happening.lease.expiresAt <= at;

/** A grant that waited for its frozen reader: read later than the network alone would make it. */
const grantWaited = ({ happening, at }: Frame, { scenario }: Timeline) =>
  happening.kind === 'leaseGranted' && at - happening.sentAt > scenario.networkDelayMs;

/** Whether this frame's write landed stale (grant order) with a certificate that is the newer one nonetheless. */
function staleButNewer({ world }: Frame): boolean {
  const stale = staleWritesLanded(world.writes).at(-1);
  return stale !== undefined && stale.write === world.writes.at(-1) && issuedLater(stale.write, stale.replaced);
}

/**
 * Steps whose usual words would be false in this run: a reply read long after it was sent, a holder that never
 * read its grant, a stale write whose certificate is the newer one. The run decides which words are true.
 */
function unusualKeyOf(frame: Frame, timeline: Timeline, service: LockServiceKind): CaptionKey | null {
  const { happening } = frame;
  if (happening.kind === 'leaseExpired') {
    const { holder } = happening.lease;
    if (readsNoReplyYet(frame, holder)) {
      // A service may hold back a lock that nobody holds (Chubby's lock-delay).
      const heldBack = serviceCaptions(service).leaseExpiredUnreadHeldBack;
      if (heldBack && !takeableNow(frame, timeline)) return heldBack;
      return serviceCaptions(service).leaseExpiredUnread;
    }
    // Where holders keep their lease alive while they run, only a frozen one loses it; the lesson's must finish within it.
    const running = serviceCaptions(service).leaseExpiredRunning;
    if (running && !frozen(frame, holder)) return running;
  }
  if (happening.kind === 'validityEnded') {
    return frame.world.lock.truth(frame.at)?.holder === happening.renewer ? 'validityEnded' : 'validityEndedKeysGone';
  }
  if (happening.kind === 'acquireRequested' && frame.world.lock.appliedTtlMs(happening.ttlMs) !== happening.ttlMs) {
    return serviceCaptions(service).acquireRequestedTtlChanged;
  }
  if (
    happening.kind === 'releaseRefused' &&
    happening.reason !== 'notHolder' &&
    lostInFailover(timeline.frames, frame.index, happening.renewer)
  ) {
    return 'releaseRefusedLostInFailover';
  }
  if (happening.kind === 'failover' && happening.lost && readsNoReplyYet(frame, happening.lost.holder)) {
    return 'failoverUnread';
  }
  if (happening.kind === 'processResumed') {
    if (readsNoReplyYet(frame, happening.renewer)) return 'processResumedUnread';
    if (frame.world.renewers.find(({ id }) => id === happening.renewer)?.belief.kind !== 'holds') {
      return 'processResumedIdle';
    }
  }
  if (grantReadLate(frame)) return serviceCaptions(service).lateGrant?.expired ?? null;
  if (grantWaited(frame, timeline)) return serviceCaptions(service).lateGrant?.waited ?? null;
  if (captionKeyOf(happening) === 'writeAcceptedStale' && staleButNewer(frame))
    return issuesTokens(service) ? 'writeAcceptedStaleNewer' : 'writeAcceptedStaleNoTokenNewer';
  if (happening.kind === 'scenarioEnded' && happening.outcome.kind === 'staleOverwrote') {
    const stale = staleWritesLanded(frame.world.writes)[0];
    if (stale && issuedLater(stale.write, stale.replaced)) return 'scenarioEndedStaleEarlierGrant';
  }
  return null;
}

/** A refusal that names no holder: Chubby's lock-delay, or Redlock's votes split with no majority for anyone. */
function refusedWithoutHolderKeyOf(happening: Happening, service: LockServiceKind): CaptionKey | null {
  if (happening.kind !== 'leaseRefused' || happening.heldBy !== null) return null;
  return serviceCaptions(service).leaseRefusedNoHolder;
}

/** How the lab tells the steps the walkthrough never has: runs without tokens, late replies, the weekly email. */
export const labNarration: NarrationExtension = {
  steps: lab.captions,
  keyOf(frame, timeline) {
    const { happening } = frame;
    const email = emailKeyOf(happening, timeline);
    if (email) return email;
    const service = lockConfigOf(timeline.scenario).kind;
    const unusual = unusualKeyOf(frame, timeline, service) ?? refusedWithoutHolderKeyOf(happening, service);
    if (unusual) return unusual;
    if (happening.kind === 'scenarioEnded') return endKeyOf(known(timeline.frames.at(-1)));
    if (happening.kind === 'certificateReceived' && delayedWrite(happening.renewer, timeline)) {
      return 'certificateReceivedDelayed';
    }
    const key = captionKeyOf(happening);
    return serviceKeyOf(key, service) ?? (issuesTokens(service) ? null : (NO_TOKEN_CAPTIONS[key] ?? null));
  },
  variables(frame, timeline) {
    const { happening, world, at } = frame;
    const { scenario } = timeline;
    const email = scenario.resource?.kind === 'email' ? scenario.resource : null;
    const nameOf = (id: string) => scenario.renewers.find((renewer) => renewer.id === id)?.name ?? id;
    const stale = happening.kind === 'scenarioEnded' ? staleWritesLanded(world.writes)[0] : undefined;
    const delay = happening.kind === 'certificateReceived' ? delayedWrite(happening.renewer, { scenario }) : 0;
    const late = grantReadLate(frame) && happening.kind === 'leaseGranted' ? happening.lease.expiresAt : null;
    const waited = grantWaited(frame, timeline) && happening.kind === 'leaseGranted' ? happening.sentAt : null;
    return {
      ...(late !== null &&
        happening.kind === 'leaseGranted' && {
          sentAt: formatTime(happening.sentAt),
          expiredAt: formatTime(late),
        }),
      ...(waited !== null && { sentAt: formatTime(waited) }),
      ...(happening.kind === 'validityEnded' && { keysEndAt: formatTime(world.lock.truth(at)?.expiresAt ?? at) }),
      ...(delay > 0 && {
        writeDelay: formatTime(delay),
        arrivesAt: formatTime(at + scenario.networkDelayMs + delay),
      }),
      ...(stale && { staleWriter: nameOf(stale.write.renewer), replacedBy: nameOf(stale.replaced.renewer) }),
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
