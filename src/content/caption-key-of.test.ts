import { describe, expect, it } from 'vitest';
import type { Happening } from '@/sim/happenings';
import { captionKeyOf } from './caption-key-of';

const lease = (token: number | null) => ({ holder: 'A', token, expiresAt: 30_000 });

describe('captionKeyOf: the caption that tells each step', () => {
  it.each([
    ['a weekly email requested', { kind: 'emailRequested', claim: 'none', sent: true }, 'emailSent'],
    ['a fenced write', { kind: 'writeRequested', mode: 'fenced' }, 'writeRequestedFenced'],
    ['an unfenced write', { kind: 'writeRequested', mode: 'unfenced' }, 'writeRequestedUnfenced'],
    ['a write that changed no row', { kind: 'writeAnswered', rowsChanged: 0, overwroteNewer: false }, 'writeRejected'],
    ['a write over a newer row', { kind: 'writeAnswered', rowsChanged: 1, overwroteNewer: true }, 'writeAcceptedStale'],
    ['a write that kept order', { kind: 'writeAnswered', rowsChanged: 1, overwroteNewer: false }, 'writeAccepted'],
    ['a lease with a token', { kind: 'leaseGranted', lease: lease(33) }, 'leaseGranted'],
    ['a lease without a token', { kind: 'leaseGranted', lease: lease(null) }, 'leaseGrantedNoToken'],
    ['a release by another holder', { kind: 'releaseRefused', reason: 'notHolder' }, 'releaseRefusedNotHolder'],
    ['a release of no lease', { kind: 'releaseRefused', reason: 'noLease' }, 'releaseRefusedNoLease'],
    ['a failover that lost a lease', { kind: 'failover', lost: lease(null) }, 'failover'],
    ['a failover with no lease to lose', { kind: 'failover', lost: null }, 'failoverNoKey'],
    [
      'an end where a stale write won',
      { kind: 'scenarioEnded', outcome: { kind: 'staleOverwrote' } },
      'scenarioEndedStaleOverwrote',
    ],
    [
      'an end where the newest stayed',
      { kind: 'scenarioEnded', outcome: { kind: 'newestKept' } },
      'scenarioEndedNewestKept',
    ],
    ['any other step', { kind: 'leaseExpired', lease: lease(33) }, 'leaseExpired'],
  ])('%s', (_, happening, key) => {
    expect(captionKeyOf(happening as Happening)).toBe(key);
  });
});
