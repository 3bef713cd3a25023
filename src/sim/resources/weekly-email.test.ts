import { describe, expect, it } from 'vitest';
import { buildScenario } from '@/testing/builders';
import { ALL_MODELS } from '../all-models';
import type { ScenarioDefinition } from '../scenario';
import { fencingToken, virtualMs } from '../types';
import { createWorld, type Context, type World } from '../world';
import { weeklyEmailModel } from './weekly-email';

/** Snip's weekly report: with an idempotency key, `(owner, week)` is claimed before the email goes. */
const weekly = buildScenario({ resource: { kind: 'email', owner: 'snip-42', week: '2026-W48' } });

function contextFor(scenario: ScenarioDefinition, idempotencyKey: boolean): Context {
  return { scenario, models: ALL_MODELS, resource: weeklyEmailModel, writeMode: 'unfenced', idempotencyKey };
}

function send(world: World, from: string, scenario = weekly, idempotencyKey = true) {
  const message = {
    kind: 'write' as const,
    from,
    grantOrder: from === 'A' ? 1 : 2,
    fencingToken: fencingToken(from === 'A' ? 33 : 34),
    cert: { serial: 1001, issuedAt: virtualMs(5_000), notAfter: virtualMs(7_776_000_000) },
  };
  return weeklyEmailModel.receive(world, message, contextFor(scenario, idempotencyKey));
}

const start = (scenario = weekly) => createWorld(scenario, ALL_MODELS);

describe('the weekly email receives a send', () => {
  it('the first send with a key claims (owner, week), sends, and is recorded as one row changed', () => {
    const { world, answer, happening } = send(start(), 'A');
    expect(happening).toEqual({ kind: 'emailRequested', renewer: 'A', claim: 'claimed', sent: true });
    expect(answer).toEqual({ rowsChanged: 1, previousFence: null, overwroteNewer: false });
    expect(world.reportClaims).toEqual([{ owner: 'snip-42', week: '2026-W48' }]);
    expect(world.emailsSent).toEqual([{ renewer: 'A', grantOrder: 1 }]);
    expect(world.writes).toEqual([
      {
        renewer: 'A',
        fencingToken: 33,
        grantOrder: 1,
        cert: { serial: 1001, issuedAt: 5_000, notAfter: virtualMs(7_776_000_000) },
        rowsChanged: 1,
      },
    ]);
  });

  it('a second send for the same owner and week finds the claim: no email, 0 rows, and the write is still recorded', () => {
    const first = send(start(), 'A').world;
    const { world, answer, happening } = send(first, 'B');
    expect(happening).toEqual({ kind: 'emailRequested', renewer: 'B', claim: 'alreadyClaimed', sent: false });
    expect(answer).toEqual({ rowsChanged: 0, previousFence: null, overwroteNewer: false });
    expect(world.emailsSent).toEqual([{ renewer: 'A', grantOrder: 1 }]);
    expect(world.reportClaims).toHaveLength(1);
    expect(world.writes.map((write) => [write.renewer, write.rowsChanged])).toEqual([
      ['A', 1],
      ['B', 0],
    ]);
  });

  it.each([
    ['another week', { owner: 'snip-42', week: '2026-W47' }],
    ['another owner', { owner: 'snip-7', week: '2026-W48' }],
  ])('a claim for %s does not stop this report', (_, claim) => {
    const claimed = { ...start(), reportClaims: [claim] };
    const { world, happening } = send(claimed, 'A');
    expect(happening).toMatchObject({ claim: 'claimed', sent: true });
    expect(world.reportClaims).toEqual([claim, { owner: 'snip-42', week: '2026-W48' }]);
  });

  it('without a key, every holder sends, and nothing is claimed', () => {
    const first = send(start(), 'A', weekly, false);
    const second = send(first.world, 'B', weekly, false);
    expect(second.happening).toEqual({ kind: 'emailRequested', renewer: 'B', claim: 'none', sent: true });
    expect(second.world.emailsSent).toHaveLength(2);
    expect(second.world.reportClaims).toEqual([]);
    expect(weeklyEmailModel.judge(second.world, weekly)).toEqual({ kind: 'emailsSent', count: 2, row: null });
  });

  it('in a scenario that names no report, the claim is for an empty owner and week', () => {
    const certificate = buildScenario();
    const { world, happening } = send(start(certificate), 'A', certificate, true);
    expect(happening).toMatchObject({ claim: 'claimed', sent: true });
    expect(world.reportClaims).toEqual([{ owner: '', week: '' }]);
  });
});
