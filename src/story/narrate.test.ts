import content from 'virtual:lockstep/content';
import { describe, expect, it } from 'vitest';
import type { Happening } from '@/sim/happenings';
import { runScenario } from '@/sim/run';
import { virtualMs } from '@/sim/types';
import { buildRenewer, buildScenario } from '@/testing/builders';
import { fillTemplate } from '@/content/fill-template';
import { captionVariables, narrate, plainText } from './narrate';

const scenarios = {
  seed: buildScenario(),
  'long TTL': buildScenario({ leaseTtlMs: 90_000 }),
  'network delay': buildScenario({ networkDelayMs: 250 }),
  'short pause': buildScenario({
    renewers: [
      buildRenewer({ id: 'A', pauses: [{ atMs: 1_000, durationMs: 3_000 }] }),
      buildRenewer({ id: 'B', startsAtMs: 2_000 }),
    ],
  }),
};

describe('narrate', () => {
  for (const [name, scenario] of Object.entries(scenarios)) {
    for (const fencing of [true, false]) {
      it(`fills every placeholder of every step (${name}, fencing ${fencing ? 'on' : 'off'})`, () => {
        const timeline = runScenario(scenario, { fencing });
        for (const frame of timeline.frames) {
          const { label, caption } = narrate(frame, timeline, content.captions.steps);
          expect(label).not.toMatch(/[{}]|undefined|NaN/);
          expect(caption).not.toMatch(/[{}]|undefined|NaN/);
        }
      });
    }
  }

  it('tells the rejected write with the token and the fence it lost to', () => {
    const timeline = runScenario(buildScenario(), { fencing: true });
    const rejected = timeline.frames.find(
      ({ happening }) => happening.kind === 'writeAnswered' && happening.rowsChanged === 0,
    )!;
    expect(narrate(rejected, timeline, content.captions.steps)).toMatchObject({
      label: '✕ rejected: fence 34 > token 33 (UPDATE 0)',
      caption: expect.stringContaining('token 33 is lower than the fence 34'),
    });
  });

  it('says plainly when a stale certificate replaced a newer one', () => {
    const timeline = runScenario(buildScenario(), { fencing: false });
    const last = timeline.frames.at(-1)!;
    expect(narrate(last, timeline, content.captions.steps).caption).toContain(
      'a stale certificate replaced a newer one',
    );
  });
});

describe('fillTemplate and plainText', () => {
  it('replaces known placeholders and leaves unknown ones visible', () => {
    expect(fillTemplate('{renewer} has {token} and {nope}', { renewer: 'A', token: '33' })).toBe('A has 33 and {nope}');
  });

  it('drops code marks for screen readers', () => {
    expect(plainText('run `SET k v NX`')).toBe('run SET k v NX');
  });
});

describe('the values a caption may use, where the run has none to give', () => {
  const timeline = runScenario(buildScenario(), { fencing: true });
  // At the first step nobody holds the lock and neither renewer believes it does.
  const start = timeline.frames[0]!;
  const valuesFor = (happening: object) =>
    captionVariables({ ...start, at: virtualMs(12_000), happening: happening as Happening }, timeline);

  it('a refusal that names no holder says "another renewer", with no token and an unknown end', () => {
    expect(valuesFor({ kind: 'leaseRefused', renewer: 'B', heldBy: null, retryAt: 16_000 })).toMatchObject({
      renewer: 'Renewer B',
      holder: 'another renewer',
      token: 'none',
      expiresAt: 'an unknown time',
      retryAt: '16 s',
    });
    expect(
      valuesFor({
        kind: 'leaseRefused',
        renewer: 'B',
        heldBy: { holder: 'A', token: 33, expiresAt: 30_000 },
        retryAt: 16_000,
      }),
    ).toMatchObject({ holder: 'Renewer A', token: '33', expiresAt: '30 s' });
  });

  it('a failover that took no one’s lock, and a refused release with no holder, say "nobody"', () => {
    expect(valuesFor({ kind: 'failover', lost: null })).toMatchObject({
      holder: 'nobody',
      expiresAt: 'an unknown time',
    });
    expect(valuesFor({ kind: 'failover', lost: { holder: 'A', token: null, expiresAt: 30_000 } })).toMatchObject({
      holder: 'Renewer A',
      expiresAt: '30 s',
    });
    expect(valuesFor({ kind: 'releaseRefused', renewer: 'A', heldBy: null })).toMatchObject({
      holder: 'nobody',
      token: '–',
    });
  });

  it('a sequencer with no retry time shows a dash for it', () => {
    expect(valuesFor({ kind: 'holdCheckAnswered', renewer: 'A', token: null, retryAt: null })).toMatchObject({
      token: 'none',
      retryAt: '–',
    });
    expect(valuesFor({ kind: 'holdCheckAnswered', renewer: 'A', token: 33, retryAt: 5_000 })).toMatchObject({
      token: '33',
      retryAt: '5 s',
    });
  });

  it('a story with no row shows dashes for its serial and fence', () => {
    expect(valuesFor({ kind: 'scenarioStarted', row: null })).toMatchObject({
      serial: '–',
      fence: '–',
      issuedAt: 'before the story began',
      replacedWith: '–',
    });
  });

  it('a renewer that believes it holds nothing pauses and releases with token "none"', () => {
    expect(valuesFor({ kind: 'processPaused', renewer: 'A', durationMs: 40_000, until: 52_000 })).toMatchObject({
      duration: '40 s',
      until: '52 s',
      token: 'none',
    });
    expect(valuesFor({ kind: 'processResumed', renewer: 'A', pausedForMs: 40_000 })).toMatchObject({
      duration: '40 s',
      until: '12 s',
    });
    expect(valuesFor({ kind: 'releaseRequested', renewer: 'A', leaseValue: 'v' })).toMatchObject({
      leaseValue: 'v',
      token: 'none',
    });
  });

  it('a certificate with no issue time was issued "earlier"; a write to no earlier row found fence "none"', () => {
    expect(valuesFor({ kind: 'certificateReceived', renewer: 'A', cert: { serial: 7, issuedAt: null } })).toMatchObject(
      { serial: '7', issuedAt: 'earlier' },
    );
    expect(
      valuesFor({
        kind: 'writeRequested',
        renewer: 'A',
        fencingToken: null,
        cert: { serial: 7, issuedAt: null },
        previous: null,
        rowsChanged: 2,
      }),
    ).toMatchObject({ token: 'none', serial: '7', fence: 'none', rows: '2 rows' });
    expect(valuesFor({ kind: 'writeAnswered', renewer: 'A', fencingToken: 33, previousFence: null })).toMatchObject({
      token: '33',
      fence: 'none',
    });
  });

  it('a renewer the scenario does not name is called by its id; a step with nothing of its own gives the basics', () => {
    expect(valuesFor({ kind: 'holdCheckRequested', renewer: 'Z' })).toEqual({
      time: '12 s',
      domain: 'go.shop.example',
      key: 'lock:cert:go.shop.example',
      ttl: '30 s',
      renewerCount: 'Two',
      renewer: 'Z',
    });
  });

  it('a partition names, renewer by renewer, the nodes each cannot reach, leaving out those it reaches all of', () => {
    expect(
      valuesFor({ kind: 'networkPartitioned', unreachable: { A: ['R4', 'R5'], B: [], C: ['R1'] } }).partition,
    ).toBe('Renewer A: R4, R5; C: R1');
  });
});
