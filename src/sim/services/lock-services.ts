import type { z } from 'zod';
import { CHUBBY_LOCK } from './chubby/descriptor.ts';
import { ETCD_LOCK } from './etcd/descriptor.ts';
import { HAZELCAST_LOCK } from './hazelcast/descriptor.ts';
import { LESSON_LOCK } from './lesson/descriptor.ts';
import { REDIS_LOCK } from './redis/descriptor.ts';
import { REDLOCK_LOCK } from './redlock/descriptor.ts';
import { ZOOKEEPER_LOCK } from './zookeeper/descriptor.ts';

/**
 * Every lock service, in the order the lab offers them. This list and sim/all-models.ts are the two places a new
 * service is registered; everything else (kinds, configs, captions, lab fields) is derived from its descriptor.
 */
export const LOCK_SERVICES = [
  LESSON_LOCK,
  REDIS_LOCK,
  REDLOCK_LOCK,
  ETCD_LOCK,
  ZOOKEEPER_LOCK,
  CHUBBY_LOCK,
  HAZELCAST_LOCK,
] as const;

type AnyLockService = (typeof LOCK_SERVICES)[number];

export type LockServiceKind = AnyLockService['kind'];

/** Which lock service a scenario runs against, with its own settings: each service's schema says which. */
export type LockServiceConfig = z.infer<ReturnType<AnyLockService['configSchema']>>;

export const LOCK_SERVICE_KINDS: readonly LockServiceKind[] = LOCK_SERVICES.map((service) => service.kind);

const BY_KIND = Object.fromEntries(LOCK_SERVICES.map((service) => [service.kind, service])) as {
  readonly [K in LockServiceKind]: Extract<AnyLockService, { kind: K }>;
};

/** The descriptor of a service, by kind. */
export const lockServiceOf = <K extends LockServiceKind>(kind: K): Extract<AnyLockService, { kind: K }> =>
  BY_KIND[kind];

/** Whether a service's grants carry a fencing token: storage can check tokens only from these. */
export const issuesTokens = (kind: LockServiceKind): boolean => lockServiceOf(kind).issuesTokens;
