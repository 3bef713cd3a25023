import { claimHolds } from '@/testing/claims/claim-holds';
import { findRow } from '@/sim/certificates-table';
import type { Frame, Timeline } from '@/sim/run';
import { nodeTime } from '@/sim/services/quorum';
import { issuedLater, staleWritesLanded } from '@/sim/stale';
import type { RenewerId } from '@/sim/types';
import type { PanelClaim, PanelFact } from './panel-claims';
import { known } from '@/sim/known';

/** What a panel's words are about: a renewer's line, or a Redlock node's. */
export interface About {
  readonly renewer?: RenewerId;
  readonly node?: string;
}

const isPanelFact = (claim: PanelClaim): claim is { readonly fact: PanelFact } =>
  !('is' in claim) && PANEL_FACTS.has(claim.fact as PanelFact);

/** Whether a panel's (or a verdict's) claim holds of a frame; a caption's facts go to claimHolds. */
export function panelClaimHolds(claim: PanelClaim, frame: Frame, timeline: Timeline, about: About = {}): boolean {
  if (!isPanelFact(claim)) return claimHolds(claim, frame, timeline, about.renewer ?? null);
  return PANEL_FACT_CHECKS[claim.fact](frame, timeline, about);
}

type Check = (frame: Frame, timeline: Timeline, about: About) => boolean;

const renewerOf = (frame: Frame, about: About) => frame.world.renewers.find((renewer) => renewer.id === about.renewer);
const beliefToken = (frame: Frame, about: About) => {
  const belief = renewerOf(frame, about)?.belief;
  return belief === undefined || belief.kind === 'none' ? undefined : belief.token;
};
const truthNow = (frame: Frame) => frame.world.lock.truth(frame.at);
const landed = (frame: Frame) => frame.world.writes.filter((write) => write.rowsChanged > 0);
/** The fence each write met, in order: the row as each write arrived (the table applies a write on arrival). */
const fencesMet = (frames: readonly Frame[]) =>
  frames.flatMap(({ happening }) =>
    happening.kind === 'writeRequested'
      ? [{ token: happening.fencingToken, fence: happening.previous?.fence ?? null }]
      : [],
  );
/**
 * Whether the lease a renewer learned it lost has ended: since it asked for the last grant it read before it learned
 * so, the lease expired, was lost in a failover or released, or the service holds none of the renewer's now. (A
 * frozen renewer can read a grant after the lease it grants has ended.)
 */
function lostLeaseEnded(frame: Frame, timeline: Timeline, renewer: RenewerId | undefined): boolean {
  const before = timeline.frames.slice(0, frame.index + 1);
  const learned = before.findLastIndex(
    ({ world }) => world.renewers.find((candidate) => candidate.id === renewer)?.belief.kind !== 'lost',
  );
  const read = before
    .slice(0, learned + 1)
    .findLastIndex(({ happening }) => happening.kind === 'leaseGranted' && happening.renewer === renewer);
  const asked = before
    .slice(0, read + 1)
    .findLastIndex(({ happening }) => happening.kind === 'acquireRequested' && happening.renewer === renewer);
  const ended = before.slice(asked + 1).some(({ happening }) => {
    if (happening.kind === 'leaseExpired') return happening.lease.holder === renewer;
    if (happening.kind === 'failover') return happening.lost?.holder === renewer;
    return happening.kind === 'leaseReleased' && happening.renewer === renewer;
  });
  return ended || truthNow(frame)?.holder !== renewer;
}

/** Whether a renewer wrote (or sent) under a grant older than one already made. */
function actedAfterLockPassed(frames: readonly Frame[]): boolean {
  let latestGrant = -Infinity;
  return frames.some(({ happening, world }) => {
    if (!('renewer' in happening)) return false;
    const belief = world.renewers.find((renewer) => renewer.id === happening.renewer)?.belief;
    // A grant counts once its renewer believes it: on the reply, or (ZooKeeper) on the check after it.
    const granted = happening.kind === 'leaseGranted' || happening.kind === 'holdCheckAnswered';
    if (granted && belief?.kind === 'holds') latestGrant = Math.max(latestGrant, belief.grantOrder);
    const acts = happening.kind === 'writeRequested' || (happening.kind === 'emailRequested' && happening.sent);
    return acts && belief?.kind === 'holds' && belief.grantOrder < latestGrant;
  });
}
const amount = (frame: Frame, timeline: Timeline) =>
  timeline.scenario.resource?.kind === 'email' ? frame.world.emailsSent.length : landed(frame).length;
const lastStale = (frame: Frame) => staleWritesLanded(frame.world.writes).at(-1);
const liveKey = (frame: Frame, about: About) => {
  const view = frame.world.lock.view();
  const node = view.kind === 'quorum' ? view.nodes.find((candidate) => candidate.id === about.node) : undefined;
  const key = node?.keys.lock;
  return node !== undefined && key !== undefined && nodeTime(node.clock, frame.at) < key.expiresAtNodeMs;
};

/** Each panel fact's check, by name (exported so a test can show each is false somewhere). */
export const PANEL_FACT_CHECKS: Readonly<Record<PanelFact, Check>> = {
  beliefCarriesToken: (frame, _, about) => beliefToken(frame, about) != null,
  beliefCarriesNoToken: (frame, _, about) => beliefToken(frame, about) === null,
  believesLost: (frame, _, about) => renewerOf(frame, about)?.belief.kind === 'lost',
  lostLeaseEnded: (frame, timeline, about) => lostLeaseEnded(frame, timeline, about.renewer),
  wasGranted: (frame, timeline, about) =>
    timeline.frames
      .slice(0, frame.index + 1)
      .some(({ happening }) => happening.kind === 'leaseGranted' && happening.renewer === about.renewer),
  checkingGrant: (frame, _, about) => (renewerOf(frame, about)?.unconfirmedGrant ?? null) !== null,
  notChecking: (frame, _, about) => renewerOf(frame, about)?.unconfirmedGrant === null,
  releaseUnderway: (frame, _, about) => renewerOf(frame, about)?.phase === 'releasing',
  notGivingBack: (frame, timeline, about) => {
    // Giving back: since its last grant, it asked to release a lease the service still held for it when it asked.
    const before = timeline.frames.slice(0, frame.index + 1);
    const granted = before.findLastIndex(
      ({ happening }) => happening.kind === 'leaseGranted' && happening.renewer === about.renewer,
    );
    return !before.some(
      ({ happening, index }) =>
        index > granted &&
        happening.kind === 'releaseRequested' &&
        happening.renewer === about.renewer &&
        truthNow(known(timeline.frames[index - 1]))?.holder === about.renewer,
    );
  },
  finished: (frame, _, about) => renewerOf(frame, about)?.phase === 'done',
  notFinished: (frame, _, about) => renewerOf(frame, about)?.phase !== 'done',
  truthCarriesToken: (frame) => truthNow(frame)?.token != null,
  truthCarriesNoToken: (frame) => truthNow(frame) !== null && truthNow(frame)?.token === null,
  truthHeldByAnother: (frame, _, about) => {
    const truth = truthNow(frame);
    return truth !== null && truth.holder !== about.renewer;
  },
  severalBelieveHeld: (frame) => frame.world.renewers.filter((renewer) => renewer.belief.kind === 'holds').length > 1,
  storageChecks: (_, timeline) => timeline.settings.fencing,
  storageUnchecked: (_, timeline) => !timeline.settings.fencing,
  lastWriteLanded: (frame) => (frame.world.writes.at(-1)?.rowsChanged ?? 0) > 0,
  lastWriteRefused: (frame) => frame.world.writes.at(-1)?.rowsChanged === 0,
  lastWriteMetHigherFence: (frame, timeline) => {
    const met = fencesMet(timeline.frames.slice(0, frame.index + 1)).at(-1);
    return met?.token != null && met.fence !== null && met.fence > met.token;
  },
  rowFromStaleWrite: (frame, timeline) => {
    const row = findRow(frame.world.table, timeline.scenario.domain);
    const stale = lastStale(frame);
    return row !== null && stale !== undefined && JSON.stringify(row.cert) === JSON.stringify(stale.write.cert);
  },
  staleCarriesToken: (frame) => {
    const stale = lastStale(frame);
    return stale !== undefined && stale.write.fencingToken !== null && stale.replaced.fencingToken !== null;
  },
  staleCarriesNoToken: (frame) => lastStale(frame)?.write.fencingToken === null,
  staleCertIssuedBefore: (frame) => {
    const stale = lastStale(frame);
    return stale !== undefined && !issuedLater(stale.write, stale.replaced);
  },
  staleCertIssuedAfter: (frame) => {
    const stale = lastStale(frame);
    return stale !== undefined && issuedLater(stale.write, stale.replaced);
  },
  firstStaleCarriesToken: (frame) => {
    const first = staleWritesLanded(frame.world.writes)[0];
    return first !== undefined && first.write.fencingToken !== null;
  },
  firstStaleCarriesNoToken: (frame) => staleWritesLanded(frame.world.writes)[0]?.write.fencingToken === null,
  runCutOff: (_, timeline) => !timeline.settled,
  runSettled: (_, timeline) => timeline.settled,
  atMostOneLanded: (frame, timeline) => amount(frame, timeline) <= 1,
  severalLanded: (frame, timeline) => amount(frame, timeline) > 1,
  severalRenewersLanded: (frame) => new Set(landed(frame).map((write) => write.renewer)).size > 1,
  landedInGrantOrder: (frame) =>
    landed(frame).every((write, index, all) => index === 0 || write.grantOrder > known(all[index - 1]).grantOrder),
  harmless: (frame, timeline) =>
    timeline.scenario.resource?.kind === 'email' || staleWritesLanded(frame.world.writes).length === 0,
  noActAfterLockPassed: (_, timeline) => !actedAfterLockPassed(timeline.frames),
  claimsBeforeSending: (_, timeline) => timeline.settings.idempotencyKey === true,
  someoneFroze: (_, timeline) => timeline.frames.some(({ happening }) => happening.kind === 'processPaused'),
  aClockJumped: (_, timeline) => timeline.frames.some(({ happening }) => happening.kind === 'clockJumped'),
  aLeaseLostInFailover: (_, timeline) =>
    timeline.frames.some(({ happening }) => happening.kind === 'failover' && happening.lost !== null),
  nodeHoldsLiveKey: (frame, _, about) => liveKey(frame, about),
  nodeHoldsNoLiveKey: (frame, _, about) => !liveKey(frame, about),
};

const PANEL_FACTS: ReadonlySet<PanelFact> = new Set(Object.keys(PANEL_FACT_CHECKS) as PanelFact[]);
