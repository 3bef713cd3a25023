import { createCertificatesTable, type CertificatesTable, type WriteMode } from './certificates-table.ts';
import type { Happening, Outcome } from './happenings.ts';
import { createBackend, type LockBackend, type LockServices } from './services/service.ts';
import { type LockServiceConfig } from './services/lock-services.ts';
import type { Message, SimEvent } from './messages.ts';
import type { ProtectedResource, RenewerDefinition, ScenarioDefinition } from './scenario.ts';
import {
  fencingToken,
  virtualMs,
  type Certificate,
  type FencingToken,
  type RenewerId,
  type VirtualMs,
} from './types.ts';
import { known } from './known.ts';

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

/** A belief that the lock is held: the grant a renewer counts on. */
export type HeldBelief = Extract<Belief, { kind: 'holds' }>;

export type RenewerPhase = 'waiting' | 'acquiring' | 'awaitingCertificate' | 'writing' | 'releasing' | 'done';

export interface Renewer {
  readonly id: RenewerId;
  readonly name: string;
  readonly phase: RenewerPhase;
  readonly belief: Belief;
  /**
   * A grant whose reply does not yet make the renewer the holder, kept until the check that does (ZooKeeper's
   * create reply names its znode; only the listing of the children says whether that znode is the lowest).
   */
  readonly unconfirmedGrant: HeldBelief | null;
  /** The random value of the lease it asked for; needed to release it. */
  readonly leaseValue: string | null;
  readonly certificate: Certificate | null;
  /** Refusals so far; a renewer gives up after its scenario's maxAttempts. */
  readonly attempts: number;
  /** Set while a stop-the-world pause lasts. */
  readonly pause: { readonly since: VirtualMs; readonly until: VirtualMs } | null;
}

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

/** What storage answers a renewer's write: `UPDATE n`, with what the row held before. */
export interface WriteAnswer {
  readonly rowsChanged: number;
  readonly previousFence: number | null;
  readonly overwroteNewer: boolean;
}

/**
 * What the lock protects, as a model: it takes a renewer's write and answers it, and judges how the run ended.
 * Stepping never asks which resource it is; the certificate row and the weekly email each say it themselves.
 */
export interface ResourceModel {
  receive(
    world: World,
    write: Extract<Message, { kind: 'write' }>,
    context: Context,
  ): { world: World; answer: WriteAnswer; happening: Happening };
  /**
   * What a holder checks before it starts the work, once it holds the lock: whether the work is still due (the
   * certificate in the row is inside its renewal window; this week's report has not gone out). `current` is the
   * certificate it read, where there is one.
   */
  workDue(world: World, context: Context): { readonly due: boolean; readonly current: Certificate | null };
  /** Whether a writer that is answered 0 learns it lost the lock (a fenced row), or only that the work was done. */
  readonly zeroMeansLost: boolean;
  /** Whether the answer is a step of its own, or already told by the step that took the write. */
  readonly answerIsAStep: boolean;
  judge(world: World, scenario: ScenarioDefinition): Outcome;
}

/** The models a run uses: the lock services it may meet, and the resources it may guard. */
export interface SimModels {
  readonly services: LockServices;
  readonly resources: { readonly [K in ProtectedResource['kind']]?: ResourceModel };
}

/** How many refusals a renewer takes before it gives up until its next scheduled run. */
export const DEFAULT_MAX_ATTEMPTS = 10;

/** The parts of a world a single step needs besides the world itself. */
export interface Context {
  readonly scenario: ScenarioDefinition;
  readonly models: SimModels;
  readonly resource: ResourceModel;
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
      {
        domain: scenario.domain,
        cert: { serial: initial.serial, issuedAt: null, notAfter: virtualMs(initial.notAfterMs) },
        fence: fencingToken(initial.fence),
      },
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
    unconfirmedGrant: null,
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
    if (known(world.queue[middle]).at <= entry.at) low = middle + 1;
    else high = middle;
  }
  const queue = [...world.queue.slice(0, low), entry, ...world.queue.slice(low)];
  return { ...world, queue, nextSeq: world.nextSeq + 1 };
}

/** One expiry check per instant is enough; keep-alives and checks would otherwise pile up duplicates. */
export function scheduleExpiryCheck(world: World, at: number): World {
  const queued = world.queue.some((entry) => entry.at === at && entry.event.kind === 'expiryCheck');
  return queued ? world : schedule(world, at, { kind: 'expiryCheck' });
}

export function isSettled(world: World): boolean {
  return world.queue.length === 0;
}

export function send(world: World, message: Message, context: Context, extraDelayMs = 0): World {
  return schedule(world, world.now + context.scenario.networkDelayMs + extraDelayMs, {
    kind: 'messageDelivered',
    message,
  });
}

export function writeDelayOf(context: Context, id: RenewerId): number {
  return definitionOf(context, id).writeDelayMs ?? 0;
}

/** The model of what a scenario's lock guards; the certificate row when the scenario names none. */
export function resourceModelOf(scenario: ScenarioDefinition, models: SimModels): ResourceModel {
  const kind = scenario.resource?.kind ?? 'certificate';
  const model = models.resources[kind];
  if (!model)
    throw new Error(`This run guards the "${kind}" resource; pass its model to runScenario (ALL_MODELS has it)`);
  return model;
}

export function lockConfigOf(scenario: ScenarioDefinition): LockServiceConfig {
  return scenario.lockService ?? { kind: 'lesson' };
}

export function definitionOf(context: Context, id: RenewerId): RenewerDefinition {
  const definition = context.scenario.renewers.find((renewer) => renewer.id === id);
  if (!definition) throw new Error(`No renewer "${id}" in scenario ${context.scenario.id}`);
  return definition;
}

export function renewerById(world: World, id: RenewerId): Renewer {
  const renewer = world.renewers.find((candidate) => candidate.id === id);
  if (!renewer) throw new Error(`No renewer "${id}"`);
  return renewer;
}

export function updateRenewer(world: World, id: RenewerId, change: Partial<Renewer>): World {
  return {
    ...world,
    renewers: world.renewers.map((renewer) => (renewer.id === id ? { ...renewer, ...change } : renewer)),
  };
}
