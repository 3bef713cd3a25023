import { describe, expect, it } from 'vitest';
import { buildScenario } from '@/testing/builders';
import { firstFlip, milestonesOf } from './milestones';
import { runScenario } from './run';

describe('the moments a run meets', () => {
  it("are the lesson's evening in order, each at its first occurrence, refusals and retries left out", () => {
    const timeline = runScenario(buildScenario(), { fencing: false });
    expect(milestonesOf(timeline)).toEqual([
      'leaseGranted:A',
      'processPaused:A',
      'leaseExpired:A',
      'leaseGranted:B',
      'writeRequested:B',
      'writeAnswered:B',
      'processResumed:A',
      'writeRequested:A',
      'writeAnswered:A',
    ]);
  });

  it('finds the first moment whose order flips, its nearest partner, and nothing when the order holds', () => {
    expect(firstFlip(['a', 'b', 'c', 'd'], ['a', 'c', 'b', 'd'])).toEqual({ later: 'c', earlier: 'b' });
    // Walking the worse run in time, `d` is the first out of place; of `b` and `c`, `c` is nearer.
    expect(firstFlip(['a', 'b', 'c', 'd'], ['a', 'd', 'b', 'c'])).toEqual({ later: 'd', earlier: 'c' });
    // Moments only one side has are not compared.
    expect(firstFlip(['a', 'x', 'b'], ['a', 'b', 'y'])).toBeNull();
    expect(firstFlip([], [])).toBeNull();
  });
});
