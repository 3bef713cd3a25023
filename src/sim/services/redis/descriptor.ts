import type { z } from 'zod';
import type { LockServiceDescriptor } from '../descriptor.ts';

const configSchema = (zod: typeof z) =>
  zod.object({ kind: zod.literal('redis'), failoverAtMs: zod.number().int().min(0).optional() }).strict();

export type RedisLockConfig = z.infer<ReturnType<typeof configSchema>>;

/** A single Redis primary: `SET key value NX PX ttl`, no token; a failover may lose the key. */
export const REDIS_LOCK = {
  kind: 'redis',
  issuesTokens: false,
  labFields: ['failoverAtMs'],
  configSchema,
  fromLab: (lab) => (lab.failoverAtMs > 0 ? { kind: 'redis', failoverAtMs: lab.failoverAtMs } : { kind: 'redis' }),
  modelCheck: { by: 'realServer', debianPackage: 'redis-server', suite: 'tools/conformance/redis.real.test.ts' },
  captions: {
    scenarioStarted: 'scenarioStarted',
    acquireRequested: 'acquireRequestedRedis',
    acquireRequestedTtlChanged: null,
    leaseGranted: 'leaseGrantedNoToken',
    lateGrant: { expired: 'leaseGrantedExpiredRedis', waited: 'leaseGrantedWaitedRedis' },
    leaseRefused: 'leaseRefusedNoToken',
    leaseRefusedNoHolder: null,
    releaseRequested: 'releaseRequestedRedis',
    leaseReleased: 'leaseReleasedNoToken',
    releaseRefusedNotHolder: 'releaseRefusedNotHolderNoToken',
    releaseRefusedNoLease: 'releaseRefusedNoLeaseNoToken',
    leaseExpired: 'leaseExpiredRedis',
    leaseExpiredUnread: 'leaseExpiredRedisUnread',
    leaseExpiredUnreadHeldBack: null,
    leaseExpiredRunning: null,
    holdCheck: null,
  },
} as const satisfies LockServiceDescriptor<'redis', RedisLockConfig>;
