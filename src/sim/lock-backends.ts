import {
  createLockService,
  currentLease,
  expireLease,
  grantLease,
  releaseLease,
  type LockService,
} from './lock-service.ts';
import type { NodeClock } from './redlock.ts';
import type { RenewerId, VirtualMs } from './types.ts';

/** Which lock service a scenario runs against, with its own settings. */
export type LockServiceConfig =
  | { readonly kind: 'fencing' }
  | { readonly kind: 'redis'; readonly failoverAtMs?: number | undefined }
  | {
      readonly kind: 'redlock';
      readonly clocks?: Readonly<Partial<Record<string, NodeClock>>> | undefined;
      readonly perNodeMs?: number | undefined;
      /** Nodes a renewer cannot reach, by renewer id (a partition). */
      readonly unreachable?: Readonly<Record<string, readonly string[]>> | undefined;
    }
  | { readonly kind: 'etcd' }
  | { readonly kind: 'zookeeper' }
  | { readonly kind: 'chubby'; readonly lockDelayMs: number };

export type LockServiceKind = LockServiceConfig['kind'];

/**
 * Which services hand a fencing token out with each grant. Redis and Redlock give none, so nothing they
 * grant can be fenced: storage that checks tokens has nothing to check.
 */
export const ISSUES_TOKENS = {
  fencing: true,
  redis: false,
  redlock: false,
  etcd: true,
  zookeeper: true,
  chubby: true,
} as const satisfies Record<LockServiceKind, boolean>;

export const issuesTokens = (kind: LockServiceKind): boolean => ISSUES_TOKENS[kind];

/** What the lock service itself knows: who holds the lock, with which token, until when. */
export interface LockTruth {
  readonly holder: RenewerId;
  readonly token: number | null;
  readonly expiresAt: VirtualMs | null;
}

export interface BackendSettings {
  readonly key: string;
  readonly ttlMs: number;
  readonly firstToken: number;
  readonly seed: number;
}

export type AcquireOutcome =
  | { readonly granted: true; readonly token: number | null; readonly expiresAt: VirtualMs }
  | { readonly granted: false; readonly heldBy: LockTruth | null };

/** A lock service's state, tagged with the service, so the right model handles it. */
export interface LockBackend {
  readonly kind: LockServiceKind;
  readonly state: unknown;
}

/**
 * One lock service, faithful to its documented behaviour. The world talks to every service through this;
 * the lesson's own service is built in, the lab's others are registered by `registerLabModels`.
 */
export interface LockModel<State> {
  /** Whether holders keep a lease or session alive while they run. */
  readonly needsKeepAlive: boolean;
  create(config: LockServiceConfig, settings: BackendSettings): State;
  acquire(
    state: State,
    config: LockServiceConfig,
    request: { holder: RenewerId; value: string; ttlMs: number; now: VirtualMs },
  ): { state: State; outcome: AcquireOutcome };
  release(
    state: State,
    request: { holder: RenewerId; value: string; now: VirtualMs },
  ): { state: State; released: boolean };
  keepAlive(state: State, holder: RenewerId, now: VirtualMs, ttlMs: number): State;
  expire(state: State, now: VirtualMs): State;
  nextExpiry(state: State): VirtualMs | null;
  truth(state: State, now: VirtualMs): LockTruth | null;
  /** A failover to a replica that lost the lock's state (Redis); the lease it took, if any. */
  failover?(state: State, now: VirtualMs): { state: State; lost: LockTruth | null };
  /** How often a running holder renews, if it does. */
  keepAliveIntervalMs?(ttlMs: number): number;
  /** For clients that check the clock once the replies are in (Redlock): how much of the lease is left. */
  validityOnReplyMs?(ttlMs: number, elapsedMs: number): number;
}

/** The lesson's generic lock service: a lease per grant, and a fencing token that rises with every grant. */
const fencingModel: LockModel<LockService> = {
  needsKeepAlive: false,
  create: (_config, settings) => createLockService(settings.key, settings.firstToken),
  acquire(state, _config, request) {
    const { lock, result } = grantLease(state, request);
    if (!result.granted) return { state: lock, outcome: { granted: false, heldBy: leaseTruth(result.heldBy) } };
    return { state: lock, outcome: { granted: true, token: result.lease.token, expiresAt: result.lease.expiresAt } };
  },
  release(state, request) {
    const { lock, result } = releaseLease(state, request);
    return { state: lock, released: result.released };
  },
  keepAlive: (state) => state,
  expire: (state, now) => expireLease(state, now).lock,
  nextExpiry: (state) => state.lease?.expiresAt ?? null,
  truth: (state, now) => {
    const lease = currentLease(state, now);
    return lease ? leaseTruth(lease) : null;
  },
};

export function leaseTruth(lease: { holder: RenewerId; token: number; expiresAt: VirtualMs }): LockTruth {
  return { holder: lease.holder, token: lease.token, expiresAt: lease.expiresAt };
}

const models = new Map<LockServiceKind, LockModel<unknown>>([['fencing', fencingModel as LockModel<unknown>]]);

export function registerLockModel<State>(kind: LockServiceKind, model: LockModel<State>): void {
  models.set(kind, model as LockModel<unknown>);
}

function modelFor(kind: LockServiceKind): LockModel<unknown> {
  const model = models.get(kind);
  if (!model) throw new Error(`No model for the "${kind}" lock service; call registerLabModels() first`);
  return model;
}

export function createBackend(config: LockServiceConfig, settings: BackendSettings): LockBackend {
  return { kind: config.kind, state: modelFor(config.kind).create(config, settings) };
}

export const needsKeepAlive = (kind: LockServiceKind) => modelFor(kind).needsKeepAlive;

/** How often a running holder renews (etcd's client: every TTL/3), never more often than twice a second. */
export function keepAliveIntervalFor(kind: LockServiceKind, ttlMs: number): number {
  return Math.max(500, modelFor(kind).keepAliveIntervalMs?.(ttlMs) ?? Math.floor(ttlMs / 3));
}

/** What the client computes is left of its lock when it reads the reply; null where clients do not check. */
export function clientValidityMs(kind: LockServiceKind, ttlMs: number, elapsedMs: number): number | null {
  return modelFor(kind).validityOnReplyMs?.(ttlMs, elapsedMs) ?? null;
}

export function acquireOn(
  backend: LockBackend,
  config: LockServiceConfig,
  request: { holder: RenewerId; value: string; ttlMs: number; now: VirtualMs },
): { backend: LockBackend; outcome: AcquireOutcome } {
  const { state, outcome } = modelFor(backend.kind).acquire(backend.state, config, request);
  return { backend: { ...backend, state }, outcome };
}

export function releaseOn(
  backend: LockBackend,
  request: { holder: RenewerId; value: string; now: VirtualMs },
): { backend: LockBackend; released: boolean; heldBy: LockTruth | null } {
  const model = modelFor(backend.kind);
  const { state, released } = model.release(backend.state, request);
  return { backend: { ...backend, state }, released, heldBy: model.truth(state, request.now) };
}

export function keepAliveOn(backend: LockBackend, holder: RenewerId, now: VirtualMs, ttlMs: number): LockBackend {
  return { ...backend, state: modelFor(backend.kind).keepAlive(backend.state, holder, now, ttlMs) };
}

/** Lets time pass: leases and sessions that ran out are dropped. Returns the holder that lost the lock, if any. */
export function expireOn(backend: LockBackend, now: VirtualMs): { backend: LockBackend; lost: LockTruth[] } {
  const model = modelFor(backend.kind);
  const before = model.truth(backend.state, (now - 1) as VirtualMs);
  const state = model.expire(backend.state, now);
  const after = model.truth(state, now);
  return { backend: { ...backend, state }, lost: before && before.holder !== after?.holder ? [before] : [] };
}

export function failoverOn(backend: LockBackend, now: VirtualMs): { backend: LockBackend; lost: LockTruth | null } {
  const model = modelFor(backend.kind);
  if (!model.failover) return { backend, lost: null };
  const { state, lost } = model.failover(backend.state, now);
  return { backend: { ...backend, state }, lost };
}

export const nextExpiry = (backend: LockBackend) => modelFor(backend.kind).nextExpiry(backend.state);

export const truthOf = (backend: LockBackend, now: VirtualMs) => modelFor(backend.kind).truth(backend.state, now);

/** The token the lesson's service will hand out next; other services have no such counter to show. */
export function nextTokenOf(backend: LockBackend): number | null {
  return backend.kind === 'fencing' ? (backend.state as LockService).nextToken : null;
}
