import content from 'virtual:lockstep/content';
import { describe, expect, it } from 'vitest';
import { runScenario } from '@/sim/run';
import { buildRenewer, buildScenario } from '@/testing/builders';
import { fillTemplate } from '@/content/fill-template';
import { narrate, plainText } from './narrate';

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
