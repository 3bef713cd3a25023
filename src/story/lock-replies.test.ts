import content from 'virtual:lockstep/content';
import { describe, expect, it } from 'vitest';
import { runScenario } from '@/sim/run';
import { narrate } from '@/story/narrate';

const LOCK_STEPS = [
  'acquireRequested',
  'leaseGranted',
  'leaseRefused',
  'releaseRequested',
  'leaseReleased',
  'releaseRefused',
];

/** The walkthrough's lock service is a generic one that counts grants: it speaks its own words, never Redis's. */
describe.each([true, false])('the walkthrough lock service (fencing %s)', (fencing) => {
  const timeline = runScenario(content.scenarios[0]!, { fencing });
  const told = timeline.frames.map((frame) => ({
    kind: frame.happening.kind,
    ...narrate(frame, timeline, content.captions.steps),
  }));
  const lockSteps = told.filter((step) => LOCK_STEPS.includes(step.kind));

  it('answers a request with "granted, token n" or "refused: held by …", as the seed has it', () => {
    expect(lockSteps.filter((step) => step.kind === 'acquireRequested').map((step) => step.label)).toEqual([
      'acquire, lease 30 s',
      'acquire, lease 30 s',
      'acquire, lease 30 s',
    ]);
    expect(lockSteps.filter((step) => step.kind === 'leaseGranted').map((step) => step.label)).toEqual([
      'granted, token 33',
      'granted, token 34',
    ]);
    const refused = lockSteps.find((step) => step.kind === 'leaseRefused')!;
    expect(refused.label).toBe('refused: held by Renewer A');
    expect(refused.caption).toContain('`refused: held by Renewer A until 30 s`');
  });

  it('releases by token: B frees its own lease, A is refused because B holds the lock', () => {
    const releases = lockSteps.filter((step) => step.kind.startsWith('release') || step.kind === 'leaseReleased');
    expect(releases.map((step) => step.label)).toEqual([
      'release, token 34',
      'released',
      'release, token 33',
      'refused: not held',
    ]);
  });

  it('never shows a Redis command or reply for a service that is not Redis', () => {
    for (const step of lockSteps) {
      expect(`${step.label} ${step.caption}`).not.toMatch(
        /\bSET\b|\bNX\b|\bPX\b|\bOK\b|\bnil\b|INCR|compare-and-delete/,
      );
    }
  });
});
