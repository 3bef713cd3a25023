import { describe, expect, it } from 'vitest';
import { buildRenewer, buildScenario } from '@/testing/builders';
import { ALL_MODELS } from './all-models';
import { LESSON_MODELS } from './run';
import type { RunSettings, ScenarioDefinition } from './scenario';
import { step } from './step';
import { fencingToken, virtualMs } from './types';
import { createWorld, renewerById, schedule, updateRenewer, type World } from './world';
import type { Message, SimEvent } from './messages';

/** One step of the simulation: which due event runs next, and which wait for a paused process to wake. */
const scenario = buildScenario({
  networkDelayMs: 10,
  renewers: [buildRenewer({ id: 'A' }), buildRenewer({ id: 'B' })],
});

function worldWith(events: [number, SimEvent][], from: ScenarioDefinition = scenario): World {
  const start: World = { ...createWorld(from, ALL_MODELS), queue: [] };
  return events.reduce((world, [at, event]) => schedule(world, at, event), start);
}

const release = (from: string): SimEvent => ({
  kind: 'messageDelivered',
  message: { kind: 'release', from, leaseValue: `lease-${from}` },
});
const run = (world: World, settings: RunSettings = { fencing: true }, from = scenario) =>
  step(world, settings, from, ALL_MODELS);

describe('a step', () => {
  it('with nothing due, changes nothing', () => {
    const world = worldWith([]);
    expect(step(world, { fencing: true }, scenario, LESSON_MODELS)).toEqual({ world, happening: null });
  });

  it('runs the earliest event and moves the clock to it', () => {
    const { world, happening } = run(worldWith([[500, { kind: 'attemptDue', renewer: 'A' }]]));
    expect(world.now).toBe(500);
    expect(happening).toBeNull();
    expect(renewerById(world, 'A').phase).toBe('acquiring');
  });
});

describe('a message sent at the instant a pause starts', () => {
  it("is on the wire: it is delivered before the sender's pause", () => {
    const { happening } = run(
      worldWith([
        [2_000, { kind: 'pauseStarted', renewer: 'A', durationMs: 40_000 }],
        [2_000, release('A')],
      ]),
    );
    expect(happening).toMatchObject({ kind: 'releaseRequested', renewer: 'A' });
  });

  it("another renewer's message at that instant waits its turn behind the pause", () => {
    const { happening } = run(
      worldWith([
        [2_000, { kind: 'pauseStarted', renewer: 'A', durationMs: 40_000 }],
        [2_000, release('B')],
      ]),
    );
    expect(happening).toMatchObject({ kind: 'processPaused', renewer: 'A' });
  });

  it('a message the renewer sends later is not moved ahead of its pause', () => {
    const { happening } = run(
      worldWith([
        [2_000, { kind: 'pauseStarted', renewer: 'A', durationMs: 40_000 }],
        [2_010, release('A')],
      ]),
    );
    expect(happening).toMatchObject({ kind: 'processPaused', renewer: 'A' });
  });

  it('only a pause lets a message jump the queue: an attempt due first runs first', () => {
    const { happening, world } = run(
      worldWith([
        [2_000, { kind: 'attemptDue', renewer: 'A' }],
        [2_000, release('A')],
      ]),
    );
    expect(happening).toBeNull();
    expect(renewerById(world, 'A').phase).toBe('acquiring');
  });
});

describe('a paused process runs none of its code', () => {
  const pausedA = (event: SimEvent) => {
    const world = worldWith([[1_000, event]]);
    return updateRenewer(world, 'A', { pause: { since: virtualMs(0), until: virtualMs(40_000) } });
  };

  it.each<[string, SimEvent]>([
    ['its next attempt', { kind: 'attemptDue', renewer: 'A' }],
    ['its certificate request', { kind: 'certificateRequestDue', renewer: 'A' }],
    ['a second pause', { kind: 'pauseStarted', renewer: 'A', durationMs: 5_000 }],
    ['its keep-alive', { kind: 'keepAliveDue', renewer: 'A' }],
    [
      'the certificate the CA issues for it',
      {
        kind: 'certificateIssued',
        renewer: 'A',
        cert: { serial: 1001, issuedAt: virtualMs(1_000), notAfter: virtualMs(7_776_000_000) },
      },
    ],
    [
      'a reply addressed to it',
      {
        kind: 'messageDelivered',
        message: {
          kind: 'writeReply',
          to: 'A',
          fencingToken: null,
          rowsChanged: 1,
          previousFence: 32,
          overwroteNewer: false,
        },
      },
    ],
    [
      'the answer to its GetSequencer()',
      { kind: 'messageDelivered', message: { kind: 'holdCheckReply', to: 'A', token: fencingToken(33) } },
    ],
  ])('%s waits until it wakes', (_, event) => {
    const { world, happening } = run(pausedA(event));
    expect(happening).toBeNull();
    expect(world.queue).toHaveLength(1);
    expect(world.queue[0]).toMatchObject({ at: 40_000, event });
  });

  it.each<[string, SimEvent]>([
    [
      'its Redlock validity running out (the story marks it; nothing in the process runs)',
      { kind: 'validityEnds', renewer: 'A', grantOrder: 1 },
    ],
    ['an expiry check on the lock service', { kind: 'expiryCheck' }],
  ])('%s is not deferred', (_, event) => {
    const { world } = run(pausedA(event));
    expect(world.queue.some((entry) => entry.event === event)).toBe(false);
  });

  it('the end of its pause is not deferred', () => {
    const { happening } = run(pausedA({ kind: 'pauseEnded', renewer: 'A' }));
    expect(happening).toEqual({ kind: 'processResumed', renewer: 'A', pausedForMs: 1_000 });
  });
});

describe('the idempotency key of the weekly email', () => {
  const weekly = buildScenario({
    resource: { kind: 'email', owner: 'snip-42', week: '2026-W48' },
    renewers: [buildRenewer({ id: 'A' })],
  });
  const write: Message = {
    kind: 'write',
    from: 'A',
    cert: { serial: 1001, issuedAt: virtualMs(5_000), notAfter: virtualMs(7_776_000_000) },
    fencingToken: fencingToken(33),
    grantOrder: 1,
  };

  it('is off unless the learner turns it on', () => {
    const world = worldWith([[0, { kind: 'messageDelivered', message: write }]], weekly);
    expect(run(world, { fencing: false }, weekly).happening).toMatchObject({ claim: 'none', sent: true });
    expect(run(world, { fencing: false, idempotencyKey: true }, weekly).happening).toMatchObject({ claim: 'claimed' });
  });
});
