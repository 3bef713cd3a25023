import type { LockTruth } from './services/service.ts';
import type { ReleaseRefusal } from './services/lesson/model.ts';
import type { CertificateRow, WriteMode } from './certificates-table.ts';
import type { Certificate, FencingToken, RenewerId, VirtualMs } from './types.ts';

/** The lock service and the table are lifelines too; renewers are named by their ids. */
export const LOCK_SERVICE = 'lockService';
export const CERTIFICATES_TABLE = 'certificatesTable';
export type LifelineId = RenewerId;

/**
 * One thing that happened, in the order it happened. Each becomes one step of the walkthrough:
 * messages are drawn as arrows, the rest as notes over the lifelines they concern.
 */
export type Happening =
  | { readonly kind: 'scenarioStarted'; readonly row: CertificateRow | null }
  | {
      readonly kind: 'acquireRequested';
      readonly renewer: RenewerId;
      readonly leaseValue: string;
      readonly ttlMs: number;
    }
  | {
      readonly kind: 'leaseGranted';
      readonly renewer: RenewerId;
      readonly lease: LockTruth;
      /** When the service sent the grant; the renewer reads it at the step's own time, later if it was frozen. */
      readonly sentAt: VirtualMs;
    }
  | {
      readonly kind: 'leaseRefused';
      readonly renewer: RenewerId;
      readonly heldBy: LockTruth | null;
      readonly retryAt: VirtualMs;
    }
  | {
      /** A Redlock client read its replies too late: TTL − elapsed − drift was already spent. */
      readonly kind: 'grantTooLate';
      readonly renewer: RenewerId;
      readonly elapsedMs: number;
      readonly validityMs: number;
      readonly retryAt: VirtualMs;
    }
  | { readonly kind: 'renewerGaveUp'; readonly renewer: RenewerId; readonly attempts: number }
  /**
   * A call of its own after the grant that tells the holder whether it holds the lock: Chubby's `GetSequencer()`,
   * ZooKeeper's `getChildren` on the lock node, compared with its own znode.
   */
  | { readonly kind: 'holdCheckRequested'; readonly renewer: RenewerId }
  | {
      /** The token (sequencer generation, czxid), or null when the holder turns out to hold nothing; then a retry. */
      readonly kind: 'holdCheckAnswered';
      readonly renewer: RenewerId;
      readonly token: FencingToken | null;
      readonly retryAt: VirtualMs | null;
    }
  | {
      /** The holder found the work due (`current`: the certificate it read in the row) and asked the CA. */
      readonly kind: 'certificateRequested';
      readonly renewer: RenewerId;
      readonly readyAt: VirtualMs;
      readonly current: Certificate | null;
    }
  /** The holder found the work done already (the row's certificate is outside its renewal window) and lets go. */
  | { readonly kind: 'workNotDue'; readonly renewer: RenewerId; readonly current: Certificate | null }
  | {
      readonly kind: 'processPaused';
      readonly renewer: RenewerId;
      readonly until: VirtualMs;
      readonly durationMs: number;
    }
  | { readonly kind: 'leaseExpired'; readonly lease: LockTruth }
  | {
      /** A Redlock client's validity (TTL − time acquiring took − drift) ran out; its keys outlive it on the nodes. */
      readonly kind: 'validityEnded';
      readonly renewer: RenewerId;
    }
  | { readonly kind: 'processResumed'; readonly renewer: RenewerId; readonly pausedForMs: number }
  | { readonly kind: 'certificateReceived'; readonly renewer: RenewerId; readonly cert: Certificate }
  | {
      readonly kind: 'writeRequested';
      readonly renewer: RenewerId;
      readonly mode: WriteMode;
      readonly cert: Certificate;
      readonly fencingToken: FencingToken | null;
      readonly rowsChanged: number;
      readonly previous: CertificateRow | null;
    }
  | {
      readonly kind: 'writeAnswered';
      readonly renewer: RenewerId;
      readonly fencingToken: FencingToken | null;
      readonly rowsChanged: number;
      /** The row's fence when the write arrived; null if the domain had no row. */
      readonly previousFence: number | null;
      /** True when this write replaced a row that a higher token had written. */
      readonly overwroteNewer: boolean;
    }
  | {
      /** The weekly report goes to the mail sender; `claim` is the idempotency claim, if one is made. */
      readonly kind: 'emailRequested';
      readonly renewer: RenewerId;
      readonly claim: 'none' | 'claimed' | 'alreadyClaimed';
      readonly sent: boolean;
    }
  | { readonly kind: 'releaseRequested'; readonly renewer: RenewerId; readonly leaseValue: string }
  | { readonly kind: 'leaseReleased'; readonly renewer: RenewerId; readonly lease: LockTruth }
  | {
      readonly kind: 'releaseRefused';
      readonly renewer: RenewerId;
      readonly reason: ReleaseRefusal;
      readonly heldBy: LockTruth | null;
    }
  | {
      /** Redis's primary failed over to a replica that never received the lock key; `lost` is the lease it took. */
      readonly kind: 'failover';
      readonly lost: LockTruth | null;
    }
  | {
      /** A Redlock node's clock stepped forward: keys on it expire early by its own reckoning. */
      readonly kind: 'clockJumped';
      readonly node: string;
      readonly byMs: number;
    }
  | {
      /** Which Redlock nodes each renewer cannot reach, for the whole run (Kleppmann's partition). */
      readonly kind: 'networkPartitioned';
      readonly unreachable: Readonly<Record<string, readonly string[]>>;
    }
  | { readonly kind: 'scenarioEnded'; readonly outcome: Outcome };

export type HappeningKind = Happening['kind'];

/**
 * How the story ended for the certificate row.
 * - `newestKept`: the row holds the certificate written with the highest token.
 * - `staleOverwrote`: a lower token's certificate replaced one written with a higher token.
 * - `emailsSent`: for the weekly email, how many copies went out; more than one is wasted work, not damage.
 */
export type Outcome =
  | { readonly kind: 'emailsSent'; readonly count: number; readonly row: null }
  | { readonly kind: 'newestKept'; readonly row: CertificateRow | null }
  | {
      readonly kind: 'staleOverwrote';
      readonly row: CertificateRow;
      /** The stale write's own token, and that of the newer write it replaced; null where the service gives none. */
      readonly staleToken: FencingToken | null;
      readonly replacedToken: FencingToken | null;
      /** Who wrote the stale row, and which grant of the lock that was. */
      readonly staleWriter: RenewerId;
      readonly staleGrant: number;
      readonly newerGrant: number;
    };

/** How a step is drawn: an arrow from one lifeline to another, or a note spanning some of them. */
export type HappeningShape =
  | { readonly shape: 'message'; readonly from: LifelineId; readonly to: LifelineId }
  | { readonly shape: 'note'; readonly over: readonly LifelineId[] };

/**
 * How the table's answer to a write turned out: refused by the fence (0 rows), a stale write that replaced a newer
 * one, or an ordinary write. The one rule the captions, the diagram's marks and the time strip all follow.
 */
export type WriteOutcome = 'accepted' | 'rejected' | 'stale';

export function writeOutcomeOf(happening: Extract<Happening, { kind: 'writeAnswered' }>): WriteOutcome {
  if (happening.rowsChanged === 0) return 'rejected';
  return happening.overwroteNewer ? 'stale' : 'accepted';
}

export function shapeOf(happening: Happening, allLifelines: readonly LifelineId[]): HappeningShape {
  switch (happening.kind) {
    case 'acquireRequested':
    case 'holdCheckRequested':
    case 'releaseRequested':
      return { shape: 'message', from: happening.renewer, to: LOCK_SERVICE };
    case 'leaseGranted':
    case 'holdCheckAnswered':
    case 'leaseRefused':
    case 'leaseReleased':
    case 'releaseRefused':
      return { shape: 'message', from: LOCK_SERVICE, to: happening.renewer };
    case 'writeRequested':
    case 'emailRequested':
      return { shape: 'message', from: happening.renewer, to: CERTIFICATES_TABLE };
    case 'writeAnswered':
      return { shape: 'message', from: CERTIFICATES_TABLE, to: happening.renewer };
    case 'certificateRequested':
    case 'workNotDue':
    case 'renewerGaveUp':
    case 'grantTooLate':
    case 'validityEnded':
    case 'certificateReceived':
    case 'processPaused':
    case 'processResumed':
      return { shape: 'note', over: [happening.renewer] };
    case 'leaseExpired':
      // The lease ends on the lock service; the holder does not know (it may be paused).
      return { shape: 'note', over: [LOCK_SERVICE] };
    case 'failover':
    case 'clockJumped':
    case 'networkPartitioned':
      return { shape: 'note', over: [LOCK_SERVICE] };
    case 'scenarioStarted':
    case 'scenarioEnded':
      return { shape: 'note', over: allLifelines };
  }
}
