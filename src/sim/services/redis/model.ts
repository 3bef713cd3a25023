import {
  createLockService,
  currentLease,
  expireLease,
  grantLease,
  releaseLease,
  type LessonLock,
} from '../lesson/model.ts';
import { leaseTruth, lockService, type LockModel } from '../service.ts';

interface RedisState {
  readonly primary: LessonLock;
}

/** One Redis with an asynchronous replica: at failover, the promoted replica has never seen the key. */
const redisModel: LockModel<RedisState> = {
  needsKeepAlive: false,
  create: (_config, settings) => ({ primary: createLockService(settings.key, settings.firstToken) }),
  failover(state, now) {
    const lease = currentLease(state.primary, now);
    return {
      state: { primary: { ...state.primary, lease: null } },
      lost: lease ? { holder: lease.holder, token: null, expiresAt: lease.expiresAt } : null,
    };
  },
  acquire(state, _config, request) {
    const { lock, result } = grantLease(state.primary, request);
    const next = { ...state, primary: lock };
    if (!result.granted)
      return { state: next, outcome: { granted: false, heldBy: { ...leaseTruth(result.heldBy), token: null } } };
    return { state: next, outcome: { granted: true, token: null, expiresAt: result.lease.expiresAt } };
  },
  release(state, request) {
    const { lock, result } = releaseLease(state.primary, request);
    return { state: { ...state, primary: lock }, released: result.released };
  },
  keepAlive: (state) => state,
  expire: (state, now) => ({ ...state, primary: expireLease(state.primary, now).lock }),
  nextExpiry: (state) => state.primary.lease?.expiresAt ?? null,
  truth(state, now) {
    const lease = currentLease(state.primary, now);
    return lease ? { holder: lease.holder, token: null, expiresAt: lease.expiresAt } : null;
  },
};

export const REDIS_LOCK_SERVICE = /* @__PURE__ */ lockService('redis', redisModel);
