import { describe, expect, it } from 'vitest';
import { ALL_MODELS } from '../all-models';
import { LESSON_MODELS } from '../run';
import { virtualMs } from '../types';
import { EVERY_LOCK_SERVICE } from '@/testing/builders';
import { issuesTokens, LOCK_SERVICE_KINDS } from './lock-services';
import { createBackend, earliest, expireOn } from './service';

const settings = { key: 'lock', ttlMs: 30_000, firstToken: 33, seed: 1 };
const request = (holder: string, now: number) => ({ holder, value: `v-${holder}`, ttlMs: 30_000, now: virtualMs(now) });

describe('lock services behind one interface', () => {
  it('a run without the model it needs says which one, instead of failing later', () => {
    expect(() => createBackend(LESSON_MODELS.services, { kind: 'etcd' }, settings)).toThrow(
      'This run needs the "etcd" lock service; pass it to runScenario (ALL_MODELS has it)',
    );
  });

  it('every kind has a service of that kind, and says whether it hands out tokens', () => {
    for (const kind of LOCK_SERVICE_KINDS) {
      const config = EVERY_LOCK_SERVICE[kind];
      const backend = createBackend(ALL_MODELS.services, config, settings);
      expect(backend.kind).toBe(kind);
      const { outcome, backend: held } = backend.acquire(config, request('A', 0));
      expect(outcome.granted).toBe(true);
      // Chubby's holder gets its token from a call of its own, GetSequencer(); ZooKeeper's lists the children.
      expect(held.checksHold).toBe(kind === 'chubby' || kind === 'zookeeper');
      if (held.checksHold) expect(held.holdCheck('A', virtualMs(0)).token).not.toBeNull();
      const token = outcome.granted ? (outcome.token ?? held.holdCheck('A', virtualMs(0)).token) : null;
      expect(token !== null).toBe(issuesTokens(kind));
    }
  });

  it('renews at a third of the TTL by default, never more often than twice a second', () => {
    const lesson = createBackend(ALL_MODELS.services, { kind: 'lesson' }, settings);
    expect(lesson.keepAliveIntervalMs(30_000)).toBe(10_000);
    expect(lesson.keepAliveIntervalMs(900)).toBe(500);
    expect(lesson.keepAliveIntervalMs(1_499)).toBe(500);
    expect(lesson.keepAliveIntervalMs(1_503)).toBe(501);
  });

  it('only Redlock checks the clock on reply; only Redis fails over', () => {
    const lesson = createBackend(ALL_MODELS.services, { kind: 'lesson' }, settings);
    const redlock = createBackend(ALL_MODELS.services, { kind: 'redlock' }, settings);
    expect(lesson.validityOnReplyMs(30_000, 100)).toBeNull();
    expect(redlock.validityOnReplyMs(30_000, 100)).toBe(30_000 - 100 - 302);
    const held = lesson.acquire({ kind: 'lesson' }, request('A', 0)).backend;
    const afterFailover = held.failover(virtualMs(1_000));
    expect(afterFailover.lost).toBeNull();
    expect(afterFailover.backend.truth(virtualMs(1_000))).toMatchObject({ holder: 'A', token: 33 });
    const redis = createBackend(ALL_MODELS.services, { kind: 'redis' }, settings);
    const redisHeld = redis.acquire({ kind: 'redis' }, request('A', 0)).backend;
    const lost = redisHeld.failover(virtualMs(1_000));
    expect(lost.lost).toEqual({ holder: 'A', token: null, expiresAt: 30_000 });
    expect(lost.backend.truth(virtualMs(1_000))).toBeNull();
  });

  it('reports a holder lost to expiry exactly at the lease end, and nobody before', () => {
    const held = createBackend(ALL_MODELS.services, { kind: 'lesson' }, settings).acquire(
      { kind: 'lesson' },
      request('A', 0),
    ).backend;
    expect(expireOn(held, virtualMs(29_999)).lost).toEqual([]);
    expect(expireOn(held, virtualMs(30_000)).lost).toEqual([{ holder: 'A', token: 33, expiresAt: 30_000 }]);
  });

  it("shows each service's own state through a typed view", () => {
    expect(createBackend(ALL_MODELS.services, { kind: 'lesson' }, settings).view()).toEqual({
      kind: 'counter',
      nextToken: 33,
    });
    expect(createBackend(ALL_MODELS.services, { kind: 'redlock' }, settings).view().kind).toBe('quorum');
    expect(createBackend(ALL_MODELS.services, { kind: 'etcd' }, settings).view()).toEqual({
      kind: 'revisions',
      keys: {},
    });
    expect(createBackend(ALL_MODELS.services, { kind: 'zookeeper' }, settings).view()).toEqual({ kind: 'none' });
  });
});

describe('earliest', () => {
  it('is the smallest of the moments given, skipping the missing ones', () => {
    expect(earliest([30_000, null, 12_000, undefined, 20_000])).toBe(12_000);
  });

  it('is null when no moment is given', () => {
    expect(earliest([])).toBeNull();
    expect(earliest([null, undefined])).toBeNull();
  });
});
