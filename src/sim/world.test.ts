import { describe, expect, it } from 'vitest';
import { buildRenewer, buildScenario } from '@/testing/builders';
import { ALL_MODELS } from './all-models';
import { LESSON_MODELS } from './run';
import { certificateRowModel } from './resources/certificate-row';
import type { LockServiceConfig } from './services/lock-services';
import {
  createWorld,
  definitionOf,
  renewerById,
  resourceModelOf,
  schedule,
  scheduleExpiryCheck,
  type Context,
  type World,
} from './world';

/** The world a run starts from, and its event queue. */
const scenarioOn = (lockService: LockServiceConfig) =>
  buildScenario({ lockService, renewers: [buildRenewer({ id: 'A', startsAtMs: 100 })] });
const events = (world: World) =>
  world.queue.map(({ at, event }) => `${at} ${event.kind}${'node' in event ? ` ${event.node}` : ''}`);

describe('a new world', () => {
  it('every renewer starts waiting, believing nothing, with no lease value, certificate, attempts or pause', () => {
    const world = createWorld(buildScenario(), LESSON_MODELS);
    expect(renewerById(world, 'B')).toEqual({
      id: 'B',
      name: 'Renewer B',
      phase: 'waiting',
      belief: { kind: 'none' },
      leaseValue: null,
      certificate: null,
      attempts: 0,
      unconfirmedGrant: null,
      pause: null,
    });
  });

  it('the lesson service has no failover and no partition to schedule: only the first attempt is due', () => {
    expect(events(createWorld(scenarioOn({ kind: 'lesson' }), ALL_MODELS))).toEqual(['100 attemptDue']);
  });

  it("Redis's failover is scheduled when the scenario sets one", () => {
    const world = createWorld(scenarioOn({ kind: 'redis', failoverAtMs: 20_000 }), ALL_MODELS);
    expect(events(world)).toEqual(['100 attemptDue', '20000 failover']);
    expect(events(createWorld(scenarioOn({ kind: 'redis' }), ALL_MODELS))).toEqual(['100 attemptDue']);
  });

  it('a Redlock partition is shown at the start when some renewer cannot reach some node', () => {
    const cut = createWorld(scenarioOn({ kind: 'redlock', unreachable: { A: ['R4', 'R5'], B: [] } }), ALL_MODELS);
    expect(events(cut)).toEqual(['0 networkPartitioned', '100 attemptDue']);
    const whole = createWorld(scenarioOn({ kind: 'redlock', unreachable: { A: [], B: [] } }), ALL_MODELS);
    expect(events(whole)).toEqual(['100 attemptDue']);
  });

  it('each Redlock clock jump is scheduled; a clock that never jumps adds nothing', () => {
    const clocks = {
      R3: { offsetMs: 0, driftRate: 0, jumps: [{ atMs: 1_000, byMs: 60_000 }] },
      R4: { offsetMs: 500, driftRate: 0.01, jumps: [] },
    };
    const world = createWorld(scenarioOn({ kind: 'redlock', clocks }), ALL_MODELS);
    expect(events(world)).toEqual(['100 attemptDue', '1000 clockJumped R3']);
  });
});

describe('the event queue', () => {
  const empty = (): World => ({ ...createWorld(buildScenario(), LESSON_MODELS), queue: [], nextSeq: 5 });

  it('numbers each scheduled event in turn', () => {
    const once = schedule(empty(), 10, { kind: 'expiryCheck' });
    const twice = schedule(once, 10, { kind: 'failover' });
    expect(twice.queue.map((entry) => entry.seq)).toEqual([5, 6]);
    expect(twice.nextSeq).toBe(7);
  });

  it('keeps one expiry check per instant, but adds one at another instant or next to another event', () => {
    const checked = scheduleExpiryCheck(empty(), 30_000);
    expect(scheduleExpiryCheck(checked, 30_000)).toBe(checked);
    expect(events(scheduleExpiryCheck(checked, 31_000))).toEqual(['30000 expiryCheck', '31000 expiryCheck']);
    const failover = schedule(empty(), 30_000, { kind: 'failover' });
    expect(events(scheduleExpiryCheck(failover, 30_000))).toEqual(['30000 failover', '30000 expiryCheck']);
  });
});

describe('looking things up', () => {
  const scenario = buildScenario({ resource: { kind: 'email', owner: 'snip-42', week: '2026-W48' } });

  it('a run that guards a resource without its model says which model to pass', () => {
    expect(() => resourceModelOf(scenario, LESSON_MODELS)).toThrow(
      'This run guards the "email" resource; pass its model to runScenario (ALL_MODELS has it)',
    );
    expect(resourceModelOf(buildScenario(), LESSON_MODELS)).toBe(certificateRowModel);
  });

  it('an unknown renewer is named in the error', () => {
    const context: Context = {
      scenario: buildScenario(),
      models: LESSON_MODELS,
      resource: certificateRowModel,
      writeMode: 'fenced',
      idempotencyKey: false,
    };
    expect(definitionOf(context, 'B').retryEveryMs).toBe(16_000);
    expect(() => definitionOf(context, 'C')).toThrow('No renewer "C" in scenario test-scenario');
    expect(() => renewerById(createWorld(buildScenario(), LESSON_MODELS), 'C')).toThrow('No renewer "C"');
  });
});
