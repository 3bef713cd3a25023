import type { z } from 'zod';
import type { LockServiceDescriptor } from '../descriptor.ts';

const configSchema = (zod: typeof z) => zod.object({ kind: zod.literal('lesson') }).strict();

export type LessonLockConfig = z.infer<ReturnType<typeof configSchema>>;

/** The lesson's generic lock service: "acquire …" → "granted, token 33". */
export const LESSON_LOCK = {
  kind: 'lesson',
  issuesTokens: true,
  labFields: [],
  configSchema,
  fromLab: () => ({ kind: 'lesson' }),
  modelCheck: { by: 'realServer', debianPackage: 'redis-server', suite: 'tools/conformance/redis.real.test.ts' },
  captions: {
    scenarioStarted: 'scenarioStarted',
    acquireRequested: 'acquireRequested',
    acquireRequestedTtlChanged: null,
    leaseGranted: 'leaseGranted',
    lateGrant: { expired: 'leaseGrantedExpired', waited: 'leaseGrantedWaited' },
    leaseRefused: 'leaseRefused',
    leaseRefusedNoHolder: null,
    releaseRequested: 'releaseRequested',
    leaseReleased: 'leaseReleased',
    releaseRefusedNotHolder: 'releaseRefusedNotHolder',
    releaseRefusedNoLease: 'releaseRefusedNoLease',
    leaseExpired: 'leaseExpired',
    leaseExpiredUnread: 'leaseExpiredUnread',
    leaseExpiredUnreadHeldBack: null,
    leaseExpiredRunning: 'leaseExpiredRunning',
    holdCheck: null,
  },
} as const satisfies LockServiceDescriptor<'lesson', LessonLockConfig>;
