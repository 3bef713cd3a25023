import type { LockTruth } from './services/service.ts';
import type { Certificate, FencingToken, RenewerId, VirtualMs } from './types.ts';

/** Messages travel between processes and arrive after the network delay. */
export type Message =
  | {
      readonly kind: 'acquire';
      readonly from: RenewerId;
      readonly leaseValue: string;
      readonly ttlMs: number;
      readonly sentAt: VirtualMs;
    }
  | {
      readonly kind: 'acquireReply';
      readonly to: RenewerId;
      /** When the renewer sent the request: a Redlock client measures elapsed time from here. */
      readonly requestedAt: VirtualMs;
      /** When the service answered: a reply read late was still sent then. */
      readonly sentAt: VirtualMs;
      readonly result:
        | { readonly granted: true; readonly grant: LockTruth; readonly grantOrder: number }
        | { readonly granted: false; readonly heldBy: LockTruth | null };
    }
  | {
      readonly kind: 'write';
      readonly from: RenewerId;
      readonly cert: Certificate;
      readonly fencingToken: FencingToken | null;
      readonly grantOrder: number;
    }
  | {
      readonly kind: 'writeReply';
      readonly to: RenewerId;
      readonly fencingToken: FencingToken | null;
      readonly rowsChanged: number;
      readonly previousFence: number | null;
      readonly overwroteNewer: boolean;
    }
  | { readonly kind: 'checkHold'; readonly from: RenewerId }
  | { readonly kind: 'holdCheckReply'; readonly to: RenewerId; readonly token: FencingToken | null }
  | { readonly kind: 'release'; readonly from: RenewerId; readonly leaseValue: string }
  | {
      readonly kind: 'releaseReply';
      readonly to: RenewerId;
      readonly result:
        | { readonly released: true; readonly lease: LockTruth }
        | { readonly released: false; readonly reason: 'notHolder' | 'noLease'; readonly heldBy: LockTruth | null };
    };

/** Something due at a moment of virtual time. */
export type SimEvent =
  | { readonly kind: 'attemptDue'; readonly renewer: RenewerId }
  | { readonly kind: 'messageDelivered'; readonly message: Message }
  | { readonly kind: 'certificateRequestDue'; readonly renewer: RenewerId }
  | { readonly kind: 'certificateIssued'; readonly renewer: RenewerId; readonly cert: Certificate }
  | { readonly kind: 'pauseStarted'; readonly renewer: RenewerId; readonly durationMs: number }
  | { readonly kind: 'pauseEnded'; readonly renewer: RenewerId }
  | { readonly kind: 'expiryCheck' }
  | { readonly kind: 'failover' }
  | { readonly kind: 'clockJumped'; readonly node: string; readonly byMs: number }
  | { readonly kind: 'networkPartitioned'; readonly unreachable: Readonly<Record<string, readonly string[]>> }
  | { readonly kind: 'keepAliveDue'; readonly renewer: RenewerId }
  /** The moment a Redlock client's validity runs out: nothing happens in the client, the story only marks it. */
  | { readonly kind: 'validityEnds'; readonly renewer: RenewerId; readonly grantOrder: number };
