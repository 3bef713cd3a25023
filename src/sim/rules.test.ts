import { describe, expect, it } from 'vitest';
import content from 'virtual:lockstep/content';
import { buildRenewer, buildScenario } from '@/testing/builders';
import { runStory } from '@/testing/story';
import { ALL_MODELS } from './all-models';
import { acquireChubby, createChubbyLock, loseHolder } from './services/chubby/model';
import { createEtcd, expireEtcdLeases, grantEtcdLease, lockEtcd } from './services/etcd/model';
import { virtualMs } from './types';
import { closeSession, createEphemeralSequential, createZooKeeper, openSession } from './services/zookeeper/model';

/** The rules the lesson rests on, each checked where it happens, in the middle of the story and at its edges. */
const seed = content.scenarios[0]!;

describe('the renewer learns from the row count', () => {
  it('with fencing on, A believes it holds the lock until the table answers UPDATE 0, and from then on that it lost it', () => {
    const story = runStory(seed, { fencing: true });
    story.at('processResumed', 'A').expectBelief('A', 'holds', 33);
    story.at('writeRequested', 'A').expectBelief('A', 'holds', 33).expectRow(34);
    story
      .at('writeAnswered', 'A')
      .expectHappening({ rowsChanged: 0, previousFence: 34, overwroteNewer: false })
      .expectBelief('A', 'lost', 33)
      .expectLabel('✕ rejected: fence 34 > token 33 (UPDATE 0)')
      .expectRow(34);
    story.at('releaseRequested', 'A').expectBelief('A', 'lost', 33);
  });

  it('B, whose write lands, keeps believing it holds the lock', () => {
    runStory(seed, { fencing: true }).at('writeAnswered', 'B').expectBelief('B', 'holds', 34).expectLabel('UPDATE 1');
  });
});

describe('a stale write that lands is flagged as stale', () => {
  it('with fencing off, A overwrites fence 34 with 33, and the step says so', () => {
    const story = runStory(seed, { fencing: false });
    story
      .at('writeAnswered', 'A')
      .expectHappening({ rowsChanged: 1, previousFence: 34, overwroteNewer: true })
      .expectLabel('⚠ stale write landed: fence 34 → 33 (UPDATE 1)')
      .expectRow(33);
    // B's earlier write replaced an older row: that is not stale.
    story.at('writeAnswered', 'B').expectHappening({ rowsChanged: 1, overwroteNewer: false }).expectLabel('UPDATE 1');
    expect(story.timeline.outcome).toMatchObject({ kind: 'staleOverwrote', staleWriter: 'A', replacedToken: 34 });
  });
});

describe("Chubby's lock-delay is capped at one minute (Burrows 2006, §2.4)", () => {
  it.each([
    [60_000, 60_000],
    [60_001, 60_000],
    [120_000, 60_000],
    [59_999, 59_999],
    [-5, 0],
  ])('asked for %i ms, a lost holder blocks the lock for %i ms', (asked, held) => {
    const lock = createChubbyLock('lock', asked);
    const taken = acquireChubby(lock, 'A', virtualMs(0)).lock;
    const lost = loseHolder(taken, virtualMs(1_000));
    expect(lost.blockedUntil).toBe(1_000 + held);
    expect(acquireChubby(lost, 'B', virtualMs(1_000 + held - 1)).sequencer).toBeNull();
    expect(acquireChubby(lost, 'B', virtualMs(1_000 + held)).sequencer?.generation).toBe(2);
  });
});

describe('ZooKeeper: closing a session moves the lock node on', () => {
  it("a closed owner's node goes, the child version counts it, and the next sequence number skips past it", () => {
    let zk = openSession(createZooKeeper(100), 'A', 10_000, virtualMs(0));
    const first = createEphemeralSequential(zk, 'A');
    expect(first.node.name).toBe('lock-0000000000');
    zk = closeSession(first.zk, 'A');
    expect(zk.cversion).toBe(2);
    expect(zk.children).toEqual([]);
    zk = openSession(zk, 'B', 10_000, virtualMs(1));
    expect(createEphemeralSequential(zk, 'B').node.name).toBe('lock-0000000002');
  });

  it('closing a session that owns no node takes a zxid but leaves the child version alone', () => {
    const zk = openSession(createZooKeeper(100), 'A', 10_000, virtualMs(0));
    const closed = closeSession(zk, 'A');
    expect(closed.zxid).toBe(zk.zxid + 1);
    expect(closed.cversion).toBe(zk.cversion);
  });
});

describe("etcd: an expired lease's keys are deleted at a new revision", () => {
  it('the deletion is one revision, and the next key is created after it', () => {
    const granted = grantEtcdLease(createEtcd(10, 1), 2_000, virtualMs(0));
    const locked = lockEtcd(granted.store, 'lock', granted.lease.id);
    expect(locked.createRevision).toBe(11);
    const expired = expireEtcdLeases(locked.store, virtualMs(2_000));
    expect(expired.revision).toBe(12);
    expect(expired.keys).toEqual({});
    const next = grantEtcdLease(expired, 2_000, virtualMs(2_000));
    expect(lockEtcd(next.store, 'lock', next.lease.id).createRevision).toBe(13);
  });

  it('a lease that has not expired yet deletes nothing and leaves the revision', () => {
    const granted = grantEtcdLease(createEtcd(10, 1), 2_000, virtualMs(0));
    const locked = lockEtcd(granted.store, 'lock', granted.lease.id);
    expect(expireEtcdLeases(locked.store, virtualMs(1_999))).toBe(locked.store);
  });
});

describe('a Redlock grant read too late counts as a failed attempt', () => {
  it('with a TTL shorter than the round trip, A gives up after its tenth late grant instead of retrying for ever', () => {
    const scenario = buildScenario({
      lockService: { kind: 'redlock' },
      leaseTtlMs: 28,
      networkDelayMs: 13,
      renewers: [buildRenewer({ id: 'A' })],
    });
    const story = runStory(scenario, { fencing: false }, ALL_MODELS);
    expect(story.timeline.settled).toBe(true);
    const late = story.timeline.frames.filter((frame) => frame.happening.kind === 'grantTooLate');
    expect(late).toHaveLength(9);
    story.at('renewerGaveUp', 'A').expectHappening({ attempts: 10 });
  });
});
