import type { Happening } from './happenings.ts';
import type { Timeline } from './run.ts';
import { known } from './known.ts';

/**
 * What tells two runs apart in time: the moments each meets, in order. The outcome map names the boundary between
 * two neighbouring runs' verdicts by the first pair of moments whose order flips between them.
 */

/**
 * The moments a boundary can be named by, as `kind` or `kind:who`, each at its first occurrence, in the order the
 * run met them. Refusals and retries repeat and say nothing about order; a certificate's arrival and a release
 * follow from a grant and a write, and would name a boundary by a consequence rather than by the swap itself.
 */
export const MILESTONE_KINDS = [
  'leaseGranted',
  'processPaused',
  'leaseExpired',
  'validityEnded',
  'processResumed',
  'writeRequested',
  'writeAnswered',
  'emailRequested',
  'failover',
  'clockJumped',
] as const satisfies readonly Happening['kind'][];
export type MilestoneKind = (typeof MILESTONE_KINDS)[number];

export function milestonesOf(timeline: Timeline): readonly string[] {
  const seen = new Set<string>();
  for (const { happening } of timeline.frames) {
    if (!(MILESTONE_KINDS as readonly string[]).includes(happening.kind)) continue;
    const who = 'renewer' in happening ? happening.renewer : 'lease' in happening ? happening.lease.holder : undefined;
    seen.add(who === undefined ? happening.kind : `${happening.kind}:${who}`);
  }
  return [...seen];
}

/** Two moments whose order flips across a boundary: on the worse side, `later` comes after `earlier`. */
export interface Flip {
  readonly later: string;
  /** Empty when the worse side has a moment (`later`) the better side never meets. */
  readonly earlier: string;
}

/**
 * The first pair of moments, common to both runs, whose order differs: walking the worse run in time, the first
 * moment that here comes after a moment it came before in the better run; its partner is the nearest such moment
 * (the swap itself, not an event long before it). Null when the runs meet their common moments in the same order
 * and differ only in which moments happen at all.
 */
export function firstFlip(worse: readonly string[], better: readonly string[]): Flip | null {
  const place = new Map(better.map((moment, index) => [moment, index]));
  const common = worse.filter((moment) => place.has(moment));
  for (let i = 1; i < common.length; i++)
    for (let j = i - 1; j >= 0; j--)
      if (known(place.get(known(common[j]))) > known(place.get(known(common[i]))))
        return { later: known(common[i]), earlier: known(common[j]) };
  return null;
}
