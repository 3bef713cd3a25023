import { CHUBBY_SERVICE } from './services/chubby.ts';
import { ETCD_SERVICE } from './services/etcd.ts';
import { LESSON_LOCK_SERVICE } from './services/lesson.ts';
import { REDIS_LOCK_SERVICE } from './services/redis.ts';
import { REDLOCK_SERVICE } from './services/redlock.ts';
import { ZOOKEEPER_SERVICE } from './services/zookeeper.ts';
import type { LockServiceKind, LockService } from './services/service.ts';
import { certificateRowModel } from './resources/certificate-row.ts';
import { weeklyEmailModel } from './resources/weekly-email.ts';
import type { SimModels } from './world.ts';

/** Every lock service by kind; a missing or misfiled one is a type error here. */
const ALL_SERVICES: { readonly [K in LockServiceKind]: LockService<K> } = {
  lesson: LESSON_LOCK_SERVICE,
  redis: REDIS_LOCK_SERVICE,
  redlock: REDLOCK_SERVICE,
  etcd: ETCD_SERVICE,
  zookeeper: ZOOKEEPER_SERVICE,
  chubby: CHUBBY_SERVICE,
};

/** Every model the simulation has: what the lab runs on. Import it lazily where it must stay out of a view. */
export const ALL_MODELS: SimModels = {
  services: ALL_SERVICES,
  resources: { certificate: certificateRowModel, email: weeklyEmailModel },
};
