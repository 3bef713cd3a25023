import {
  createCertificatesTable,
  findRow,
  writeCertificate,
  type CertificatesTable,
  type WriteMode,
} from './certificates-table.ts';
import type { Happening } from './happenings.ts';
import {
  createLockService,
  expireLease,
  grantLease,
  releaseLease,
  type Lease,
  type LockService,
} from './lock-service.ts';
import { randomLeaseValue } from './random.ts';
import type { RenewerDefinition, RunSettings, ScenarioDefinition } from './scenario.ts';
import { virtualMs, type Certificate, type FencingToken, type RenewerId, type VirtualMs } from './types.ts';

/** What a renewer thinks about the lock. It changes only when a message reaches the renewer. */
export type Belief =
  | { readonly kind: 'none' }
  | { readonly kind: 'holds'; readonly token: FencingToken; readonly expiresAt: VirtualMs }
  | { readonly kind: 'lost'; readonly token: FencingToken };

export type RenewerPhase = 'waiting' | 'acquiring' | 'awaitingCertificate' | 'writing' | 'releasing' | 'done';

export interface Renewer {
  readonly id: RenewerId;
  readonly name: string;
  readonly phase: RenewerPhase;
  readonly belief: Belief;
  /** The random value of the lease it asked for; needed to release it. */
  readonly leaseValue: string | null;
  readonly certificate: Certificate | null;
  /** Set while a stop-the-world pause lasts. */
  readonly pause: { readonly since: VirtualMs; readonly until: VirtualMs } | null;
}

/** Messages travel between processes and arrive after the network delay. */
export type Message =
  | { readonly kind: 'acquire'; readonly from: RenewerId; readonly leaseValue: string; readonly ttlMs: number }
  | { readonly kind: 'acquireReply'; readonly to: RenewerId; readonly lease: Lease; readonly granted: boolean }
  | {
      readonly kind: 'write';
      readonly from: RenewerId;
      readonly cert: Certificate;
      readonly fencingToken: FencingToken;
    }
  | {
      readonly kind: 'writeReply';
      readonly to: RenewerId;
      readonly fencingToken: FencingToken;
      readonly rowsChanged: number;
      readonly previousFence: number | null;
      readonly overwroteNewer: boolean;
    }
  | { readonly kind: 'release'; readonly from: RenewerId; readonly leaseValue: string }
  | {
      readonly kind: 'releaseReply';
      readonly to: RenewerId;
      readonly result:
        | { readonly released: true; readonly lease: Lease }
        | { readonly released: false; readonly reason: 'notHolder' | 'noLease'; readonly heldBy: Lease | null };
    };

/** Something due at a moment of virtual time. */
export type SimEvent =
  | { readonly kind: 'attemptDue'; readonly renewer: RenewerId }
  | { readonly kind: 'messageDelivered'; readonly message: Message }
  | { readonly kind: 'certificateRequestDue'; readonly renewer: RenewerId }
  | { readonly kind: 'certificateIssued'; readonly renewer: RenewerId; readonly cert: Certificate }
  | { readonly kind: 'pauseStarted'; readonly renewer: RenewerId; readonly durationMs: number }
  | { readonly kind: 'pauseEnded'; readonly renewer: RenewerId }
  | { readonly kind: 'leaseDeadline'; readonly token: FencingToken };

interface Scheduled {
  readonly at: VirtualMs;
  /** Tie-breaker: events due at the same instant run in the order they were scheduled. */
  readonly seq: number;
  readonly event: SimEvent;
}

/** One write the table received, kept so the outcome can be judged. */
export interface WriteRecord {
  readonly renewer: RenewerId;
  readonly fencingToken: FencingToken;
  readonly cert: Certificate;
  readonly rowsChanged: number;
}

export interface World {
  readonly now: VirtualMs;
  readonly lock: LockService;
  readonly table: CertificatesTable;
  readonly renewers: readonly Renewer[];
  readonly writes: readonly WriteRecord[];
  readonly queue: readonly Scheduled[];
  readonly nextSeq: number;
  readonly rngState: number;
  readonly nextSerial: number;
}

/** The parts of a world a single step needs besides the world itself. */
interface Context {
  readonly scenario: ScenarioDefinition;
  readonly writeMode: WriteMode;
}

export function createWorld(scenario: ScenarioDefinition): World {
  const initial = scenario.initialCertificate;
  let world: World = {
    now: virtualMs(0),
    lock: createLockService(scenario.lockKey, scenario.firstFencingToken),
    table: createCertificatesTable([
      { domain: scenario.domain, cert: { serial: initial.serial, issuedAt: null }, fence: initial.fence },
    ]),
    renewers: scenario.renewers.map(createRenewer),
    writes: [],
    queue: [],
    nextSeq: 0,
    rngState: scenario.seed,
    nextSerial: initial.serial + 1,
  };
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
    certificate: null,
    pause: null,
  };
}

export function schedule(world: World, at: number, event: SimEvent): World {
  const entry: Scheduled = { at: virtualMs(at), seq: world.nextSeq, event };
  const queue = [...world.queue, entry].sort((a, b) => a.at - b.at || a.seq - b.seq);
  return { ...world, queue, nextSeq: world.nextSeq + 1 };
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
): { world: World; happening: Happening | null } {
  const [next, ...rest] = world.queue;
  if (!next) return { world, happening: null };
  const advanced: World = { ...world, queue: rest, now: next.at };
  const context: Context = { scenario, writeMode: settings.fencing ? 'fenced' : 'unfenced' };
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
    case 'leaseDeadline':
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
    case 'leaseDeadline':
      return checkLeaseDeadline(world, event.token);
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
  next = send(next, { kind: 'acquire', from: id, leaseValue, ttlMs }, context);
  return { world: next, happening: null };
}

function pauseProcess(world: World, id: RenewerId, durationMs: number) {
  const until = virtualMs(world.now + durationMs);
  const paused = updateRenewer(world, id, { pause: { since: world.now, until } });
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

/** The lock service forgets a lease when its time is up; nobody tells the holder. */
function checkLeaseDeadline(world: World, token: FencingToken) {
  if (world.lock.lease?.token !== token) return { world, happening: null };
  const { lock, expired } = expireLease(world.lock, world.now);
  if (!expired) return { world, happening: null };
  return { world: { ...world, lock }, happening: { kind: 'leaseExpired', lease: expired } satisfies Happening };
}

function receiveCertificate(world: World, id: RenewerId, cert: Certificate, context: Context) {
  const renewer = renewerById(world, id);
  let next = updateRenewer(world, id, { certificate: cert, phase: 'writing' });
  const token = renewer.belief.kind === 'holds' ? renewer.belief.token : null;
  // A renewer that still believes it holds the lock writes with the token it was given, however old.
  if (token !== null) next = send(next, { kind: 'write', from: id, cert, fencingToken: token }, context);
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
  const { lock, result } = grantLease(world.lock, {
    holder: message.from,
    value: message.leaseValue,
    ttlMs: message.ttlMs,
    now: world.now,
  });
  let next: World = { ...world, lock };
  if (result.granted) {
    next = schedule(next, result.lease.expiresAt, { kind: 'leaseDeadline', token: result.lease.token });
    next = send(next, { kind: 'acquireReply', to: message.from, lease: result.lease, granted: true }, context);
  } else {
    next = send(next, { kind: 'acquireReply', to: message.from, lease: result.heldBy, granted: false }, context);
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
  const lease = message.lease;
  if (!message.granted) {
    const retryAt = virtualMs(world.now + definitionOf(context, id).retryEveryMs);
    const next = schedule(updateRenewer(world, id, { phase: 'waiting', leaseValue: null }), retryAt, {
      kind: 'attemptDue',
      renewer: id,
    });
    return { world: next, happening: { kind: 'leaseRefused', renewer: id, heldBy: lease, retryAt } };
  }
  const next = updateRenewer(world, id, {
    phase: 'awaitingCertificate',
    belief: { kind: 'holds', token: lease.token, expiresAt: lease.expiresAt },
  });
  return {
    world: schedule(next, world.now, { kind: 'certificateRequestDue', renewer: id }),
    happening: { kind: 'leaseGranted', renewer: id, lease },
  };
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
  const write = { domain: context.scenario.domain, cert: message.cert, fencingToken: message.fencingToken };
  const result = writeCertificate(world.table, write, context.writeMode);
  const overwroteNewer =
    result.rowsChanged === 1 && result.previous !== null && result.previous.fence > message.fencingToken;
  const record: WriteRecord = {
    renewer: message.from,
    fencingToken: message.fencingToken,
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
    mode: context.writeMode,
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
  const belief: Belief = message.rowsChanged === 0 ? { kind: 'lost', token: message.fencingToken } : renewer.belief;
  let next = updateRenewer(world, id, { belief, phase: 'releasing' });
  // Release in every case, as a `finally` block would; compare-and-delete makes that safe.
  if (renewer.leaseValue) next = send(next, { kind: 'release', from: id, leaseValue: renewer.leaseValue }, context);
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
  const { lock, result } = releaseLease(world.lock, { value: message.leaseValue, now: world.now });
  const next = send({ ...world, lock }, { kind: 'releaseReply', to: message.from, result }, context);
  const happening: Happening = { kind: 'releaseRequested', renewer: message.from, leaseValue: message.leaseValue };
  return { world: next, happening };
}

function renewerReceivesReleaseReply(world: World, message: Extract<Message, { kind: 'releaseReply' }>) {
  const id = message.to;
  const renewer = renewerById(world, id);
  const { result } = message;
  if (result.released) {
    const next = updateRenewer(world, id, { phase: 'done', belief: { kind: 'none' }, leaseValue: null });
    return { world: next, happening: { kind: 'leaseReleased', renewer: id, lease: result.lease } satisfies Happening };
  }
  const lostToken = renewer.belief.kind === 'none' ? null : renewer.belief.token;
  const belief: Belief = lostToken === null ? { kind: 'none' } : { kind: 'lost', token: lostToken };
  const next = updateRenewer(world, id, { phase: 'done', belief, leaseValue: null });
  const happening: Happening = { kind: 'releaseRefused', renewer: id, reason: result.reason, heldBy: result.heldBy };
  return { world: next, happening };
}

function send(world: World, message: Message, context: Context): World {
  return schedule(world, world.now + context.scenario.networkDelayMs, { kind: 'messageDelivered', message });
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

/** The row for the scenario's domain, as the walkthrough shows it. */
export function certificateRow(world: World, domain: string) {
  return findRow(world.table, domain);
}
