import { describe, expect, it } from 'vitest';
import { virtualMs } from '../../types';
import {
  closeSession,
  createEphemeralSequential,
  createZooKeeper,
  negotiateSessionTimeout,
  deleteNode,
  getChildren,
  heartbeat,
  openSession,
  zkLockHolder,
  ZOOKEEPER_SERVICE,
  type ZooKeeper,
} from '../zookeeper/model';

/** ZooKeeper's sessions and ephemeral sequential znodes, and the lock recipe the simulation runs on them. */
function twoWaiters(): ZooKeeper {
  const sessions = openSession(openSession(createZooKeeper(100), 'A', 10_000, virtualMs(0)), 'B', 10_000, virtualMs(0));
  return createEphemeralSequential(createEphemeralSequential(sessions, 'A').zk, 'B').zk;
}

describe('ZooKeeper sessions and znodes', () => {
  it('opening a session is a transaction: it takes the next zxid', () => {
    expect(openSession(createZooKeeper(100), 'A', 10_000, virtualMs(0)).zxid).toBe(101);
  });

  it.each([
    [5_999, 6_000],
    [6_000, 6_000],
    [30_000, 30_000],
    [60_000, 60_000],
    [60_001, 60_000],
  ])('with the default tickTime of 3 s, a session asked for %i ms gets %i ms (2 to 20 ticks)', (asked, given) => {
    expect(negotiateSessionTimeout(asked)).toBe(given);
  });

  it('a heartbeat moves only the time the session was last heard from', () => {
    // Asked for 90 s: at most 20 ticks of the default 3 s.
    const zk = heartbeat(openSession(createZooKeeper(1), 'A', 90_000, virtualMs(0)), 'A', virtualMs(8_000));
    expect(zk.sessions['A']).toEqual({ id: 'A', timeoutMs: 60_000, lastHeardAt: 8_000 });
  });

  it('the lock holder is the lowest sequence number, in whatever order the children are listed', () => {
    const zk = twoWaiters();
    const [a, b] = zk.children;
    expect(zkLockHolder({ ...zk, children: [b!, a!] })?.ephemeralOwner).toBe('A');
  });

  it('closing a session it does not know changes nothing', () => {
    const zk = twoWaiters();
    expect(closeSession(zk, 'C')).toBe(zk);
  });

  it('closing one session deletes only its own nodes and session; the child version counts that one deletion', () => {
    const zk = twoWaiters();
    const closed = closeSession(zk, 'A');
    expect(closed.cversion).toBe(zk.cversion + 1);
    expect(closed.children.map((node) => node.ephemeralOwner)).toEqual(['B']);
    expect(Object.keys(closed.sessions)).toEqual(['B']);
  });

  it('deleting a node moves the zxid and the child version on; deleting a missing node changes nothing', () => {
    const zk = twoWaiters();
    const deleted = deleteNode(zk, 'lock-0000000000');
    expect([deleted.zxid, deleted.cversion]).toEqual([zk.zxid + 1, zk.cversion + 1]);
    expect(deleted.children.map((node) => node.name)).toEqual(['lock-0000000001']);
    expect(deleteNode(zk, 'lock-0000000009')).toBe(zk);
  });
});

describe('the ZooKeeper lock service', () => {
  const settings = { key: 'lock', ttlMs: 30_000, firstToken: 33, seed: 1 };
  const config = { kind: 'zookeeper' as const };
  const request = (holder: string, now: number, ttlMs = 30_000) => ({
    holder,
    value: `v-${holder}`,
    ttlMs,
    now: virtualMs(now),
  });
  const heldByA = () => ZOOKEEPER_SERVICE.create(config, settings).acquire(config, request('A', 0)).backend;

  it("the first holder's token is the czxid of its node, created right after its session", () => {
    const { outcome } = ZOOKEEPER_SERVICE.create(config, settings).acquire(config, request('A', 0));
    expect(outcome).toEqual({ granted: true, token: 34, expiresAt: 30_000 });
  });

  it('the lease ends at the negotiated session timeout, at most 20 ticks', () => {
    const { outcome, backend } = ZOOKEEPER_SERVICE.create(config, settings).acquire(
      config,
      request('A', 1_000, 90_000),
    );
    expect(outcome).toMatchObject({ expiresAt: 61_000 });
    expect(backend.truth(virtualMs(1_000))).toEqual({ holder: 'A', token: 34, expiresAt: 61_000 });
    expect(backend.nextExpiry()).toBe(61_000);
  });

  it('a refused waiter hears who holds the lock, and its session stays open until it times out', () => {
    const { outcome, backend } = heldByA().acquire(config, request('B', 5_000, 10_000));
    expect(outcome).toEqual({ granted: false, heldBy: { holder: 'A', token: 34, expiresAt: 30_000 } });
    expect(backend.nextExpiry()).toBe(15_000);
  });

  it('the holder releasing deletes its node and frees the lock', () => {
    const released = heldByA().release({ holder: 'A', value: 'v-A', now: virtualMs(1_000) });
    expect(released.released).toBe(true);
    expect(released.backend.truth(virtualMs(1_000))).toBeNull();
  });

  it('a client that never held the lock cannot release it, even when the lock is free', () => {
    const free = ZOOKEEPER_SERVICE.create(config, settings);
    expect(free.release({ holder: 'A', value: 'v-A', now: virtualMs(0) }).released).toBe(false);
  });

  it('a holder whose session expired cannot release the next holder, and the next holder still can', () => {
    const expired = heldByA().expire(virtualMs(30_000));
    const b = expired.acquire(config, request('B', 30_000)).backend;
    const lateA = b.release({ holder: 'A', value: 'v-A', now: virtualMs(31_000) });
    expect(lateA.released).toBe(false);
    expect(lateA.backend.truth(virtualMs(31_000))?.holder).toBe('B');
    expect(lateA.backend.release({ holder: 'B', value: 'v-B', now: virtualMs(32_000) }).released).toBe(true);
  });

  describe("the recipe's getChildren and comparison, the holder's check after create", () => {
    it('lists the children in order while the session lives, and the holder compares its own znode with the first', () => {
      const zk = twoWaiters();
      expect(getChildren(zk, 'B', virtualMs(9_999))).toEqual({
        ok: true,
        names: ['lock-0000000000', 'lock-0000000001'],
      });
      const held = heldByA();
      expect(held.checksHold).toBe(true);
      expect(held.holdCheck('A', virtualMs(29_999)).token).toBe(held.truth(virtualMs(0))?.token);
    });

    it('after the server expires the session, the call fails: CONNECTIONLOSS, then SESSIONEXPIRED', () => {
      expect(getChildren(twoWaiters(), 'A', virtualMs(10_000))).toEqual({
        ok: false,
        errors: ['CONNECTIONLOSS', 'SESSIONEXPIRED'],
      });
      // The server decides: a session it has not yet swept is gone once its timeout has passed.
      expect(heldByA().holdCheck('A', virtualMs(30_000)).token).toBeNull();
      expect(getChildren(twoWaiters(), 'nobody', virtualMs(0))).toMatchObject({ ok: false });
    });

    it('the check itself is heard: it keeps the session alive, as any request does', () => {
      const checked = heldByA().holdCheck('A', virtualMs(20_000));
      expect(checked.token).not.toBeNull();
      expect(checked.backend.nextExpiry()).toBe(50_000);
      expect(checked.backend.holdCheck('A', virtualMs(45_000)).token).not.toBeNull();
      // One that finds the session gone changes nothing.
      expect(heldByA().holdCheck('A', virtualMs(30_000)).backend.nextExpiry()).toBe(30_000);
    });

    it('a heartbeat keeps the session, so the check still finds the znode lowest', () => {
      const kept = heldByA().keepAlive('A', virtualMs(20_000), 30_000);
      expect(kept.holdCheck('A', virtualMs(45_000)).token).not.toBeNull();
      expect(kept.holdCheck('B', virtualMs(45_000)).token).toBeNull();
    });
  });
});
