import { resolve } from 'node:path';
import { fieldProblemMessage } from '@/content/field-problem-message';
import { describe, expect, it } from 'vitest';
import { loadContent } from '@/content/build/load-content';
import { ALL_MODELS } from '@/sim/all-models';
import { MAX_EVENTS, runScenario } from '@/sim/run';
import { fillTemplate } from '@/content/fill-template';
import { buildEndlessScenario, buildScenario } from '@/testing/builders';
import { narrationsFor } from '@/story/timeline-narrations';
import { DEFAULT_LAB_CONFIG, fieldApplies, presetConfig, storageApplies, type LabConfig } from '@/settings/lab-config';
import { parseLabConfig, serializeLabConfig, type FieldProblem } from '@/settings/lab-address';
import { labRunSettings, labScenario } from '@/settings/lab-scenario';
import { labNarration } from './lab-narration';
import { reasonFor, verdictOf } from '@/story/verdict';
const { content, lab } = loadContent(resolve(import.meta.dirname, '../../content'));
const seed = content.scenarios.find((scenario) => scenario.id === 'stale-certificate')!;

function run(config: LabConfig) {
  return verdictOf(runScenario(labScenario(seed, config), labRunSettings(config), ALL_MODELS));
}

function presetNamed(id: string) {
  const preset = lab.presets.find((candidate) => candidate.id === id);
  if (!preset) throw new Error(`no preset ${id}`);
  return presetConfig(preset.config);
}

describe('lab presets', () => {
  for (const preset of lab.presets) {
    it(`"${preset.title}" ends as ${preset.expectedVerdict}`, () => {
      expect(run(presetConfig(preset.config)).kind).toBe(preset.expectedVerdict);
    });
  }

  it('lock-delay stops helping once the pause is longer: 60 s lands the stale write', () => {
    const preset = lab.presets.find((candidate) => candidate.id === 'lock-delay-helps')!;
    expect(run({ ...presetConfig(preset.config), pauseMs: 60_000 }).kind).toBe('staleWriteLanded');
  });

  it('names the stale writer and its token, and says why in one sentence', () => {
    const config = { ...DEFAULT_LAB_CONFIG, storage: 'unchecked' as const };
    const verdict = run(config);
    expect(verdict).toEqual({ kind: 'staleWriteLanded', writer: 'A', token: 33, replacedToken: 34 });
    expect(lab.reasons[reasonFor(verdict, config)]).toBe(
      'The lock service gave out tokens, but the table did not check them.',
    );
    const redlock = { ...config, service: 'redlock' as const };
    expect(lab.reasons[reasonFor(run(redlock), redlock)]).toMatch(/hands out no fencing token/);
  });
});

// Kleppmann, "How to do distributed locking" (2016): a duplicate email is his own example of an efficiency
// lock's failure; the fix is an idempotent send, here a unique (owner_id, week) claim (Postgres INSERT … ON CONFLICT).
describe("Snip's weekly email: an efficiency lock", () => {
  it("sends the paused worker's copy too: two emails, judged harmless duplicate work", () => {
    const config = presetNamed('snips-weekly-email');
    const timeline = runScenario(labScenario(seed, config), labRunSettings(config), ALL_MODELS);
    expect(timeline.outcome).toEqual({ kind: 'emailsSent', count: 2, row: null });
    expect(timeline.frames.at(-1)!.world.emailsSent.map((email) => email.renewer)).toEqual(['B', 'A']);
    const verdict = verdictOf(timeline);
    expect(lab.reasons[reasonFor(verdict, config)]).toMatch(/got it more than once/);
  });

  it('sends once with the idempotency key: the second claim inserts nothing', () => {
    const config = presetNamed('weekly-email-idempotency-key');
    const timeline = runScenario(labScenario(seed, config), labRunSettings(config), ALL_MODELS);
    const claims = timeline.frames.flatMap((frame) =>
      frame.happening.kind === 'emailRequested' ? [[frame.happening.renewer, frame.happening.claim]] : [],
    );
    expect(claims).toEqual([
      ['B', 'claimed'],
      ['A', 'alreadyClaimed'],
    ]);
    expect(timeline.frames.at(-1)!.world.reportClaims).toEqual([{ owner: 'owner-4711', week: '2026-W48' }]);
  });

  it('no stronger lock stops the duplicate: Redlock sends two as well', () => {
    expect(run({ ...presetNamed('snips-weekly-email'), service: 'redlock' }).kind).toBe('duplicateWork');
  });
});

// Kleppmann's bad-timing scenario 2 and antirez's reply ("Is Redlock safe?", 2016): Redlock's client measures
// elapsed time after reading the replies, so a pause while they are in flight is caught; one after is not.
describe('a pause during acquisition', () => {
  it('Redlock reads its clock after the replies and lets go of a lock whose TTL is spent', () => {
    const config = presetNamed('pause-during-acquisition');
    const timeline = runScenario(labScenario(seed, config), labRunSettings(config), ALL_MODELS);
    const late = timeline.frames.find((frame) => frame.happening.kind === 'grantTooLate')?.happening;
    expect(late).toMatchObject({ renewer: 'A', elapsedMs: 33_000, validityMs: 30_000 - 33_000 - 302 });
    // A tries again later, holds the lock, and finds B's renewal done.
    expect(timeline.frames.some(({ happening }) => happening.kind === 'workNotDue' && happening.renewer === 'A')).toBe(
      true,
    );
    expect(verdictOf(timeline).kind).toBe('safe');
  });

  it('plain Redis has no such check: the same pause lands a stale write', () => {
    expect(run({ ...presetNamed('pause-during-acquisition'), service: 'redis' }).kind).toBe('staleWriteLanded');
  });

  it('a pause shorter than the TTL leaves Redlock enough validity to keep the lock', () => {
    const config = { ...presetNamed('pause-during-acquisition'), pauseMs: 10_000 };
    const timeline = runScenario(labScenario(seed, config), labRunSettings(config), ALL_MODELS);
    expect(timeline.frames.some((frame) => frame.happening.kind === 'grantTooLate')).toBe(false);
  });
});

// Redis docs (Redlock): the algorithm assumes clocks run at about the same rate; a node whose clock runs fast
// expires the key early, like a jump spread over time.
/** A problem as the lab page words it. */
const say = (problem: FieldProblem | undefined) => (problem ? fieldProblemMessage(problem, lab.fields) : undefined);

describe('clock drift on node R3', () => {
  it("a clock 100 % too fast is refused; 50 % fast expires A's 20 s key on C at 13.3 s and breaks the majority", () => {
    expect(say(parseLabConfig('?drift=100').problems[0])).toBe(
      'Clock drift on node R3 must be between -50 and 50 %; using 50.',
    );
    const config: LabConfig = {
      ...DEFAULT_LAB_CONFIG,
      service: 'redlock',
      storage: 'unchecked',
      ttlMs: 20_000,
      pauseMs: 0,
      writeDelayMs: 20_000,
      clockDriftPct: 50,
      // The split Kleppmann's example adds, so that B can assemble a majority without A's two nodes.
      partition: true,
    };
    expect(run(config).kind).toBe('staleWriteLanded');
    // The same drift without the split: B cannot reach a majority while A's keys live on R1 and R2.
    expect(run({ ...config, partition: false }).kind).not.toBe('staleWriteLanded');
    // With steady clocks B must wait until A's lease is over; A's write has landed by then, so B finds it done.
    expect(run({ ...config, clockDriftPct: 0 }).kind).toBe('safe');
  });
});

describe('lab settings in the URL', () => {
  it('round-trips every setting', () => {
    const config: LabConfig = {
      ...DEFAULT_LAB_CONFIG,
      service: 'chubby',
      storage: 'unchecked',
      lockDelayMs: 15_000,
      renewers: 3,
      pauseWhen: 'whileAcquiring',
      clockDriftPct: -7,
    };
    expect(parseLabConfig(serializeLabConfig(config))).toEqual({ config, problems: [] });
    const email: LabConfig = { ...DEFAULT_LAB_CONFIG, resource: 'email', storage: 'idempotencyKey' };
    expect(parseLabConfig(serializeLabConfig(email))).toEqual({ config: email, problems: [] });
  });

  it('refuses a storage that does not fit the resource, and an unknown pause moment', () => {
    const { config, problems } = parseLabConfig('?resource=email&storage=fenced&pauseWhen=sometimes&resource2=x');
    expect(config).toMatchObject({ resource: 'email', storage: 'idempotencyKey', pauseWhen: 'afterAcquiring' });
    expect(problems.map(say)).toEqual([
      'For the email, storage must be idempotencyKey or unchecked, not “fenced”.',
      'The pause comes afterAcquiring or whileAcquiring, not “sometimes”.',
    ]);
  });

  it('clamps out-of-range numbers and refuses nonsense, field by field, keeping the rest', () => {
    const { config, problems } = parseLabConfig(
      '?ttl=5&pause=abc&lockDelay=999999&service=memcached&renewers=7&storage=fenced',
    );
    expect(config).toMatchObject({
      ttlMs: 1_000,
      pauseMs: DEFAULT_LAB_CONFIG.pauseMs,
      lockDelayMs: 60_000,
      service: 'lesson',
      renewers: 2,
    });
    expect(problems.map((problem) => problem.field).sort()).toEqual([
      'lockDelayMs',
      'pauseMs',
      'renewers',
      'service',
      'ttlMs',
    ]);
    expect(say(problems.find((problem) => problem.field === 'ttlMs'))).toBe(
      'Lease TTL must be between 1000 and 600000 ms; using 1000.',
    );
  });
});

/** What the lab shows must have happened: the failover, the real cause of a duplicate, the emails counted. */
describe('the lab shows what happened', () => {
  const kindsOf = (config: LabConfig) => {
    const timeline = runScenario(labScenario(seed, config), labRunSettings(config), ALL_MODELS);
    return { timeline, kinds: timeline.frames.map((frame) => frame.happening.kind) };
  };

  it('Redis failover: the failover is its own step, while A still believes it holds the lock, before B is granted', () => {
    const config = presetNamed('redis-failover');
    const { timeline, kinds } = kindsOf(config);
    const failover = kinds.indexOf('failover');
    const bGranted = timeline.frames.findIndex(
      (frame) => frame.happening.kind === 'leaseGranted' && frame.happening.renewer === 'B',
    );
    expect(failover).toBeGreaterThan(0);
    expect(bGranted).toBeGreaterThan(failover);
    const atFailover = timeline.frames[failover]!;
    expect(atFailover.at).toBe(1_000);
    expect(atFailover.happening).toMatchObject({ kind: 'failover', lost: { holder: 'A' } });
    expect(atFailover.world.renewers.find((renewer) => renewer.id === 'A')!.belief.kind).toBe('holds');
    // A's lease never expired: the key was lost in the failover, not to time.
    expect(kinds.slice(0, bGranted)).not.toContain('leaseExpired');
    const told = narrationsFor(timeline, labNarration);
    expect(told[failover]!.label).toBe('primary fails over');
    expect(told[failover]!.caption).toMatch(/Renewer A, which still believes it holds the lock until 30 s/);
    for (const { caption } of told) expect(caption).not.toMatch(/expired long ago/);
  });

  it('without a failover set, a Redis run has no failover step, and B waits for A', () => {
    const { timeline, kinds } = kindsOf(presetConfig({ service: 'redis', storage: 'unchecked', ttlMs: 600_000 }));
    expect(kinds).not.toContain('failover');
    expect(timeline.frames.find((frame) => frame.happening.kind === 'leaseRefused')?.happening).toMatchObject({
      renewer: 'B',
    });
  });

  it("Snip's weekly email: the duplicate comes from the pause outlasting the lease, as its text says", () => {
    const { timeline, kinds } = kindsOf(presetNamed('snips-weekly-email'));
    expect(kinds).not.toContain('failover');
    const expired = timeline.frames.findIndex(
      (frame) => frame.happening.kind === 'leaseExpired' && frame.happening.lease.holder === 'A',
    );
    const bGranted = timeline.frames.findIndex(
      (frame) => frame.happening.kind === 'leaseGranted' && frame.happening.renewer === 'B',
    );
    expect(expired).toBeGreaterThan(0);
    expect(bGranted).toBeGreaterThan(expired);
  });

  it.each([2, 3] as const)('with %i renewers, the verdict counts the emails actually sent', (renewers) => {
    const config = presetConfig({ service: 'redis', resource: 'email', storage: 'unchecked', renewers });
    const timeline = runScenario(labScenario(seed, config), labRunSettings(config), ALL_MODELS);
    const sent = timeline.frames.at(-1)!.world.emailsSent.length;
    // A (frozen) and B send; a third worker takes the lock after B's send and finds the report in the mail log.
    expect(sent).toBe(2);
    expect(timeline.frames.filter(({ happening }) => happening.kind === 'workNotDue')).toHaveLength(renewers - 2);
    expect(verdictOf(timeline)).toEqual({ kind: 'duplicateWork', writes: sent });
    expect(lab.counts.emails.replace('{count}', String(sent))).toBe('Copies of the report sent: 2.');
    expect(narrationsFor(timeline, labNarration).at(-1)!.label).toBe(`emails sent: ${sent}`);
  });
});

/** Redis and Redlock hand out no token, so nothing they grant can be fenced or judged so. */
describe('a service without tokens is never fenced', () => {
  it.each(['redis', 'redlock'] as const)('%s: "checks tokens" is not offered, from a link or a preset', (service) => {
    const linked = parseLabConfig(`?service=${service}&storage=fenced`);
    expect(linked.config.storage).toBe('unchecked');
    expect(linked.problems).toEqual([{ field: 'storage', kind: 'tokenless' }]);
    expect(say(linked.problems[0])).toBe(lab.fields.problems.tokenless);
    expect(parseLabConfig(`?service=${service}`)).toMatchObject({ config: { storage: 'unchecked' }, problems: [] });
    expect(presetConfig({ service, storage: 'fenced' }).storage).toBe('unchecked');
    expect(storageApplies('fenced', service)).toBe(false);
    expect(storageApplies('unchecked', service)).toBe(true);
  });

  it('token-issuing services keep the option', () => {
    for (const service of ['lesson', 'etcd', 'zookeeper', 'chubby'] as const) {
      expect(parseLabConfig(`?service=${service}&storage=fenced`)).toMatchObject({
        config: { storage: 'fenced' },
        problems: [],
      });
    }
  });

  it.each(['redis', 'redlock'] as const)(
    '%s: even a run forced to check tokens is never explained as fenced, and no write carries a token',
    (service) => {
      for (const pauseMs of [0, 40_000]) {
        const config: LabConfig = { ...DEFAULT_LAB_CONFIG, service, storage: 'fenced', pauseMs };
        const timeline = runScenario(labScenario(seed, config), labRunSettings(config), ALL_MODELS);
        expect(reasonFor(verdictOf(timeline), config)).not.toBe('fenced');
        for (const write of timeline.frames.at(-1)!.world.writes) expect(write.fencingToken).toBeNull();
      }
    },
  );
});

/** The end of a run is told by what landed on the way, not only by the last row (fresh-eyes review). */
describe('how a lab run ends', () => {
  const told = (config: LabConfig) => {
    const timeline = runScenario(labScenario(seed, config), labRunSettings(config), ALL_MODELS);
    return { timeline, narrations: narrationsFor(timeline, labNarration) };
  };

  it.each(['redis', 'lesson'] as const)(
    "%s, three renewers, unchecked: C finds the renewal done and renews nothing, so A's stale write is the last",
    (service) => {
      const config = presetConfig({ service, storage: 'unchecked', renewers: 3 });
      const { timeline, narrations } = told(config);
      const notDue = timeline.frames.find(({ happening }) => happening.kind === 'workNotDue');
      expect(notDue?.happening).toMatchObject({ renewer: 'C', current: { serial: 1002 } });
      expect(timeline.outcome.kind).toBe('staleOverwrote');
      expect(verdictOf(timeline)).toMatchObject({ kind: 'staleWriteLanded', writer: 'A' });
      expect(narrations.at(-1)!.label).toMatch(/^final: stale serial 1001, fence \d+$/);
      expect(narrations.at(-1)!.caption).toMatch(/a stale certificate replaced a newer one/);
    },
  );

  it('a run where nothing was refused and nothing stale landed does not say a late write "changed nothing"', () => {
    for (const id of ['lock-delay-helps', 'pause-during-acquisition']) {
      const { narrations } = told(presetNamed(id));
      expect(narrations.at(-1)!.caption).toMatch(/Every write that landed came under a later grant/);
      expect(narrations.at(-1)!.caption).not.toMatch(/token|changed nothing/);
    }
  });

  it('the fenced evening in the lab still ends with the refused late write', () => {
    const { narrations } = told(presetNamed('seed-scenario'));
    expect(narrations.at(-1)!.caption).toMatch(/The late write with a lower token changed nothing/);
  });

  it('counts the renewers in words at the start', () => {
    expect(told(presetConfig({ renewers: 3 })).narrations[0]!.caption).toMatch(/Three renewers are about to try/);
    expect(told(presetConfig({ renewers: 2 })).narrations[0]!.caption).toMatch(/Two renewers are about to try/);
  });

  it.each([
    ['etcd', "Renewer A's lease revoked"],
    ['zookeeper', "Renewer A's session expires"],
    ['chubby', "Renewer A's session lapses"],
    ['redis', 'key expires'],
    ['redlock', "Renewer A's keys lapse"],
    ['lesson', "Renewer A's lease expires"],
  ] as const)('%s: the lease running out is told in its own words', (service, label) => {
    const { timeline, narrations } = told(presetConfig({ service, storage: 'unchecked' }));
    const expired = timeline.frames.findIndex((frame) => frame.happening.kind === 'leaseExpired');
    expect(narrations[expired]!.label).toBe(label);
  });
});

describe('lab settings from a link', () => {
  it('says when a number was rounded to the whole units the run uses', () => {
    const { config, problems } = parseLabConfig('?ttl=2500.6&pause=40000.0');
    expect(config).toMatchObject({ ttlMs: 2_501, pauseMs: 40_000 });
    expect(problems.map(say)).toEqual(['Lease TTL takes whole milliseconds; using 2501.']);
  });

  it('says a number just outside the range is out of range, even when it rounds to the edge', () => {
    const { config, problems } = parseLabConfig('?drift=-50.5&ttl=600000.4&pause=0.2');
    expect(config).toMatchObject({ clockDriftPct: -50, ttlMs: 600_000, pauseMs: 0 });
    expect(problems.map(say)).toEqual([
      'Lease TTL must be between 1000 and 600000 ms; using 600000.',
      'Pause length takes whole milliseconds; using 0.',
      'Clock drift on node R3 must be between -50 and 50 %; using -50.',
    ]);
  });

  it('echoes a bad value cut short, whatever its length', () => {
    const long = 'x'.repeat(100_000);
    const [problem] = parseLabConfig(`?service=${long}`).problems;
    expect(say(problem)).toBe(`“${'x'.repeat(40)}…” is not a lock service here; using the lesson's own.`);
    expect(say(parseLabConfig(`?service=${'y'.repeat(40)}`).problems[0])).toContain(`“${'y'.repeat(40)}”`);
  });

  it('names every setting it could not use, not only the numbers', () => {
    const { config, problems } = parseLabConfig('?service=consul&renewers=7&resource=pdf&pauseWhen=never');
    expect(config).toMatchObject({ service: 'lesson', renewers: 2, resource: 'certificate' });
    expect(problems.map((problem) => problem.field)).toEqual(['service', 'resource', 'pauseWhen', 'renewers']);
  });

  it('offers under Redis only the storage that applies there', () => {
    const { problems } = parseLabConfig('?service=redis&storage=bogus');
    expect(problems.map(say)).toEqual(['For the certificate, storage must be unchecked, not “bogus”.']);
  });

  it.each([
    ['clockJumpMs', 'redlock'],
    ['clockDriftPct', 'redlock'],
    ['lockDelayMs', 'chubby'],
    ['failoverAtMs', 'redis'],
  ] as const)('%s applies only under %s', (field, service) => {
    for (const other of ['lesson', 'redis', 'redlock', 'etcd', 'zookeeper', 'chubby'] as const) {
      expect(fieldApplies(field, presetConfig({ service: other }))).toBe(other === service);
    }
  });
});

describe('the lab shows the causes it relies on', () => {
  const told = (config: LabConfig) => {
    const timeline = runScenario(labScenario(seed, config), labRunSettings(config), ALL_MODELS);
    const narrations = narrationsFor(timeline, labNarration);
    const index = (kind: string, renewer?: string) =>
      timeline.frames.findIndex(
        (frame) =>
          frame.happening.kind === kind &&
          (renewer === undefined || ('renewer' in frame.happening && frame.happening.renewer === renewer)),
      );
    return { timeline, narrations, index };
  };

  it('pause during acquisition: A sends its request, then freezes, and its late replies are discarded', () => {
    const { index, narrations } = told(presetNamed('pause-during-acquisition'));
    expect(index('acquireRequested', 'A')).toBeGreaterThan(0);
    expect(index('processPaused', 'A')).toBeGreaterThan(index('acquireRequested', 'A'));
    expect(index('grantTooLate', 'A')).toBeGreaterThan(index('processPaused', 'A'));
    expect(narrations[index('grantTooLate', 'A')]!.label).toBe('replies read too late: not held');
  });

  it('drift alone splits nothing; the split alone moves no clock; a link from before splits with the drift', () => {
    const kindsOf = (search: string) =>
      told(parseLabConfig(search).config).timeline.frames.map((f) => f.happening.kind);
    const drift = kindsOf('?service=redlock&storage=unchecked&drift=20&partition=off');
    expect(drift).not.toContain('networkPartitioned');
    expect(drift).not.toContain('clockJumped');
    const split = kindsOf('?service=redlock&storage=unchecked&partition=on');
    expect(split[1]).toBe('networkPartitioned');
    expect(kindsOf('?service=redlock&storage=unchecked&drift=20')[1]).toBe('networkPartitioned');
  });

  it("clock jump: the partition and node R3's jump are steps of their own, before B is granted", () => {
    const { timeline, index, narrations } = told(presetNamed('clock-jump-on-node-c'));
    expect(index('networkPartitioned')).toBe(1);
    expect(narrations[1]!.caption).toMatch(/Renewer A: R4, R5; Renewer B: R1, R2/);
    const jump = index('clockJumped');
    expect(timeline.frames[jump]!.at).toBe(1_000);
    expect(narrations[jump]!.label).toBe("node R3's clock jumps 60 s");
    const bGranted = timeline.frames.findIndex(
      (frame) => frame.happening.kind === 'leaseGranted' && frame.happening.renewer === 'B',
    );
    expect(bGranted).toBeGreaterThan(jump);
  });

  it("a delay on A's write is told when A sends it, with when it will arrive", () => {
    const { timeline, index, narrations } = told(presetNamed('redis-failover'));
    const received = index('certificateReceived', 'A');
    expect(timeline.frames[received]!.at).toBe(5_000);
    expect(narrations[received]!.label).toBe('gets serial 1001, sends it');
    expect(narrations[received]!.caption).toMatch(/holds the write up for 20 s: it reaches the table only at 25 s/);
    expect(timeline.frames[index('writeRequested', 'A')]!.at).toBe(25_000);
    // B's write has no delay, and is told as usual.
    expect(narrations[index('certificateReceived', 'B')]!.label).toMatch(/^gets serial \d+$/);
  });
});

describe("the lesson's own service", () => {
  it("is 'lesson' in links, and an older link's 'fencing' still opens it, with no notice", () => {
    expect(parseLabConfig('?service=lesson')).toMatchObject({ config: { service: 'lesson' }, problems: [] });
    expect(parseLabConfig('?service=fencing&storage=fenced')).toMatchObject({
      config: { service: 'lesson', storage: 'fenced' },
      problems: [],
    });
    expect(serializeLabConfig(parseLabConfig('?service=fencing').config)).toMatch(/service=lesson/);
  });
});

describe('a run the simulation had to cut off', () => {
  it('gets no verdict, and the lab says why instead', () => {
    const endless = buildEndlessScenario();
    const verdict = verdictOf(runScenario(endless, { fencing: true }));
    expect(verdict).toEqual({ kind: 'cutOff', events: MAX_EVENTS });
    expect(reasonFor(verdict, DEFAULT_LAB_CONFIG)).toBe('cutOff');
    expect(fillTemplate(lab.reasons.cutOff, { events: '5,000' })).toMatch(/^The simulation stopped after 5,000 events/);
  });

  it('a run that settled is judged as usual', () => {
    expect(verdictOf(runScenario(buildScenario(), { fencing: true })).kind).not.toBe('cutOff');
  });
});
