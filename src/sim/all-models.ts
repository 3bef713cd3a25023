import { CHUBBY_CAPTIONS } from './services/chubby/captions.ts';
import { CHUBBY_SERVICE } from './services/chubby/model.ts';
import { ETCD_CAPTIONS } from './services/etcd/captions.ts';
import { ETCD_SERVICE } from './services/etcd/model.ts';
import { HAZELCAST_CAPTIONS } from './services/hazelcast/captions.ts';
import { HAZELCAST_SERVICE } from './services/hazelcast/model.ts';
import { LESSON_CAPTIONS } from './services/lesson/captions.ts';
import { LESSON_LOCK_SERVICE } from './services/lesson/model.ts';
import { REDIS_CAPTIONS } from './services/redis/captions.ts';
import { REDIS_LOCK_SERVICE } from './services/redis/model.ts';
import { REDLOCK_CAPTIONS } from './services/redlock/captions.ts';
import { REDLOCK_SERVICE } from './services/redlock/model.ts';
import { ZOOKEEPER_CAPTIONS } from './services/zookeeper/captions.ts';
import { ZOOKEEPER_SERVICE } from './services/zookeeper/model.ts';
import type { ServiceCaptionOracle } from './claims.ts';
import type { LockServiceKind } from './services/lock-services.ts';
import type { LockService } from './services/service.ts';
import { certificateRowModel } from './resources/certificate-row.ts';
import { weeklyEmailModel } from './resources/weekly-email.ts';
import type { SimModels } from './world.ts';

/**
 * Each lock service's model and the claims of its own captions, by kind: with services/lock-services.ts, the
 * second of the two places a new service is registered. A missing or misfiled one is a type error here.
 */
const ALL_SERVICES: { readonly [K in LockServiceKind]: LockService<K> } = {
  lesson: LESSON_LOCK_SERVICE,
  redis: REDIS_LOCK_SERVICE,
  redlock: REDLOCK_SERVICE,
  etcd: ETCD_SERVICE,
  zookeeper: ZOOKEEPER_SERVICE,
  chubby: CHUBBY_SERVICE,
  hazelcast: HAZELCAST_SERVICE,
};

/** Test data and build input only: the page imports ALL_MODELS, and the bundler leaves this out. */
export const SERVICE_CAPTION_ORACLES = {
  lesson: LESSON_CAPTIONS,
  redis: REDIS_CAPTIONS,
  redlock: REDLOCK_CAPTIONS,
  etcd: ETCD_CAPTIONS,
  zookeeper: ZOOKEEPER_CAPTIONS,
  chubby: CHUBBY_CAPTIONS,
  hazelcast: HAZELCAST_CAPTIONS,
} as const satisfies { readonly [K in LockServiceKind]: ServiceCaptionOracle };

/** A caption that one service alone names, with its placeholders and claims in that service's folder. */
export type ServiceOwnCaptionKey = {
  [K in LockServiceKind]: keyof (typeof SERVICE_CAPTION_ORACLES)[K];
}[LockServiceKind];

/** Every model the simulation has: what the lab runs on. Import it lazily where it must stay out of a view. */
export const ALL_MODELS: SimModels = {
  services: ALL_SERVICES,
  resources: { certificate: certificateRowModel, email: weeklyEmailModel },
};
