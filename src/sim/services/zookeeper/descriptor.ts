import type { z } from 'zod';
import type { LockServiceDescriptor } from '../descriptor.ts';

const configSchema = (zod: typeof z) => zod.object({ kind: zod.literal('zookeeper') }).strict();

export type ZookeeperLockConfig = z.infer<ReturnType<typeof configSchema>>;

/** ZooKeeper's lock recipe: an ephemeral sequential znode per waiter, its czxid as the token. */
export const ZOOKEEPER_LOCK = {
  kind: 'zookeeper',
  issuesTokens: true,
  labFields: [],
  configSchema,
  fromLab: () => ({ kind: 'zookeeper' }),
  modelCheck: { by: 'realServer', debianPackage: 'zookeeper', suite: 'tools/conformance/zookeeper.real.test.ts' },
  captions: {
    scenarioStarted: 'scenarioStarted',
    acquireRequested: 'acquireRequestedZooKeeper',
    acquireRequestedTtlChanged: 'acquireRequestedZooKeeperNegotiated',
    leaseGranted: 'leaseGrantedZooKeeper',
    lateGrant: { expired: 'leaseGrantedExpiredZooKeeper', waited: 'leaseGrantedWaitedZooKeeper' },
    leaseRefused: 'leaseRefusedZooKeeper',
    leaseRefusedNoHolder: null,
    releaseRequested: 'releaseRequestedZooKeeper',
    leaseReleased: 'leaseReleasedZooKeeper',
    releaseRefusedNotHolder: 'releaseRefusedZooKeeper',
    releaseRefusedNoLease: 'releaseRefusedZooKeeper',
    leaseExpired: 'leaseExpiredZooKeeper',
    leaseExpiredUnread: 'leaseExpiredUnreadZooKeeper',
    leaseExpiredUnreadHeldBack: null,
    leaseExpiredRunning: null,
    holdCheck: {
      requested: 'childrenRequestedZooKeeper',
      granted: 'childrenLowestZooKeeper',
      refused: 'childrenSessionExpiredZooKeeper',
    },
  },
} as const satisfies LockServiceDescriptor<'zookeeper', ZookeeperLockConfig>;
