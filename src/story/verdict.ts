import { issuesTokens } from '@/sim/services/lock-services';
import { type Timeline } from '@/sim/run';
import { staleWritesLanded } from '@/sim/stale';
import type { LabConfig } from '@/settings/lab-config';

/**
 * How a run ended, in the lesson's terms.
 * - `safe`: one renewal landed, and it was the newest.
 * - `duplicateWork`: more than one renewal landed, in order: wasted work, nothing corrupted.
 * - `staleWriteLanded`: a write from an earlier grant of the lock replaced one from a later grant.
 */
export type Verdict =
  /** The run hit the event bound before it settled: no verdict can be given. */
  | { readonly kind: 'cutOff'; readonly events: number }
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
  if (!timeline.settled) return { kind: 'cutOff', events: timeline.events };
  if (outcome.kind === 'emailsSent') {
    return outcome.count > 1 ? { kind: 'duplicateWork', writes: outcome.count } : { kind: 'safe' };
  }
  const writes = timeline.frames.at(-1)?.world.writes ?? [];
  // Judged on what landed, not only on the last row: a stale write overwritten later still landed.
  const stale = staleWritesLanded(writes)[0];
  if (stale) {
    return {
      kind: 'staleWriteLanded',
      writer: stale.write.renewer,
      token: stale.write.fencingToken,
      replacedToken: stale.replaced.fencingToken,
    };
  }
  const landed = writes.filter((write) => write.rowsChanged > 0).length;
  return landed > 1 ? { kind: 'duplicateWork', writes: landed } : { kind: 'safe' };
}

/** Why the run ended as it did, as a key into content/lab/presets.json's `reasons`. */
export type VerdictReason =
  | 'cutOff'
  | 'noToken'
  | 'unchecked'
  | 'unordered'
  | 'duplicate'
  | 'fenced'
  | 'timing'
  | 'duplicateEmail'
  | 'idempotent';

export function reasonFor(verdict: Pick<Verdict, 'kind'>, config: LabConfig): VerdictReason {
  switch (verdict.kind) {
    case 'cutOff':
      return 'cutOff';
    case 'staleWriteLanded':
      if (!issuesTokens(config.service)) return 'noToken';
      return config.storage === 'unchecked' ? 'unchecked' : 'unordered';
    case 'duplicateWork':
      return config.resource === 'email' ? 'duplicateEmail' : 'duplicate';
    case 'safe':
      if (config.resource === 'email') return config.storage === 'idempotencyKey' ? 'idempotent' : 'timing';
      return config.storage === 'fenced' && issuesTokens(config.service) ? 'fenced' : 'timing';
  }
}
