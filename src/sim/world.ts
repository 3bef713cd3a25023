import {
  createCertificatesTable,
  findRow,
  writeCertificate,
  type CertificatesTable,
  type WriteMode,
} from './certificates-table.ts';
import type { Happening } from './happenings.ts';
import {
  createBackend,
  expireOn,
  type LockBackend,
  type LockServices,
  type LockServiceConfig,
  type LockTruth,
} from './services/service.ts';
import { randomLeaseValue } from './random.ts';
import type { ProtectedResource, RenewerDefinition, RunSettings, ScenarioDefinition } from './scenario.ts';
import {
  fencingToken,
  virtualMs,
  type Certificate,
  type FencingToken,
  type RenewerId,
  type VirtualMs,
} from './types.ts';

/** What a renewer thinks about the lock. It changes only when a message reaches the renewer. */
export type Belief =
  | { readonly kind: 'none' }
  | {
      readonly kind: 'holds';
      /** Null under lock services that hand out no token (Redis, Redlock). */
      readonly token: FencingToken | null;
      readonly expiresAt: VirtualMs;
      /** The n-th grant of the lock: the truth about order, which a token may or may not reveal. */
      readonly grantOrder: number;
    }
  | { readonly kind: 'lost'; readonly token: FencingToken | null };

export type RenewerPhase = 'waiting' | 'acquiring' | 'awaitingCertificate' | 'writing' | 'releasing' | 'done';

export interface Renewer {
  readonly id: RenewerId;
  readonly name: string;
  readonly phase: RenewerPhase;
  readonly belief: Belief;
  /** The random value of the lease it asked for; needed to release it. */
  readonly leaseValue: string | null;
  readonly certificate: Certificate | null;
  /** Refusals so far; a renewer gives up after its scenario's maxAttempts. */
  readonly attempts: number;
  /** Set while a stop-the-world pause lasts. */
  readonly pause: { readonly since: VirtualMs; readonly until: VirtualMs } | null;
}

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
  | { readonly kind: 'keepAliveDue'; readonly renewer: RenewerId };

interface Scheduled {
  readonly at: VirtualMs;
  /** Tie-breaker: events due at the same instant run in the order they were scheduled. */
  readonly seq: number;
  readonly event: SimEvent;
}

/** One write the table received, kept so the outcome can be judged. */
export interface WriteRecord {
  readonly renewer: RenewerId;
  readonly fencingToken: FencingToken | null;
  readonly grantOrder: number;
  readonly cert: Certificate;
  readonly rowsChanged: number;
}

/** One weekly report the mail sender sent; for the efficiency case, where duplicates cost, not corrupt. */
export interface EmailRecord {
  readonly renewer: RenewerId;
  readonly grantOrder: number;
}

export interface World {
  readonly now: VirtualMs;
  readonly lock: LockBackend;
  /** How many times the lock has been granted so far. */
  readonly grants: number;
  readonly table: CertificatesTable;
  readonly renewers: readonly Renewer[];
  readonly writes: readonly WriteRecord[];
  readonly emailsSent: readonly EmailRecord[];
  /** Rows of `sent_reports (owner_id, week)`, unique on both: the idempotency claim. */
  readonly reportClaims: readonly { readonly owner: string; readonly week: string }[];
  readonly queue: readonly Scheduled[];
  readonly nextSeq: number;
  readonly rngState: number;
  readonly nextSerial: number;
}

/**
 * A resource other than the certificate row, taking a renewer's write. The row is built in; the weekly email
 * comes with the models a run is given (ALL_MODELS), so the first view does not carry it.
 */
export interface ResourceModel<Resource extends ProtectedResource> {
  receive(
    world: World,
    write: Extract<Message, { kind: 'write' }>,
    resource: Resource,
    idempotencyKey: boolean,
  ): { world: World; rowsChanged: number; happening: Happening };
}

/** The models a run uses: the lock services it may meet, and the weekly email where it is guarded. */
export interface SimModels {
  readonly services: LockServices;
  readonly weeklyEmail?: ResourceModel<Extract<ProtectedResource, { kind: 'weeklyEmail' }>> | undefined;
}

/** How many refusals a renewer takes before it gives up until its next scheduled run. */
export const DEFAULT_MAX_ATTEMPTS = 10;

/** The parts of a world a single step needs besides the world itself. */
interface Context {
  readonly scenario: ScenarioDefinition;
  readonly models: SimModels;
  readonly writeMode: WriteMode;
  readonly idempotencyKey: boolean;
}

export function createWorld(scenario: ScenarioDefinition, models: SimModels): World {
  const initial = scenario.initialCertificate;
  let world: World = {
    now: virtualMs(0),
    lock: createBackend(models.services, lockConfigOf(scenario), {
      key: scenario.lockKey,
      ttlMs: scenario.leaseTtlMs,
      firstToken: scenario.firstFencingToken,
      seed: scenario.seed,
    }),
    grants: 0,
    table: createCertificatesTable([
      { domain: scenario.domain, cert: { serial: initial.serial, issuedAt: null }, fence: fencingToken(initial.fence) },
    ]),
    renewers: scenario.renewers.map(createRenewer),
    writes: [],
    emailsSent: [],
    reportClaims: [],
    queue: [],
    nextSeq: 0,
    rngState: scenario.seed,
    nextSerial: initial.serial + 1,
  };
  const lockConfig = lockConfigOf(scenario);
  if (lockConfig.kind === 'redis' && lockConfig.failoverAtMs !== undefined) {
    world = schedule(world, lockConfig.failoverAtMs, { kind: 'failover' });
  }
  if (lockConfig.kind === 'redlock') {
    if (lockConfig.unreachable && Object.values(lockConfig.unreachable).some((nodes) => nodes.length > 0)) {
      world = schedule(world, 0, { kind: 'networkPartitioned', unreachable: lockConfig.unreachable });
    }
    for (const [node, clock] of Object.entries(lockConfig.clocks ?? {})) {
      for (const jump of clock?.jumps ?? [])
        world = schedule(world, jump.atMs, { kind: 'clockJumped', node, byMs: jump.byMs });
    }
  }
  for (const renewer of scenario.renewers) {
    world = schedule(world, renewer.startsAtMs, { kind: 'attemptDue', renewer: renewer.id });
    for (const pause of renewer.pauses) {
      world = schedule(world, pause.atMs, { kind: 'pauseStarted', renewer: renewer.id, durationMs: pause.durationMs });
    }
  }
  return world;
}

function createRenewer(definition: RenewerDefinition): Renewer {
  return {
    id: definition.id,
    name: definition.name,
    phase: 'waiting',
    belief: { kind: 'none' },
    leaseValue: null,
    attempts: 0,
    certificate: null,
    pause: null,
  };
}

export function schedule(world: World, at: number, event: SimEvent): World {
  const entry: Scheduled = { at: virtualMs(at), seq: world.nextSeq, event };
  // The queue stays sorted by time; a new entry goes after everything due at the same time or earlier.
  let low = 0;
  let high = world.queue.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (world.queue[middle]!.at <= entry.at) low = middle + 1;
    else high = middle;
  }
  const queue = [...world.queue.slice(0, low), entry, ...world.queue.slice(low)];
  return { ...world, queue, nextSeq: world.nextSeq + 1 };
}

/** One expiry check per instant is enough; keep-alives and checks would otherwise pile up duplicates. */
function scheduleExpiryCheck(world: World, at: number): World {
  const queued = world.queue.some((entry) => entry.at === at && entry.event.kind === 'expiryCheck');
  return queued ? world : schedule(world, at, { kind: 'expiryCheck' });
}

export function isSettled(world: World): boolean {
  return world.queue.length === 0;
}

/**
 * Runs the next due event. Returns the new world and what happened, or no happening when the event
 * was deferred (its process is paused) or changed nothing a learner would see.
 */
export function step(
  world: World,
  settings: RunSettings,
  scenario: ScenarioDefinition,
  models: SimModels,
): { world: World; happening: Happening | null } {
  if (world.queue.length === 0) return { world, happening: null };
  // A message the process sent at the instant its pause starts is on the wire, and arrives first: a process
  // that freezes just after sending has still sent. (Replies to it wait until it wakes, as below.)
  const head = world.queue[0]!;
  const pausing = head.event.kind === 'pauseStarted' ? head.event.renewer : null;
  const wire =
    pausing === null
      ? -1
      : world.queue.findIndex(
          ({ at, event }) =>
            at === head.at &&
            event.kind === 'messageDelivered' &&
            'from' in event.message &&
            event.message.from === pausing,
        );
  const index = Math.max(wire, 0);
  const next = world.queue[index]!;
  const rest = [...world.queue.slice(0, index), ...world.queue.slice(index + 1)];
  const advanced: World = { ...world, queue: rest, now: next.at };
  const context: Context = {
    scenario,
    models,
    writeMode: settings.fencing ? 'fenced' : 'unfenced',
    idempotencyKey: settings.idempotencyKey ?? false,
  };
  const target = targetRenewer(next.event);
  const pause = target ? renewerById(advanced, target).pause : null;
  // A paused process runs none of its code: whatever reaches it waits until it wakes.
  if (pause && next.event.kind !== 'pauseEnded') {
    return { world: schedule(advanced, pause.until, next.event), happening: null };
  }
  return handle(advanced, next.event, context);
}

function targetRenewer(event: SimEvent): RenewerId | null {
  switch (event.kind) {
    case 'attemptDue':
    case 'certificateRequestDue':
    case 'certificateIssued':
    case 'pauseStarted':
    case 'pauseEnded':
      return event.renewer;
    case 'messageDelivered':
      return 'to' in event.message ? event.message.to : null;
    case 'keepAliveDue':
      return event.renewer;
    case 'expiryCheck':
    case 'failover':
    case 'clockJumped':
    case 'networkPartitioned':
      return null;
  }
}

function handle(world: World, event: SimEvent, context: Context): { world: World; happening: Happening | null } {
  switch (event.kind) {
    case 'attemptDue':
      return requestLease(world, event.renewer, context);
    case 'pauseStarted':
      return pauseProcess(world, event.renewer, event.durationMs);
    case 'pauseEnded':
      return resumeProcess(world, event.renewer);
    case 'expiryCheck':
      return checkExpiry(world);
    case 'failover':
      return failOver(world);
    // Node clocks and reachability are part of the service's settings; these events only make them visible.
    case 'clockJumped':
      return { world, happening: { kind: 'clockJumped', node: event.node, byMs: event.byMs } satisfies Happening };
    case 'networkPartitioned':
      return { world, happening: { kind: 'networkPartitioned', unreachable: event.unreachable } satisfies Happening };
    case 'keepAliveDue':
      return keepAlive(world, event.renewer, context);
    case 'certificateRequestDue':
      return requestCertificate(world, event.renewer, context);
    case 'certificateIssued':
      return receiveCertificate(world, event.renewer, event.cert, context);
    case 'messageDelivered':
      return deliver(world, event.message, context);
  }
}

function requestLease(world: World, id: RenewerId, context: Context) {
  const { leaseValue, state } = randomLeaseValue(world.rngState);
  const ttlMs = context.scenario.leaseTtlMs;
  let next = updateRenewer({ ...world, rngState: state }, id, { phase: 'acquiring', leaseValue });
  next = send(next, { kind: 'acquire', from: id, leaseValue, ttlMs, sentAt: world.now }, context);
  return { world: next, happening: null };
}

function pauseProcess(world: World, id: RenewerId, durationMs: number) {
  const until = virtualMs(world.now + durationMs);
  let paused = updateRenewer(world, id, { pause: { since: world.now, until } });
  // Keep-alives stop with the process: from now on its lease or session can run out.
  const expiry = paused.lock.nextExpiry();
  if (paused.lock.needsKeepAlive && expiry !== null) paused = scheduleExpiryCheck(paused, expiry);
  return {
    world: schedule(paused, until, { kind: 'pauseEnded', renewer: id }),
    happening: { kind: 'processPaused', renewer: id, until, durationMs } satisfies Happening,
  };
}

function resumeProcess(world: World, id: RenewerId) {
  const { pause } = renewerById(world, id);
  const pausedForMs = pause ? world.now - pause.since : 0;
  return {
    world: updateRenewer(world, id, { pause: null }),
    happening: { kind: 'processResumed', renewer: id, pausedForMs } satisfies Happening,
  };
}

/** The lock service loses its state at a failover; whoever held the lock is not told. */
function failOver(world: World) {
  const { backend, lost } = world.lock.failover(world.now);
  return { world: { ...world, lock: backend }, happening: { kind: 'failover', lost } satisfies Happening };
}

/** The lock service forgets a lease or session whose time is up; nobody tells the holder. */
function checkExpiry(world: World) {
  const { backend, lost } = expireOn(world.lock, world.now);
  const expired = lost[0];
  let next: World = { ...world, lock: backend };
  // Another lease may end later while nobody renews it (its holder paused): check again then, not after it wakes.
  const upcoming = backend.nextExpiry();
  if (upcoming !== null && upcoming > world.now) next = scheduleExpiryCheck(next, upcoming);
  return { world: next, happening: expired ? ({ kind: 'leaseExpired', lease: expired } satisfies Happening) : null };
}

/** A running holder renews its lease or session every TTL/3; a paused one misses its turn. */
function keepAlive(world: World, id: RenewerId, context: Context) {
  const renewer = renewerById(world, id);
  if (renewer.belief.kind !== 'holds' || renewer.phase === 'done') return { world, happening: null };
  const ttlMs = context.scenario.leaseTtlMs;
  let next: World = { ...world, lock: world.lock.keepAlive(id, world.now, ttlMs) };
  next = schedule(next, world.now + world.lock.keepAliveIntervalMs(ttlMs), {
    kind: 'keepAliveDue',
    renewer: id,
  });
  const expiry = next.lock.nextExpiry();
  if (expiry !== null) next = scheduleExpiryCheck(next, expiry);
  return { world: next, happening: null };
}

function receiveCertificate(world: World, id: RenewerId, cert: Certificate, context: Context) {
  const renewer = renewerById(world, id);
  let next = updateRenewer(world, id, { certificate: cert, phase: 'writing' });
  // A renewer that still believes it holds the lock writes with the token it was given, however old.
  if (renewer.belief.kind === 'holds') {
    const { token, grantOrder } = renewer.belief;
    next = send(
      next,
      { kind: 'write', from: id, cert, fencingToken: token, grantOrder },
      context,
      writeDelayOf(context, id),
    );
  }
  return { world: next, happening: { kind: 'certificateReceived', renewer: id, cert } satisfies Happening };
}

function deliver(world: World, message: Message, context: Context): { world: World; happening: Happening | null } {
  switch (message.kind) {
    case 'acquire':
      return lockServiceReceivesAcquire(world, message, context);
    case 'acquireReply':
      return renewerReceivesAcquireReply(world, message, context);
    case 'write':
      return tableReceivesWrite(world, message, context);
    case 'writeReply':
      return renewerReceivesWriteReply(world, message, context);
    case 'release':
      return lockServiceReceivesRelease(world, message, context);
    case 'releaseReply':
      return renewerReceivesReleaseReply(world, message);
  }
}

function lockServiceReceivesAcquire(world: World, message: Extract<Message, { kind: 'acquire' }>, context: Context) {
  const { backend, outcome } = world.lock.acquire(lockConfigOf(context.scenario), {
    holder: message.from,
    value: message.leaseValue,
    ttlMs: message.ttlMs,
    now: world.now,
  });
  let next: World = { ...world, lock: backend };
  if (outcome.granted) {
    const grantOrder = world.grants + 1;
    const grant: LockTruth = { holder: message.from, token: outcome.token, expiresAt: outcome.expiresAt };
    next = scheduleExpiryCheck({ ...next, grants: grantOrder }, outcome.expiresAt);
    next = send(
      next,
      {
        kind: 'acquireReply',
        to: message.from,
        requestedAt: message.sentAt,
        result: { granted: true, grant, grantOrder },
      },
      context,
    );
  } else {
    next = send(
      next,
      {
        kind: 'acquireReply',
        to: message.from,
        requestedAt: message.sentAt,
        result: { granted: false, heldBy: outcome.heldBy },
      },
      context,
    );
  }
  const happening: Happening = {
    kind: 'acquireRequested',
    renewer: message.from,
    leaseValue: message.leaseValue,
    ttlMs: message.ttlMs,
  };
  return { world: next, happening };
}

function renewerReceivesAcquireReply(
  world: World,
  message: Extract<Message, { kind: 'acquireReply' }>,
  context: Context,
): { world: World; happening: Happening } {
  const id = message.to;
  const { result } = message;
  if (!result.granted) {
    const definition = definitionOf(context, id);
    const attempts = renewerById(world, id).attempts + 1;
    const retryAt = virtualMs(world.now + definition.retryEveryMs);
    if (attempts >= (definition.maxAttempts ?? DEFAULT_MAX_ATTEMPTS)) {
      const next = updateRenewer(world, id, { phase: 'done', leaseValue: null, attempts });
      return { world: next, happening: { kind: 'renewerGaveUp', renewer: id, attempts } };
    }
    const next = schedule(updateRenewer(world, id, { phase: 'waiting', leaseValue: null, attempts }), retryAt, {
      kind: 'attemptDue',
      renewer: id,
    });
    return { world: next, happening: { kind: 'leaseRefused', renewer: id, heldBy: result.heldBy, retryAt } };
  }
  const { grant, grantOrder } = result;
  const validityMs = world.lock.validityOnReplyMs(context.scenario.leaseTtlMs, world.now - message.requestedAt);
  if (validityMs !== null && validityMs <= 0) return discardLateGrant(world, message, validityMs, context);
  let next = updateRenewer(world, id, {
    phase: 'awaitingCertificate',
    belief: {
      kind: 'holds',
      token: grant.token === null ? null : fencingToken(grant.token),
      expiresAt: grant.expiresAt ?? world.now,
      grantOrder,
    },
  });
  if (world.lock.needsKeepAlive) {
    next = schedule(next, world.now + world.lock.keepAliveIntervalMs(context.scenario.leaseTtlMs), {
      kind: 'keepAliveDue',
      renewer: id,
    });
  }
  return {
    world: schedule(next, world.now, { kind: 'certificateRequestDue', renewer: id }),
    happening: { kind: 'leaseGranted', renewer: id, lease: grant },
  };
}

/**
 * A Redlock client reads the clock again once the replies are in; if the TTL has run out meanwhile, it
 * unlocks every node and tries later. This is what catches a pause while the replies were in flight.
 */
function discardLateGrant(
  world: World,
  message: Extract<Message, { kind: 'acquireReply' }>,
  validityMs: number,
  context: Context,
) {
  const id = message.to;
  const renewer = renewerById(world, id);
  const definition = definitionOf(context, id);
  const retryAt = virtualMs(world.now + definition.retryEveryMs);
  // A grant read too late counts as a failed attempt: a TTL too short for the network never ends in a retry loop.
  const attempts = renewer.attempts + 1;
  const givesUp = attempts >= (definition.maxAttempts ?? DEFAULT_MAX_ATTEMPTS);
  let next = updateRenewer(world, id, { phase: givesUp ? 'done' : 'waiting', attempts });
  if (renewer.leaseValue) next = send(next, { kind: 'release', from: id, leaseValue: renewer.leaseValue }, context);
  if (givesUp) return { world: next, happening: { kind: 'renewerGaveUp', renewer: id, attempts } satisfies Happening };
  next = schedule(next, retryAt, { kind: 'attemptDue', renewer: id });
  const happening: Happening = {
    kind: 'grantTooLate',
    renewer: id,
    elapsedMs: world.now - message.requestedAt,
    validityMs,
    retryAt,
  };
  return { world: next, happening };
}

/** The CA takes its time; the certificate it issues carries the next serial and the moment it was issued. */
function requestCertificate(world: World, id: RenewerId, context: Context) {
  const readyAt = virtualMs(world.now + definitionOf(context, id).certificateAuthorityMs);
  const cert: Certificate = { serial: world.nextSerial, issuedAt: readyAt };
  const next = schedule({ ...world, nextSerial: world.nextSerial + 1 }, readyAt, {
    kind: 'certificateIssued',
    renewer: id,
    cert,
  });
  return { world: next, happening: { kind: 'certificateRequested', renewer: id, readyAt } satisfies Happening };
}

function tableReceivesWrite(world: World, message: Extract<Message, { kind: 'write' }>, context: Context) {
  const { resource } = context.scenario;
  if (resource?.kind === 'weeklyEmail') {
    const model = context.models.weeklyEmail;
    if (!model) throw new Error('This run guards the weekly email; pass its model to runScenario (ALL_MODELS has it)');
    const taken = model.receive(world, message, resource, context.idempotencyKey);
    const reply: Message = {
      kind: 'writeReply',
      to: message.from,
      fencingToken: message.fencingToken,
      rowsChanged: taken.rowsChanged,
      previousFence: null,
      overwroteNewer: false,
    };
    return { world: send(taken.world, reply, context), happening: taken.happening };
  }
  // A write with no token cannot be fenced: storage that checks tokens has nothing to check it against.
  const mode: WriteMode = message.fencingToken === null ? 'unfenced' : context.writeMode;
  const previousRow = findRow(world.table, context.scenario.domain);
  const token = message.fencingToken ?? fencingToken(previousRow?.fence ?? 0);
  const write = { domain: context.scenario.domain, cert: message.cert, fencingToken: token };
  const result = writeCertificate(world.table, write, mode);
  const newestOrder = Math.max(0, ...world.writes.filter((w) => w.rowsChanged > 0).map((w) => w.grantOrder));
  const overwroteNewer = result.rowsChanged === 1 && message.grantOrder < newestOrder;
  const record: WriteRecord = {
    renewer: message.from,
    fencingToken: message.fencingToken,
    grantOrder: message.grantOrder,
    cert: message.cert,
    rowsChanged: result.rowsChanged,
  };
  let next: World = { ...world, table: result.table, writes: [...world.writes, record] };
  next = send(
    next,
    {
      kind: 'writeReply',
      to: message.from,
      fencingToken: message.fencingToken,
      rowsChanged: result.rowsChanged,
      previousFence: result.previous?.fence ?? null,
      overwroteNewer,
    },
    context,
  );
  const happening: Happening = {
    kind: 'writeRequested',
    renewer: message.from,
    mode,
    cert: message.cert,
    fencingToken: message.fencingToken,
    rowsChanged: result.rowsChanged,
    previous: result.previous,
  };
  return { world: next, happening };
}

function renewerReceivesWriteReply(world: World, message: Extract<Message, { kind: 'writeReply' }>, context: Context) {
  const id = message.to;
  const renewer = renewerById(world, id);
  // Zero rows means a higher token has written: the renewer learns it lost the lock.
  const sentEmail = context.scenario.resource?.kind === 'weeklyEmail';
  const belief: Belief =
    message.rowsChanged === 0 && !sentEmail ? { kind: 'lost', token: message.fencingToken } : renewer.belief;
  let next = updateRenewer(world, id, { belief, phase: 'releasing' });
  // Release in every case, as a `finally` block would; compare-and-delete makes that safe.
  if (renewer.leaseValue) next = send(next, { kind: 'release', from: id, leaseValue: renewer.leaseValue }, context);
  // The mail sender's answer is the emailRequested step itself; its reply adds nothing to show.
  if (sentEmail) return { world: next, happening: null };
  const happening: Happening = {
    kind: 'writeAnswered',
    renewer: id,
    fencingToken: message.fencingToken,
    rowsChanged: message.rowsChanged,
    previousFence: message.previousFence,
    overwroteNewer: message.overwroteNewer,
  };
  return { world: next, happening };
}

function lockServiceReceivesRelease(world: World, message: Extract<Message, { kind: 'release' }>, context: Context) {
  const release = world.lock.release({ holder: message.from, value: message.leaseValue, now: world.now });
  const released = { ...release, heldBy: release.backend.truth(world.now) };
  const result: Extract<Message, { kind: 'releaseReply' }>['result'] = released.released
    ? {
        released: true,
        lease: { holder: message.from, token: null, expiresAt: null, ...truthBefore(world, message.from) },
      }
    : { released: false, reason: released.heldBy ? 'notHolder' : 'noLease', heldBy: released.heldBy };
  const next = send({ ...world, lock: released.backend }, { kind: 'releaseReply', to: message.from, result }, context);
  const happening: Happening = { kind: 'releaseRequested', renewer: message.from, leaseValue: message.leaseValue };
  return { world: next, happening };
}

function renewerReceivesReleaseReply(world: World, message: Extract<Message, { kind: 'releaseReply' }>) {
  const id = message.to;
  const renewer = renewerById(world, id);
  const { result } = message;
  if (result.released) {
    const next = updateRenewer(world, id, {
      phase: renewer.phase === 'waiting' ? 'waiting' : 'done',
      belief: { kind: 'none' },
      leaseValue: null,
    });
    return { world: next, happening: { kind: 'leaseReleased', renewer: id, lease: result.lease } satisfies Happening };
  }
  const lostToken = renewer.belief.kind === 'none' ? null : renewer.belief.token;
  const belief: Belief = lostToken === null ? { kind: 'none' } : { kind: 'lost', token: lostToken };
  const next = updateRenewer(world, id, {
    phase: renewer.phase === 'waiting' ? 'waiting' : 'done',
    belief,
    leaseValue: null,
  });
  const happening: Happening = { kind: 'releaseRefused', renewer: id, reason: result.reason, heldBy: result.heldBy };
  return { world: next, happening };
}

function send(world: World, message: Message, context: Context, extraDelayMs = 0): World {
  return schedule(world, world.now + context.scenario.networkDelayMs + extraDelayMs, {
    kind: 'messageDelivered',
    message,
  });
}

function writeDelayOf(context: Context, id: RenewerId): number {
  return definitionOf(context, id).writeDelayMs ?? 0;
}

export function lockConfigOf(scenario: ScenarioDefinition): LockServiceConfig {
  return scenario.lockService ?? { kind: 'fencing' };
}

/** What the service knew of this holder's lease just before it let go: its token and expiry. */
function truthBefore(world: World, holder: RenewerId): Partial<LockTruth> {
  const renewer = renewerById(world, holder);
  return renewer.belief.kind === 'holds' ? { token: renewer.belief.token, expiresAt: renewer.belief.expiresAt } : {};
}

function definitionOf(context: Context, id: RenewerId): RenewerDefinition {
  const definition = context.scenario.renewers.find((renewer) => renewer.id === id);
  if (!definition) throw new Error(`No renewer "${id}" in scenario ${context.scenario.id}`);
  return definition;
}

export function renewerById(world: World, id: RenewerId): Renewer {
  const renewer = world.renewers.find((candidate) => candidate.id === id);
  if (!renewer) throw new Error(`No renewer "${id}"`);
  return renewer;
}

function updateRenewer(world: World, id: RenewerId, change: Partial<Renewer>): World {
  return {
    ...world,
    renewers: world.renewers.map((renewer) => (renewer.id === id ? { ...renewer, ...change } : renewer)),
  };
}
