import type { z } from 'zod';
import type { LockServiceDescriptor } from '../descriptor.ts';

const configSchema = (zod: typeof z) => zod.object({ kind: zod.literal('hazelcast') }).strict();

export type HazelcastLockConfig = z.infer<ReturnType<typeof configSchema>>;

/**
 * Hazelcast's FencedLock on the CP Subsystem (FencedLock and CPSubsystemConfig javadoc): a fence that grows each
 * time the lock goes from free to held, held for a client's CP session, which its heartbeats keep alive.
 */
export const HAZELCAST_LOCK = {
  kind: 'hazelcast',
  issuesTokens: true,
  labFields: [],
  configSchema,
  fromLab: () => ({ kind: 'hazelcast' }),
  modelCheck: { by: 'goldenTrace', test: 'src/sim/services/hazelcast/model.test.ts' },
  captions: {
    scenarioStarted: 'scenarioStartedHazelcast',
    acquireRequested: 'acquireRequestedHazelcast',
    acquireRequestedTtlChanged: 'acquireRequestedHazelcastRaised',
    leaseGranted: 'leaseGrantedHazelcast',
    lateGrant: { expired: 'leaseGrantedExpiredHazelcast', waited: 'leaseGrantedWaitedHazelcast' },
    leaseRefused: 'leaseRefusedHazelcast',
    leaseRefusedNoHolder: null,
    releaseRequested: 'releaseRequestedHazelcast',
    leaseReleased: 'leaseReleasedHazelcast',
    releaseRefusedNotHolder: 'releaseRefusedHazelcast',
    releaseRefusedNoLease: 'releaseRefusedHazelcast',
    leaseExpired: 'leaseExpiredHazelcast',
    leaseExpiredUnread: 'leaseExpiredUnreadHazelcast',
    leaseExpiredUnreadHeldBack: null,
    // Heartbeats keep a running holder's session alive: only a frozen one loses it.
    leaseExpiredRunning: null,
    holdCheck: null,
  },
} as const satisfies LockServiceDescriptor<'hazelcast', HazelcastLockConfig>;
