import { describe, expect, it } from 'vitest';
import { acquireChubby, checkSequencer, createChubbyLock, loseHolder, releaseChubby } from './chubby/model';
import { MAX_LOCK_DELAY_MS } from './chubby/descriptor';
import { virtualMs } from '../types';
import {
  createEphemeralSequential,
  createZooKeeper,
  deleteNode,
  expireSessions,
  heartbeat,
  negotiateSessionTimeout,
  openSession,
  zkLockHolder,
} from './zookeeper/model';

describe("zookeeper lock recipe (ZooKeeper recipes: Locks; programmer's guide)", () => {
  it('gives the lock to the lowest sequence number and names nodes with a %010d suffix', () => {
    let zk = openSession(
      openSession(createZooKeeper(0x100000000), 'A', 10_000, virtualMs(0)),
      'B',
      10_000,
      virtualMs(0),
    );
    const a = createEphemeralSequential(zk, 'A');
    const b = createEphemeralSequential(a.zk, 'B');
    zk = b.zk;
    expect(a.node.name).toBe('lock-0000000000');
    expect(b.node.name).toBe('lock-0000000001');
    expect(zkLockHolder(zk)?.ephemeralOwner).toBe('A');
  });

  it("expires a paused holder's session and deletes its ephemeral node; the next waiter holds the lock", () => {
    let zk = openSession(openSession(createZooKeeper(1), 'A', 10_000, virtualMs(0)), 'B', 10_000, virtualMs(0));
    const a = createEphemeralSequential(zk, 'A');
    const b = createEphemeralSequential(a.zk, 'B');
    zk = heartbeat(b.zk, 'B', virtualMs(8_000));
    const { zk: after, expired } = expireSessions(zk, virtualMs(10_000));
    expect(expired).toEqual(['A']);
    expect(zkLockHolder(after)?.ephemeralOwner).toBe('B');
  });

  it('hands out a higher czxid to every later holder, so czxid works as a token', () => {
    let zk = openSession(createZooKeeper(500), 'A', 10_000, virtualMs(0));
    const czxids: number[] = [];
    for (let round = 0; round < 5; round += 1) {
      const created = createEphemeralSequential(zk, 'A');
      czxids.push(created.node.czxid);
      zk = deleteNode(created.zk, created.node.name);
    }
    czxids.slice(1).forEach((czxid, index) => expect(czxid).toBeGreaterThan(czxids[index]!));
  });

  it('keeps session timeouts between 2 and 20 ticks', () => {
    expect(negotiateSessionTimeout(60_000, 2_000)).toBe(40_000);
    expect(negotiateSessionTimeout(1_000, 2_000)).toBe(4_000);
  });
});

describe('chubby lock (Burrows, OSDI 2006, §2.4)', () => {
  it('raises the generation number each time the lock goes from free to held', () => {
    let lock = createChubbyLock('/ls/cell/cert', 0);
    const first = acquireChubby(lock, 'A', virtualMs(0));
    lock = releaseChubby(first.lock, 'A');
    const second = acquireChubby(lock, 'B', virtualMs(10));
    expect([first.sequencer?.generation, second.sequencer?.generation]).toEqual([1, 2]);
  });

  it('lets servers reject a stale sequencer', () => {
    const first = acquireChubby(createChubbyLock('/ls/cell/cert', 0), 'A', virtualMs(0));
    const second = acquireChubby(loseHolder(first.lock, virtualMs(30_000)), 'B', virtualMs(30_000));
    expect(checkSequencer(second.lock, first.sequencer!)).toBe(false);
    expect(checkSequencer(second.lock, second.sequencer!)).toBe(true);
  });

  it('blocks re-acquisition for the lock-delay after a lost holder, but not after a clean release', () => {
    const held = acquireChubby(createChubbyLock('/ls/cell/cert', 15_000), 'A', virtualMs(0)).lock;
    const lost = loseHolder(held, virtualMs(30_000));
    expect(acquireChubby(lost, 'B', virtualMs(44_999)).sequencer).toBeNull();
    expect(acquireChubby(lost, 'B', virtualMs(45_000)).sequencer).not.toBeNull();
    const released = releaseChubby(held, 'A');
    expect(acquireChubby(released, 'B', virtualMs(30_000)).sequencer).not.toBeNull();
  });

  it('caps the lock-delay at one minute', () => {
    expect(createChubbyLock('/ls/cell/cert', 120_000).lockDelayMs).toBe(MAX_LOCK_DELAY_MS);
  });
});
