import type { z } from 'zod';
import type { LockServiceDescriptor } from '../descriptor.ts';

/** Chubby's lock-delay is at most one minute (Burrows, OSDI 2006, §2.4). */
export const MAX_LOCK_DELAY_MS = 60_000;

const configSchema = (zod: typeof z) =>
  zod.object({ kind: zod.literal('chubby'), lockDelayMs: zod.number().int().min(0).max(MAX_LOCK_DELAY_MS) }).strict();

export type ChubbyLockConfig = z.infer<ReturnType<typeof configSchema>>;

/** Chubby's lock: a sequencer from GetSequencer(), and a lock-delay after a lost holder. */
export const CHUBBY_LOCK = {
  kind: 'chubby',
  issuesTokens: true,
  labFields: ['lockDelayMs'],
  configSchema,
  fromLab: (lab) => ({ kind: 'chubby', lockDelayMs: lab.lockDelayMs }),
  modelCheck: { by: 'notChecked' },
  captions: {
    scenarioStarted: 'scenarioStarted',
    acquireRequested: 'acquireRequestedChubby',
    acquireRequestedTtlChanged: null,
    leaseGranted: 'leaseGrantedChubby',
    lateGrant: { expired: 'leaseGrantedExpiredChubby', waited: 'leaseGrantedWaitedChubby' },
    leaseRefused: 'leaseRefusedChubby',
    leaseRefusedNoHolder: 'leaseRefusedHeldBack',
    releaseRequested: 'releaseRequestedChubby',
    leaseReleased: 'leaseReleasedChubby',
    releaseRefusedNotHolder: 'releaseRefusedChubby',
    releaseRefusedNoLease: 'releaseRefusedChubby',
    leaseExpired: 'leaseExpiredChubby',
    leaseExpiredUnread: 'leaseExpiredUnreadChubby',
    leaseExpiredUnreadHeldBack: 'leaseExpiredUnreadHeldBack',
    leaseExpiredRunning: null,
    holdCheck: { requested: 'sequencerRequested', granted: 'sequencerGranted', refused: 'sequencerRefused' },
  },
} as const satisfies LockServiceDescriptor<'chubby', ChubbyLockConfig>;
