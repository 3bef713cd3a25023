import { virtualMs, type FencingToken, type RenewerId, type VirtualMs } from '../types.ts';
import type { LockServiceConfig, LockServiceKind } from './lock-services.ts';
import type { QuorumNode } from './quorum.ts';

/** A holder renews every third of its lease or session, as etcd's client does (TTL/3); the one place it is said. */
export const aThirdOf = (leaseMs: number): number => Math.floor(leaseMs / 3);

/** What the lock service itself knows: who holds the lock, with which token, until when. */
export interface LockTruth {
  readonly holder: RenewerId;
  readonly token: FencingToken | null;
  readonly expiresAt: VirtualMs | null;
}

export interface BackendSettings {
  readonly key: string;
  readonly ttlMs: number;
  readonly firstToken: number;
  readonly seed: number;
}

export type AcquireOutcome =
  | { readonly granted: true; readonly token: FencingToken | null; readonly expiresAt: VirtualMs }
  | { readonly granted: false; readonly heldBy: LockTruth | null };

export interface AcquireRequest {
  readonly holder: RenewerId;
  readonly value: string;
  readonly ttlMs: number;
  readonly now: VirtualMs;
}

/** A key as a store with revisions keeps it (etcd): what a panel of the keys shows. */
export interface RevisionedKey {
  /** The store's revision when the key was created: it only rises, so it can serve as a token. */
  readonly createRevision: number;
  readonly modRevision: number;
  readonly version: number;
  /** The lease the key lives by. */
  readonly lease: string;
}

/**
 * What a panel or the time strip may show of a service's own state, beyond who holds the lock, by its shape, not by
 * the service: a view names no service, so a new service of a known shape needs no new view.
 * - `counter`: the next token it will hand out;
 * - `quorum`: its nodes, each with its own clock and keys (quorum.ts);
 * - `revisions`: every key it holds, with its revisions.
 */
export type ServiceView =
  | { readonly kind: 'counter'; readonly nextToken: FencingToken }
  | { readonly kind: 'quorum'; readonly nodes: readonly QuorumNode[] }
  | { readonly kind: 'revisions'; readonly keys: Readonly<Record<string, RevisionedKey>> }
  | { readonly kind: 'none' };

/**
 * One lock service, faithful to its documented behaviour, as pure functions of its state. Each service file
 * under sim/services/ defines one and turns it into a `LockService` with `lockService(kind, model)`.
 */
export interface LockModel<State> {
  /** Whether holders keep a lease or session alive while they run. */
  readonly needsKeepAlive: boolean;
  create(config: LockServiceConfig, settings: BackendSettings): State;
  acquire(state: State, config: LockServiceConfig, request: AcquireRequest): { state: State; outcome: AcquireOutcome };
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
  /** The lease the service applies for a requested TTL, where it differs (etcd's whole seconds, ZooKeeper's bounds). */
  appliedTtlMs?(ttlMs: number): number;
  /** For clients that check the clock once the replies are in (Redlock): how much of the lease is left. */
  validityOnReplyMs?(ttlMs: number, elapsedMs: number): number;
  /**
   * Where the holder learns in a call of its own, after the grant, that it holds the lock (Chubby's
   * `GetSequencer()`, ZooKeeper's `getChildren`): the token, while `holder` still holds the lock, or null.
   */
  holdCheck?(state: State, holder: RenewerId, now: VirtualMs): { state: State; token: FencingToken | null };
  /**
   * Where only that check makes the client the holder (ZooKeeper's create reply names a znode, and the listing says
   * whether it is the lowest); elsewhere the grant does, and the check only fetches the token (Chubby).
   */
  readonly holdsOnlyOnCheck?: boolean;
  view?(state: State): ServiceView;
}

/**
 * A lock service's state with its model bound to it, so the world can use any service without knowing its
 * state's type. Immutable: every change returns a new backend.
 */
export interface LockBackend {
  readonly kind: LockServiceKind;
  readonly needsKeepAlive: boolean;
  acquire(config: LockServiceConfig, request: AcquireRequest): { backend: LockBackend; outcome: AcquireOutcome };
  release(request: { holder: RenewerId; value: string; now: VirtualMs }): { backend: LockBackend; released: boolean };
  keepAlive(holder: RenewerId, now: VirtualMs, ttlMs: number): LockBackend;
  expire(now: VirtualMs): LockBackend;
  failover(now: VirtualMs): { backend: LockBackend; lost: LockTruth | null };
  nextExpiry(): VirtualMs | null;
  truth(now: VirtualMs): LockTruth | null;
  /** How often a running holder renews (etcd's client: every TTL/3), never more often than twice a second. */
  keepAliveIntervalMs(ttlMs: number): number;
  /** The lease the service applies when a client asks for `ttlMs`: what a sentence about its length must say. */
  appliedTtlMs(ttlMs: number): number;
  /** What the client computes is left of its lock when it reads the reply; null where clients do not check. */
  validityOnReplyMs(ttlMs: number, elapsedMs: number): number | null;
  /** Whether a holder checks in a separate call after the grant (Chubby's `GetSequencer()`, ZooKeeper's `getChildren`). */
  readonly checksHold: boolean;
  /** Whether the client holds the lock only once the check says so (ZooKeeper), not on the grant (Chubby). */
  readonly holdsOnlyOnCheck: boolean;
  holdCheck(holder: RenewerId, now: VirtualMs): { backend: LockBackend; token: FencingToken | null };
  view(): ServiceView;
}

/** A lock service the simulation can run: its kind, and how to start it. */
export interface LockService<K extends LockServiceKind = LockServiceKind> {
  readonly kind: K;
  create(config: LockServiceConfig, settings: BackendSettings): LockBackend;
}

/** The services a run may use, by kind; the walkthrough passes only its own, the lab all of them. */
export type LockServices = { readonly [K in LockServiceKind]?: LockService<K> };

export function lockService<K extends LockServiceKind, State>(kind: K, model: LockModel<State>): LockService<K> {
  return { kind, create: (config, settings) => bind(kind, model, model.create(config, settings)) };
}

function bind<State>(kind: LockServiceKind, model: LockModel<State>, state: State): LockBackend {
  const next = (changed: State) => bind(kind, model, changed);
  return {
    kind,
    needsKeepAlive: model.needsKeepAlive,
    acquire(config, request) {
      const { state: changed, outcome } = model.acquire(state, config, request);
      return { backend: next(changed), outcome };
    },
    release(request) {
      const { state: changed, released } = model.release(state, request);
      return { backend: next(changed), released };
    },
    keepAlive: (holder, now, ttlMs) => next(model.keepAlive(state, holder, now, ttlMs)),
    expire: (now) => next(model.expire(state, now)),
    failover(now) {
      if (!model.failover) return { backend: next(state), lost: null };
      const { state: changed, lost } = model.failover(state, now);
      return { backend: next(changed), lost };
    },
    nextExpiry: () => model.nextExpiry(state),
    truth: (now) => model.truth(state, now),
    keepAliveIntervalMs: (ttlMs) => Math.max(500, model.keepAliveIntervalMs?.(ttlMs) ?? aThirdOf(ttlMs)),
    appliedTtlMs: (ttlMs) => model.appliedTtlMs?.(ttlMs) ?? ttlMs,
    validityOnReplyMs: (ttlMs, elapsedMs) => model.validityOnReplyMs?.(ttlMs, elapsedMs) ?? null,
    checksHold: model.holdCheck !== undefined,
    holdsOnlyOnCheck: model.holdsOnlyOnCheck === true,
    holdCheck(holder, now) {
      const checked = model.holdCheck?.(state, holder, now) ?? { state, token: null };
      return { backend: next(checked.state), token: checked.token };
    },
    view: () => model.view?.(state) ?? { kind: 'none' },
  };
}

export function createBackend(services: LockServices, config: LockServiceConfig, settings: BackendSettings) {
  const service = services[config.kind];
  if (!service) {
    throw new Error(`This run needs the "${config.kind}" lock service; pass it to runScenario (ALL_MODELS has it)`);
  }
  return service.create(config, settings);
}

export function leaseTruth(lease: { holder: RenewerId; token: FencingToken; expiresAt: VirtualMs }): LockTruth {
  return { holder: lease.holder, token: lease.token, expiresAt: lease.expiresAt };
}

/** Lets time pass: leases and sessions that ran out are dropped. Returns the holder that lost the lock, if any. */
export function expireOn(backend: LockBackend, now: VirtualMs): { backend: LockBackend; lost: LockTruth[] } {
  const before = backend.truth(virtualMs(now - 1));
  const expired = backend.expire(now);
  const after = expired.truth(now);
  return { backend: expired, lost: before && before.holder !== after?.holder ? [before] : [] };
}

/** The earliest of some moments, if any. */
export const earliest = (times: readonly (number | null | undefined)[]) => {
  const valid = times.filter((time): time is number => typeof time === 'number');
  return valid.length > 0 ? virtualMs(Math.min(...valid)) : null;
};
