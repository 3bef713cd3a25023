import type { z } from 'zod';
import type { LockServiceDescriptor } from '../descriptor.ts';

const configSchema = (zod: typeof z) => zod.object({ kind: zod.literal('etcd') }).strict();

export type EtcdLockConfig = z.infer<ReturnType<typeof configSchema>>;

/** etcd's lock client: a lease, a key per waiter, and the key's create revision as the token. */
export const ETCD_LOCK = {
  kind: 'etcd',
  issuesTokens: true,
  labFields: [],
  configSchema,
  fromLab: () => ({ kind: 'etcd' }),
  modelCheck: { by: 'realServer', debianPackage: 'etcd-server', suite: 'tools/conformance/etcd.real.test.ts' },
  captions: {
    scenarioStarted: 'scenarioStarted',
    acquireRequested: 'acquireRequestedEtcd',
    acquireRequestedTtlChanged: 'acquireRequestedEtcdRaised',
    leaseGranted: 'leaseGrantedEtcd',
    lateGrant: { expired: 'leaseGrantedExpired', waited: 'leaseGrantedWaited' },
    leaseRefused: 'leaseRefusedEtcd',
    leaseRefusedNoHolder: null,
    releaseRequested: 'releaseRequestedEtcd',
    leaseReleased: 'leaseReleasedEtcd',
    releaseRefusedNotHolder: 'releaseRefusedEtcd',
    releaseRefusedNoLease: 'releaseRefusedEtcd',
    leaseExpired: 'leaseExpiredEtcd',
    leaseExpiredUnread: 'leaseExpiredUnread',
    leaseExpiredUnreadHeldBack: null,
    leaseExpiredRunning: null,
    holdCheck: null,
  },
} as const satisfies LockServiceDescriptor<'etcd', EtcdLockConfig>;
