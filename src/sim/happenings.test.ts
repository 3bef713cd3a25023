import { describe, expect, it } from 'vitest';
import { CERTIFICATES_TABLE, LOCK_SERVICE, shapeOf, type Happening, type HappeningShape } from './happenings';
import { fencingToken, virtualMs } from './types';

/** How each step is drawn on the sequence diagram: an arrow between two lifelines, or a note over some. */
const lifelines = ['A', 'B', LOCK_SERVICE, CERTIFICATES_TABLE];
const lease = { holder: 'B', token: fencingToken(34), expiresAt: virtualMs(45_000) };
const cert = { serial: 1001, issuedAt: virtualMs(5_000), notAfter: virtualMs(7_776_000_000) };

const cases: [Happening, HappeningShape][] = [
  [
    { kind: 'acquireRequested', renewer: 'A', leaseValue: 'v', ttlMs: 30_000 },
    { shape: 'message', from: 'A', to: LOCK_SERVICE },
  ],
  [
    { kind: 'releaseRequested', renewer: 'A', leaseValue: 'v' },
    { shape: 'message', from: 'A', to: LOCK_SERVICE },
  ],
  [
    { kind: 'leaseGranted', renewer: 'A', lease, sentAt: virtualMs(0) },
    { shape: 'message', from: LOCK_SERVICE, to: 'A' },
  ],
  [
    { kind: 'leaseRefused', renewer: 'A', heldBy: lease, retryAt: virtualMs(16_000) },
    { shape: 'message', from: LOCK_SERVICE, to: 'A' },
  ],
  [
    { kind: 'leaseReleased', renewer: 'A', lease },
    { shape: 'message', from: LOCK_SERVICE, to: 'A' },
  ],
  [
    { kind: 'releaseRefused', renewer: 'A', reason: 'notHolder', heldBy: lease },
    { shape: 'message', from: LOCK_SERVICE, to: 'A' },
  ],
  [
    {
      kind: 'writeRequested',
      renewer: 'A',
      mode: 'fenced',
      cert,
      fencingToken: fencingToken(33),
      rowsChanged: 0,
      previous: null,
    },
    { shape: 'message', from: 'A', to: CERTIFICATES_TABLE },
  ],
  [
    { kind: 'emailRequested', renewer: 'A', claim: 'claimed', sent: true },
    { shape: 'message', from: 'A', to: CERTIFICATES_TABLE },
  ],
  [
    {
      kind: 'writeAnswered',
      renewer: 'A',
      fencingToken: fencingToken(33),
      rowsChanged: 0,
      previousFence: 34,
      overwroteNewer: false,
    },
    { shape: 'message', from: CERTIFICATES_TABLE, to: 'A' },
  ],
  [
    { kind: 'certificateRequested', renewer: 'A', readyAt: virtualMs(5_000), current: null },
    { shape: 'note', over: ['A'] },
  ],
  [
    { kind: 'renewerGaveUp', renewer: 'A', attempts: 10 },
    { shape: 'note', over: ['A'] },
  ],
  [
    { kind: 'grantTooLate', renewer: 'A', elapsedMs: 40_000, validityMs: -10_302, retryAt: virtualMs(56_000) },
    { shape: 'note', over: ['A'] },
  ],
  [
    { kind: 'certificateReceived', renewer: 'A', cert },
    { shape: 'note', over: ['A'] },
  ],
  [
    { kind: 'processPaused', renewer: 'A', until: virtualMs(42_000), durationMs: 40_000 },
    { shape: 'note', over: ['A'] },
  ],
  [
    { kind: 'processResumed', renewer: 'A', pausedForMs: 40_000 },
    { shape: 'note', over: ['A'] },
  ],
  [
    { kind: 'leaseExpired', lease },
    // On the lock service alone: the holder does not know its lease has ended.
    { shape: 'note', over: [LOCK_SERVICE] },
  ],
  [
    { kind: 'failover', lost: lease },
    { shape: 'note', over: [LOCK_SERVICE] },
  ],
  [
    { kind: 'clockJumped', node: 'C', byMs: 60_000 },
    { shape: 'note', over: [LOCK_SERVICE] },
  ],
  [
    { kind: 'networkPartitioned', unreachable: { A: ['D', 'E'] } },
    { shape: 'note', over: [LOCK_SERVICE] },
  ],
  [
    { kind: 'scenarioStarted', row: null },
    { shape: 'note', over: lifelines },
  ],
  [
    { kind: 'scenarioEnded', outcome: { kind: 'newestKept', row: null } },
    { shape: 'note', over: lifelines },
  ],
];

describe('the shape of each step on the diagram', () => {
  it.each(cases.map(([happening, shape]) => [happening.kind, happening, shape] as const))(
    '%s',
    (_, happening, shape) => {
      expect(shapeOf(happening, lifelines)).toEqual(shape);
    },
  );
});
