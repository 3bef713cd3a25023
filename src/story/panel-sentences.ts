import { judgeOutcome } from '../sim/resources/certificate-row.ts';
import type { Frame, Timeline } from '../sim/run.ts';
import { issuesTokens } from '../sim/services/lock-services.ts';
import { issuedLater, staleWritesLanded } from '../sim/stale.ts';
import { believedHolders, standingOf } from '../sim/standing.ts';
import type { RenewerId } from '../sim/types.ts';
import { lockConfigOf } from '../sim/world.ts';
import { known } from '../sim/known.ts';

/*
 * Which sentence each panel says at a step, picked from the run's data in one place: the panels render these, and
 * the property test checks each picked sentence's claims (src/testing/claims/panel-claims.ts) over thousands of runs without
 * rendering a panel.
 */

/** content/ui/panels.json `belief` keys: what a renewer believes. */
export type BeliefSentence =
  'none' | 'checking' | 'done' | 'holds' | 'holdsToken' | 'lost' | 'lostToken' | 'releasing' | 'releasingToken';
/** content/ui/panels.json `truth` keys: what the lock service holds, as seen from one renewer. */
export type TruthSentence = 'free' | 'self' | 'selfToken' | 'other' | 'otherToken';

export interface RenewerSentences {
  readonly renewer: RenewerId;
  readonly belief: BeliefSentence;
  readonly truth: TruthSentence;
  /** The "wrong" badge: it believes it holds a lock that is not its own. */
  readonly mistaken: boolean;
}

/** The renewers panel at a frame: each renewer's lines, and who believe at once that they hold the lock. */
export function renewersPanelSentences(frame: Frame): {
  readonly renewers: readonly RenewerSentences[];
  readonly bothHold: readonly RenewerId[];
} {
  const lease = frame.world.lock.truth(frame.at);
  const renewers = frame.world.renewers.map((renewer): RenewerSentences => {
    const standing = standingOf(frame.world, renewer.id);
    const { belief } = renewer;
    const withToken = (key: 'holds' | 'lost' | 'releasing', token: number | null) =>
      token === null ? key : (`${key}Token` as const);
    const said: BeliefSentence =
      belief.kind === 'none'
        ? renewer.phase === 'done'
          ? 'done'
          : renewer.unconfirmedGrant === null
            ? 'none'
            : 'checking'
        : withToken(belief.kind === 'holds' && standing === 'lettingGo' ? 'releasing' : belief.kind, belief.token);
    const truth: TruthSentence =
      lease === null
        ? 'free'
        : `${lease.holder === renewer.id ? 'self' : 'other'}${lease.token === null ? '' : 'Token'}`;
    return { renewer: renewer.id, belief: said, truth, mistaken: standing === 'mistaken' };
  });
  const believers = believedHolders(frame.world);
  return { renewers, bothHold: believers.length > 1 ? believers : [] };
}

/** content/ui/controls.json `table` statement labels: which SQL the panel shows. */
export type StatementSentence = 'fenced' | 'unfenced' | 'noToken';
/** content/ui/panels.json `table` keys for a stale row. */
export type StaleSentence = 'staleToken' | 'staleNoToken' | 'staleTokenIssuedLater' | 'staleNoTokenIssuedLater';

/** The certificates panel at a step: the statement it shows, how its last write went, and a stale row's warning. */
export function certificatesPanelSentences(
  timeline: Timeline,
  step: number,
): {
  readonly statement: StatementSentence;
  /** The last write's result: `rejected` adds "(rejected: a higher token has written)". */
  readonly lastWrite: 'landed' | 'rejected' | null;
  readonly stale: StaleSentence | null;
} {
  const frame = known(timeline.frames[step]);
  // Under a service that hands out no token, no write can be fenced, whatever the storage would check.
  const tokens = issuesTokens(lockConfigOf(timeline.scenario).kind);
  const statement = timeline.settings.fencing && tokens ? 'fenced' : tokens ? 'unfenced' : 'noToken';
  const lastWrite = frame.world.writes.at(-1);
  const outcome = judgeOutcome(frame.world, timeline.scenario.domain);
  let stale: StaleSentence | null = null;
  if (outcome.kind === 'staleOverwrote') {
    // A write under an earlier grant can still carry the later-issued certificate (its renewer asked the CA
    // late): the words about age follow the certificates, not the grants.
    const last = known(staleWritesLanded(frame.world.writes).at(-1));
    const tokenless = outcome.staleToken === null || outcome.replacedToken === null;
    const later = issuedLater(last.write, last.replaced);
    stale = `stale${tokenless ? 'NoToken' : 'Token'}${later ? 'IssuedLater' : ''}`;
  }
  return {
    statement,
    lastWrite: lastWrite === undefined ? null : lastWrite.rowsChanged > 0 ? 'landed' : 'rejected',
    stale,
  };
}
