import type { Happening } from './happenings.ts';
import {
  checkExpiry,
  failOver,
  lockServiceReceivesAcquire,
  lockServiceReceivesHoldCheck,
  lockServiceReceivesRelease,
} from './lock-node.ts';
import {
  keepAlive,
  validityEnds,
  pauseProcess,
  receiveCertificate,
  renewerReceivesAcquireReply,
  renewerReceivesReleaseReply,
  renewerReceivesHoldCheck,
  renewerReceivesWriteReply,
  startWork,
  requestLease,
  resumeProcess,
} from './renewer.ts';
import type { RenewerId } from './types.ts';
import type { RunSettings, ScenarioDefinition } from './scenario.ts';
import { renewerById, resourceModelOf, schedule, send, type Context, type SimModels, type World } from './world.ts';
import type { Message, SimEvent } from './messages.ts';
import { known } from './known.ts';

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
  const head = known(world.queue[0]);
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
  const next = known(world.queue[index]);
  const rest = [...world.queue.slice(0, index), ...world.queue.slice(index + 1)];
  const advanced: World = { ...world, queue: rest, now: next.at };
  const context: Context = {
    scenario,
    models,
    resource: resourceModelOf(scenario, models),
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
    case 'validityEnds':
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
    case 'validityEnds':
      return validityEnds(world, event.renewer, event.grantOrder);
    case 'certificateRequestDue':
      return startWork(world, event.renewer, context);
    case 'certificateIssued':
      return receiveCertificate(world, event.renewer, event.cert, context);
    case 'messageDelivered':
      return deliver(world, event.message, context);
  }
}

function deliver(world: World, message: Message, context: Context): { world: World; happening: Happening | null } {
  switch (message.kind) {
    case 'acquire':
      return lockServiceReceivesAcquire(world, message, context);
    case 'acquireReply':
      return renewerReceivesAcquireReply(world, message, context);
    case 'write':
      return storageReceivesWrite(world, message, context);
    case 'writeReply':
      return renewerReceivesWriteReply(world, message, context);
    case 'checkHold':
      return lockServiceReceivesHoldCheck(world, message, context);
    case 'holdCheckReply':
      return renewerReceivesHoldCheck(world, message, context);
    case 'release':
      return lockServiceReceivesRelease(world, message, context);
    case 'releaseReply':
      return renewerReceivesReleaseReply(world, message);
  }
}

/** Storage takes the write and answers it; which storage it is, its model knows. */
function storageReceivesWrite(world: World, message: Extract<Message, { kind: 'write' }>, context: Context) {
  const { world: taken, answer, happening } = context.resource.receive(world, message, context);
  const reply: Message = { kind: 'writeReply', to: message.from, fencingToken: message.fencingToken, ...answer };
  return { world: send(taken, reply, context), happening };
}
