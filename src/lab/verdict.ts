import { issuesTokens } from '@/sim/lock-backends';
import type { Timeline } from '@/sim/run';
import type { LabConfig } from './lab-config';

/**
 * How a run ended, in the lesson's terms.
 * - `safe`: one renewal landed, and it was the newest.
 * - `duplicateWork`: more than one renewal landed, in order: wasted work, nothing corrupted.
 * - `staleWriteLanded`: a write from an earlier grant of the lock replaced one from a later grant.
 */
export type Verdict =
  | { readonly kind: 'safe' }
  | { readonly kind: 'duplicateWork'; readonly writes: number }
  | {
      readonly kind: 'staleWriteLanded';
      readonly writer: string;
      readonly token: number | null;
      readonly replacedToken: number | null;
    };

export function verdictOf(timeline: Timeline): Verdict {
  const { outcome } = timeline;
  const writes = timeline.frames.at(-1)?.world.writes ?? [];
  if (outcome.kind === 'staleOverwrote') {
    const stale = writes.filter((write) => write.rowsChanged > 0).at(-1);
    const newer = writes.find((write) => write.rowsChanged > 0 && write.grantOrder === outcome.newerGrant);
    return {
      kind: 'staleWriteLanded',
      writer: outcome.staleWriter,
      token: stale?.fencingToken ?? null,
      replacedToken: newer?.fencingToken ?? null,
    };
  }
  const landed = writes.filter((write) => write.rowsChanged > 0).length;
  return landed > 1 ? { kind: 'duplicateWork', writes: landed } : { kind: 'safe' };
}

/** One sentence on why the run ended as it did. */
export function explainVerdict(verdict: Verdict, config: LabConfig): string {
  switch (verdict.kind) {
    case 'staleWriteLanded':
      if (!issuesTokens(config.service)) {
        return 'This lock service hands out no fencing token, so the table had nothing to check the late write against.';
      }
      if (config.storage === 'unchecked') return 'The lock service gave out tokens, but the table did not check them.';
      return 'The late write carried a token the table could not order.';
    case 'duplicateWork':
      return 'More than one renewer did the work, but each write was newer than the last: wasted effort, no harm done.';
    case 'safe':
      return config.storage === 'fenced' && issuesTokens(config.service)
        ? 'Any late write carried a lower token than the table had seen, so it changed nothing.'
        : 'The timing happened to work out: no holder acted after its lock had passed on.';
  }
}
