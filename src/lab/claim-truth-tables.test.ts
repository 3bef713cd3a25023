import content from 'virtual:lockstep/content';
import { describe, expect, it } from 'vitest';
import type { Claim } from '@/testing/claims/caption-claims';
import { claimHolds } from '@/testing/claims/claim-holds';
import { ALL_MODELS } from '@/sim/all-models';
import { runScenario } from '@/sim/run';
import { DEFAULT_LAB_CONFIG, withApplicableSettings, type LabConfig } from '@/settings/lab-config';
import { LOCK_SERVICE_KINDS } from '@/sim/services/lock-services';
import { labRunSettings, labScenario } from '@/settings/lab-scenario';

/*
 * Each claim a caption can make, judged at every step of four runs, against the steps where it is true. The property
 * test (caption-truth.test.ts) checks that every claim a caption makes holds; only this shows that a claim is false
 * where its run says otherwise, so a claim that always held would pass there and fail here.
 */

type Fact = Exclude<Claim['fact'], 'service' | 'resource'>;
/** Steps (1-based) as written below: "3-5,8" is steps 3, 4, 5 and 8; "" none. */
type Steps = string;

/** The story's facts, fenced or not: what differs is A's write at steps 19–20 and what follows from it. */
const storyFacts = (fenced: boolean): Record<Fact, Steps> => ({
  // A reads its grant at 3 and believes it until the end, unless the table's refusal (20) tells it otherwise; B
  // believes from its grant (10) to its release (16).
  believesHeld: fenced ? '3-5,8,10-15,17-19' : '3-5,8,10-15,17-21',
  // Before a grant is read: A's request (2), B's refused and second requests (6, 7, 9), B after releasing (16).
  believesNothing: '2,6,7,9,16',
  believesNotHeld: fenced ? '2,6,7,9,16,20-22' : '2,6,7,9,16,22',
  // A is frozen from 2 s to 42 s: at its pause (5) and when its lease expires (8). Steps 1 and 23 are nobody's.
  frozen: '5,8',
  running: '2-4,6,7,9-22',
  wasFrozen: '8,17-22',
  grantStillRuns: '3,10',
  grantAlreadyEnded: '',
  replyJustSent: '3,10',
  replyWaited: '',
  endsTtlAfterGrant: '8',
  // Free before A's grant, after A's lease expires (8), and from B's release (15) on.
  lockFree: '1,8,15-23',
  // Nothing holds a free lock back under the lesson's service: free is takeable.
  lockTakeable: '1,8,15-23',
  lockHeldBack: '',
  heldBySubject: '2-5,9-14',
  notHeldBySubject: '1,6-8,15-23',
  heldByAnother: '6,7',
  carriesToken: '3-5,8,10-15,17-22',
  carriesNoToken: '1,2,6,7,9,16,23',
  writeChecked: fenced ? '13,19' : '',
  writeUnchecked: fenced ? '' : '13,19',
  writeLanded: fenced ? '13,14' : '13,14,19,20',
  writeRefused: fenced ? '19,20' : '',
  writeStale: fenced ? '' : '19,20',
  writeNotStale: fenced ? '13,14,19,20' : '13,14',
  // A's serial 1001 was issued at 5 s, B's 1002 at 36 s.
  certIssuedBefore: '19,20',
  certIssuedAfter: '',
  // Token 33 against the row's fence 34, whether or not the table checks it.
  tokenBelowFence: '20',
  runHadStaleWrite: fenced ? '' : '19-23',
  runHadNoStaleWrite: fenced ? '1-23' : '1-18',
  firstStaleCertIssuedBefore: fenced ? '' : '19-23',
  firstStaleCertIssuedAfter: '',
  aLowerTokenWasRefused: fenced ? '19-23' : '',
  // No failover: every step about a renewer is about a lease that was not lost in one.
  leaseLostInFailover: '',
  leaseNotLostInFailover: '2-22',
  // The lesson's service applies the 30 s it is asked for.
  ttlAsAsked: '1-23',
  ttlChanged: '',
  // Serial 1000 expires in 2 days: due until B's certificate, good for 90 days, lands (13).
  workDue: '1-12',
  workDone: '13-23',
});

const RUNS: readonly { name: string; config: Partial<LabConfig>; facts: Record<Fact, Steps> }[] = [
  { name: 'the story, fencing off', config: { storage: 'unchecked' }, facts: storyFacts(false) },
  { name: 'the story, fencing on', config: {}, facts: storyFacts(true) },
  {
    // A is frozen from 0 s to 33 s before it reads its grant: it reads it at 33 s (11), three seconds after that lease
    // ended. B holds the lock by then but has not written, so A's check finds the renewal still due (12), and A
    // writes a certificate newer than B's under the earlier grant (19, 20).
    name: 'A frozen while its request is in flight, fencing off',
    config: { pauseWhen: 'whileAcquiring', pauseAtMs: 0, pauseMs: 33_000, storage: 'unchecked' },
    facts: {
      believesHeld: '8-9,11-16,18-21',
      believesNothing: '2-7,10,17',
      believesNotHeld: '2-7,10,17,22',
      frozen: '3,6',
      running: '2,4-5,7-22',
      wasFrozen: '6,10-12,18-22',
      grantStillRuns: '8',
      grantAlreadyEnded: '11',
      replyJustSent: '8',
      replyWaited: '11',
      endsTtlAfterGrant: '6',
      lockFree: '1,6,16-23',
      lockTakeable: '1,6,16-23',
      lockHeldBack: '',
      heldBySubject: '2-3,7-9,13-15',
      notHeldBySubject: '1,4-6,10-12,16-23',
      heldByAnother: '4-5,10-12',
      carriesToken: '8-9,11-16,18-22',
      carriesNoToken: '1-7,10,17,23',
      writeChecked: '',
      writeUnchecked: '14,19',
      writeLanded: '14-15,19-20',
      writeRefused: '',
      writeStale: '19-20',
      writeNotStale: '14-15',
      certIssuedBefore: '',
      certIssuedAfter: '19-20',
      tokenBelowFence: '20',
      runHadStaleWrite: '19-23',
      runHadNoStaleWrite: '1-18',
      firstStaleCertIssuedBefore: '',
      firstStaleCertIssuedAfter: '19-23',
      aLowerTokenWasRefused: '',
      leaseLostInFailover: '',
      leaseNotLostInFailover: '2-22',
      ttlAsAsked: '1-23',
      ttlChanged: '',
      workDue: '1-13',
      workDone: '14-23',
    },
  },
  {
    // Redis hands out no token. C takes the lock at 38 s, after B's write: its check finds the renewal done (21),
    // and it lets go. A wakes at 42 s (24) and writes its older certificate over B's (26, 27).
    name: 'Redis with three renewers',
    config: { service: 'redis', storage: 'unchecked', renewers: 3 },
    facts: {
      believesHeld: '3-5,10,12-17,20-22,24-28',
      believesNothing: '2,6-9,11,18-19,23,29',
      believesNotHeld: '2,6-9,11,18-19,23,29',
      frozen: '5,10',
      running: '2-4,6-9,11-29',
      wasFrozen: '10,24-29',
      grantStillRuns: '3,12,20',
      grantAlreadyEnded: '',
      replyJustSent: '3,12,20',
      replyWaited: '',
      endsTtlAfterGrant: '10',
      lockFree: '1,10,17-18,22-30',
      lockTakeable: '1,10,17-18,22-30',
      lockHeldBack: '',
      heldBySubject: '2-5,11-16,19-21',
      notHeldBySubject: '1,6-10,17-18,22-30',
      heldByAnother: '6-9',
      carriesToken: '',
      carriesNoToken: '1-30',
      writeChecked: '',
      writeUnchecked: '15,26',
      writeLanded: '15-16,26-27',
      writeRefused: '',
      writeStale: '26-27',
      writeNotStale: '15-16',
      certIssuedBefore: '26-27',
      certIssuedAfter: '',
      tokenBelowFence: '',
      runHadStaleWrite: '26-30',
      runHadNoStaleWrite: '1-25',
      firstStaleCertIssuedBefore: '26-30',
      firstStaleCertIssuedAfter: '',
      aLowerTokenWasRefused: '',
      leaseLostInFailover: '',
      leaseNotLostInFailover: '2-29',
      ttlAsAsked: '1-30',
      ttlChanged: '',
      workDue: '1-14',
      workDone: '15-30',
    },
  },
];

/** "3-5,8" → [3, 4, 5, 8]. */
function stepsOf(steps: Steps): number[] {
  if (steps === '') return [];
  return steps.split(',').flatMap((part) => {
    const [from, to = from] = part.split('-').map(Number) as [number, number?];
    return Array.from({ length: to - from + 1 }, (_, at) => from + at);
  });
}

describe.each(RUNS)('each claim, step by step: $name', ({ config, facts }) => {
  const lab = { ...DEFAULT_LAB_CONFIG, ...config };
  const timeline = runScenario(labScenario(content.scenarios[0]!, lab), labRunSettings(lab), ALL_MODELS);

  it.each(Object.entries(facts))('%s holds at steps %j and at no other', (fact, steps) => {
    const holds = timeline.frames
      .filter((frame) => claimHolds({ fact } as Claim, frame, timeline))
      .map((frame) => frame.index + 1);
    expect(holds).toEqual(stepsOf(steps));
  });
});

describe('the steps as written', () => {
  it('reads ranges and single steps, and none', () => {
    expect(stepsOf('3-5,8')).toEqual([3, 4, 5, 8]);
    expect(stepsOf('')).toEqual([]);
  });
});

describe('a lease lost in a Redis failover, against one that expired', () => {
  const run = (config: Partial<LabConfig>) => {
    const lab = { ...DEFAULT_LAB_CONFIG, service: 'redis', storage: 'unchecked', ...config } as LabConfig;
    return runScenario(labScenario(content.scenarios[0]!, lab), labRunSettings(lab), ALL_MODELS);
  };
  const stepsWhere = (timeline: ReturnType<typeof run>, fact: Claim['fact']) =>
    timeline.frames.filter((frame) => claimHolds({ fact } as Claim, frame, timeline)).map((frame) => frame.index + 1);

  it("A's key lost at 1 s: from the failover on, every step about A says it was lost; none about B", () => {
    const timeline = run({ failoverAtMs: 1_000, pauseMs: 0, writeDelayMs: 20_000 });
    const failover = timeline.frames.findIndex((frame) => frame.happening.kind === 'failover');
    const aboutA = timeline.frames
      .filter((frame) => frame.index > failover && 'renewer' in frame.happening && frame.happening.renewer === 'A')
      .map((frame) => frame.index + 1);
    expect(aboutA.length).toBeGreaterThan(2);
    expect(stepsWhere(timeline, 'leaseLostInFailover')).toEqual(aboutA);
    // The failover's own step tells the loss as it happens: nothing was lost before it.
    expect(stepsWhere(timeline, 'leaseLostInFailover')).not.toContain(failover + 1);
  });

  it("a failover at 33 s loses B's key, not A's, which had expired at 30 s: only B's steps after it say lost", () => {
    const timeline = run({ failoverAtMs: 33_000, pauseAtMs: 2_000, pauseMs: 40_000, renewers: 3 });
    const lost = stepsWhere(timeline, 'leaseLostInFailover');
    const failover = timeline.frames.findIndex((frame) => frame.happening.kind === 'failover');
    expect(timeline.frames[failover]!.happening).toMatchObject({ lost: { holder: 'B' } });
    expect(lost.length).toBeGreaterThan(0);
    for (const step of lost) {
      expect(timeline.frames[step - 1]!.happening).toMatchObject({ renewer: 'B' });
      expect(step).toBeGreaterThan(failover + 1);
    }
    // B's refused release (step 19) is one of them.
    expect(timeline.frames[18]!.happening).toMatchObject({ kind: 'releaseRefused', renewer: 'B' });
    expect(lost).toContain(19);
  });
});

describe('a TTL the service does not apply as asked (fidelity review, third read, §1.4 and §1.6)', () => {
  const run = (config: Partial<LabConfig>) => {
    const lab = { ...DEFAULT_LAB_CONFIG, storage: 'fenced', ...config } as LabConfig;
    return runScenario(labScenario(content.scenarios[0]!, lab), labRunSettings(lab), ALL_MODELS);
  };
  const everywhere = (timeline: ReturnType<typeof run>, fact: Claim['fact']) =>
    timeline.frames.every((frame) => claimHolds({ fact } as Claim, frame, timeline));

  it.each([
    ['ZooKeeper, 90 s: bounded to 60 s', { service: 'zookeeper', ttlMs: 90_000 }, false],
    ['ZooKeeper, 3 s: raised to 6 s', { service: 'zookeeper', ttlMs: 3_000 }, false],
    ['ZooKeeper, 6 s, the lowest it keeps', { service: 'zookeeper', ttlMs: 6_000 }, true],
    ['ZooKeeper, 60 s, the highest it keeps', { service: 'zookeeper', ttlMs: 60_000 }, true],
    ['etcd, 1 s: raised to its 2 s minimum', { service: 'etcd', ttlMs: 1_000 }, false],
    ['etcd, 2.5 s: rounded up to whole seconds', { service: 'etcd', ttlMs: 2_500 }, false],
    ['etcd, 2 s', { service: 'etcd', ttlMs: 2_000 }, true],
  ] as const)('%s', (_, config, asAsked) => {
    const timeline = run(config as Partial<LabConfig>);
    expect(everywhere(timeline, 'ttlAsAsked')).toBe(asAsked);
    expect(everywhere(timeline, 'ttlChanged')).toBe(!asAsked);
  });
});

describe('a free lock that nobody can take: Chubby’s lock-delay (fidelity review, third read, §1.2)', () => {
  const lab = {
    ...DEFAULT_LAB_CONFIG,
    service: 'chubby',
    storage: 'unchecked',
    pauseWhen: 'whileAcquiring',
    pauseMs: 40_000,
    lockDelayMs: 15_000,
  } as LabConfig;
  const timeline = runScenario(labScenario(content.scenarios[0]!, lab), labRunSettings(lab), ALL_MODELS);
  const at = (fact: Claim['fact']) =>
    timeline.frames.filter((frame) => claimHolds({ fact } as Claim, frame, timeline)).map((frame) => frame.at);

  it('from the session’s end at 30 s until the lock-delay has passed at 45 s, free but held back', () => {
    const heldBack = at('lockHeldBack');
    expect(heldBack.length).toBeGreaterThan(0);
    expect(Math.min(...heldBack)).toBe(30_000);
    for (const moment of heldBack) expect(moment).toBeLessThan(45_000);
    // Never both: a moment is held back or takeable, and takeable only once nobody holds the lock.
    expect(at('lockTakeable').filter((moment) => heldBack.includes(moment))).toEqual([]);
  });
});

describe('the service and the resource: each fact is false of every other service and resource', () => {
  const run = (config: Partial<LabConfig>) => {
    const lab = withApplicableSettings({ ...DEFAULT_LAB_CONFIG, ...config });
    return runScenario(labScenario(content.scenarios[0]!, lab), labRunSettings(lab), ALL_MODELS);
  };
  const everyStep = (timeline: ReturnType<typeof run>, claim: Claim) =>
    timeline.frames.map((frame) => claimHolds(claim, frame, timeline));

  it.each(LOCK_SERVICE_KINDS)('a run under %s is that service at every step, and no other at any', (service) => {
    const timeline = run({ service });
    for (const named of LOCK_SERVICE_KINDS) {
      const expected = timeline.frames.map(() => named === service);
      expect(everyStep(timeline, { fact: 'service', is: [named] }), named).toEqual(expected);
    }
  });

  it.each(['certificate', 'email'] as const)(
    'a run about the %s is about it at every step, never the other',
    (resource) => {
      const timeline = run({ resource, storage: 'unchecked' });
      for (const named of ['certificate', 'email'] as const) {
        const expected = timeline.frames.map(() => named === resource);
        expect(everyStep(timeline, { fact: 'resource', is: named }), named).toEqual(expected);
      }
    },
  );
});

describe('a grant read at the exact moment it ends', () => {
  // A asks at 0 s and is frozen until it reads the reply: its 30 s lease ends at 30 s, as the lab's models end a
  // lease at exactly its TTL. Read at 30 s, the grant has ended (the lock is already free); read 1 ms earlier, it runs.
  const readAt = (pauseMs: number) => {
    const lab = { ...DEFAULT_LAB_CONFIG, pauseWhen: 'whileAcquiring', pauseAtMs: 0, pauseMs } as LabConfig;
    const timeline = runScenario(labScenario(content.scenarios[0]!, lab), labRunSettings(lab), ALL_MODELS);
    const frame = timeline.frames.find(
      ({ happening }) => happening.kind === 'leaseGranted' && happening.renewer === 'A',
    )!;
    const holds = (fact: Claim['fact']) => claimHolds({ fact } as Claim, frame, timeline);
    return { at: frame.at, ended: holds('grantAlreadyEnded'), runs: holds('grantStillRuns'), free: holds('lockFree') };
  };

  it('at 30 s, grant = expiry: ended, not running, and the lock is free', () => {
    expect(readAt(30_000)).toEqual({ at: 30_000, ended: true, runs: false, free: true });
  });

  it('at 29.999 s: still running, and A holds the lock', () => {
    expect(readAt(29_999)).toEqual({ at: 29_999, ended: false, runs: true, free: false });
  });
});
