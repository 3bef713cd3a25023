/**
 * A stop-the-world pause: from `atMs` for `durationMs`, the process runs none of its code. A pause due at
 * the moment the renewer first asks for the lock starts just after the request leaves (events due at the
 * same time run in the order they were scheduled), so the reply waits for it in the socket buffer.
 */
export interface PauseDefinition {
  readonly atMs: number;
  readonly durationMs: number;
}

export interface RenewerDefinition {
  readonly id: string;
  readonly name: string;
  /** When the renewer first asks for the lock. */
  readonly startsAtMs: number;
  /** How long it waits before asking again after a refusal. */
  readonly retryEveryMs: number;
  /** How long the CA takes to issue this renewer's certificate. */
  readonly certificateAuthorityMs: number;
  readonly pauses: readonly PauseDefinition[];
  /** Refusals before it gives up (10 when not given). */
  readonly maxAttempts?: number | undefined;
  /** Extra delay on this renewer's writes to the table, on top of the network delay. */
  readonly writeDelayMs?: number | undefined;
}

import type { LockServiceConfig } from './services/lock-services.ts';

/**
 * What the lock protects. The certificate row is the lesson's own; the weekly email is the efficiency case,
 * where a second holder means a second email, not corrupted data.
 */
export type ProtectedResource =
  { readonly kind: 'certificate' } | { readonly kind: 'email'; readonly owner: string; readonly week: string };

/** Everything a run needs, as the scenario file in content/ states it. All times are virtual milliseconds. */
export interface ScenarioDefinition {
  readonly id: string;
  readonly title: string;
  readonly domain: string;
  readonly lockKey: string;
  readonly leaseTtlMs: number;
  readonly firstFencingToken: number;
  /** One-way delay of every message between processes. */
  readonly networkDelayMs: number;
  readonly seed: number;
  /** The certificate in the table when the evening starts; `notAfterMs` is when it expires, in virtual time. */
  readonly initialCertificate: { readonly serial: number; readonly fence: number; readonly notAfterMs: number };
  readonly renewers: readonly RenewerDefinition[];
  /** The lock service; the lesson's own, which hands out fencing tokens, when not given. */
  readonly lockService?: LockServiceConfig | undefined;
  /** The certificate row when not given. */
  readonly resource?: ProtectedResource | undefined;
}

/** What the learner can switch, as opposed to what the scenario states. */
export interface RunSettings {
  readonly fencing: boolean;
  /** For the weekly email: claim `(owner, week)` with a unique insert before sending. */
  readonly idempotencyKey?: boolean | undefined;
}
