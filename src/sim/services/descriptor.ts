import type { z } from 'zod';

/**
 * The lab's settings that belong to some services and not others. The common ones (TTL, the pause, the write's
 * delay, the renewers) apply to every service and are not listed here.
 */
export interface ServiceLabSettings {
  /** Redis: when the primary fails over to a replica that never got the lock key; 0 means it does not. */
  readonly failoverAtMs: number;
  /** Redlock: a forward jump of node R3's clock, one second in; 0 means none. */
  readonly clockJumpMs: number;
  /** Redlock: how fast node R3's clock runs, in percent. */
  readonly clockDriftPct: number;
  /** Redlock: Kleppmann's partition. */
  readonly partition: boolean;
  /** Chubby: the lock-delay after a lost holder. */
  readonly lockDelayMs: number;
}

export type ServiceLabField = keyof ServiceLabSettings;

/** Each of those settings, once: the lab greys out, under a service, those its descriptor does not list. */
export const SERVICE_LAB_FIELDS = Object.keys({
  failoverAtMs: true,
  clockJumpMs: true,
  clockDriftPct: true,
  partition: true,
  lockDelayMs: true,
} satisfies Record<ServiceLabField, true>) as readonly ServiceLabField[];

/**
 * Which caption tells each of the steps every service has, in that service's own words. Every field is required,
 * so a new service that forgets one does not compile; null says the step never happens under that service. `Key` is
 * the content's caption keys where the lab reads them (src/lab/lab-narration.ts), so a misspelt name fails there too.
 */
export interface ServiceCaptions<Key extends string = string> {
  /** The run's first step, which says what the lock is held by and for how long. */
  readonly scenarioStarted: Key;
  readonly acquireRequested: Key;
  /** The request where the service applies another TTL than the one asked for (a minimum, a negotiation). */
  readonly acquireRequestedTtlChanged: Key | null;
  /** The grant, read as news. */
  readonly leaseGranted: Key;
  /**
   * A grant read after a pause: ended already (null where the client discards such a grant: Redlock's validity
   * check), or still running. Null where the client tells no late grant apart.
   */
  readonly lateGrant: { readonly expired: Key | null; readonly waited: Key } | null;
  readonly leaseRefused: Key;
  /** A refusal that names no holder (Chubby's lock-delay, Redlock's split votes). */
  readonly leaseRefusedNoHolder: Key | null;
  readonly releaseRequested: Key;
  readonly leaseReleased: Key;
  readonly releaseRefusedNotHolder: Key;
  readonly releaseRefusedNoLease: Key;
  /** The lease or session ends under a holder that read its grant, and under one that never read it. */
  readonly leaseExpired: Key;
  readonly leaseExpiredUnread: Key;
  /**
   * The same, where the service then holds the lock back though nobody holds it (Chubby's lock-delay); null where a
   * lapsed lease frees the lock at once.
   */
  readonly leaseExpiredUnreadHeldBack: Key | null;
  /** The lease ends under a holder still at work, where holders do not keep it alive. */
  readonly leaseExpiredRunning: Key | null;
  /** The call after the grant in which the holder learns its token (Chubby's GetSequencer, ZooKeeper's getChildren). */
  readonly holdCheck: { readonly requested: Key; readonly granted: Key; readonly refused: Key } | null;
}

/**
 * How a service's model is checked against the real system, as the fidelity section says in words: by a
 * differential suite in tools/conformance/ that drives the model and a real server (from a Debian package, which
 * .ci/run installs) through the same operations; by a worked example from the system's documentation, as a golden
 * trace, where no package exists; or not at all (the fidelity section says why).
 */
export type ModelCheck =
  | { readonly by: 'realServer'; readonly debianPackage: string; readonly suite: string }
  | { readonly by: 'goldenTrace'; readonly test: string }
  | { readonly by: 'notChecked' };

/**
 * One lock service as the rest of Lockstep sees it: data and pure functions, no model, so that views and the
 * lab's settings can read it without loading the simulation. The model lives beside it in the service's folder
 * (`model.ts`, registered in sim/all-models.ts); the words its captions assert live in `captions.ts`.
 */
export interface LockServiceDescriptor<
  K extends string = string,
  Config extends { readonly kind: K } = { readonly kind: K },
> {
  readonly kind: K;
  /** Whether each grant carries a fencing token. Redis and Redlock give none: nothing they grant can be fenced. */
  readonly issuesTokens: boolean;
  /** The lab's service-specific settings this service reads; the others are greyed out under it. */
  readonly labFields: readonly ServiceLabField[];
  /** How a scenario in content/ writes this service's settings; the TypeScript type is inferred from it. */
  readonly configSchema: (zod: typeof z) => z.ZodType<Config>;
  /** The service's settings for a lab configuration. */
  readonly fromLab: (lab: ServiceLabSettings) => Config;
  readonly captions: ServiceCaptions;
  readonly modelCheck: ModelCheck;
}
