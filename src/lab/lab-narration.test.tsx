import { render, screen } from '@testing-library/react';
import lab from 'virtual:lockstep/lab';
import { describe, expect, it } from 'vitest';
import content from 'virtual:lockstep/content';
import { ALL_MODELS } from '@/sim/all-models';
import { runScenario } from '@/sim/run';
import { CAPTION_VARIABLES } from '@/content/caption-keys';
import { CertificatesPanelView } from '@/story/certificates-panel-view';
import { RenewersPanelView } from '@/story/renewers-panel-view';
import { formatTime } from '@/story/format';
import { narrationsFor } from '@/story/timeline-narrations';
import { LAB_SERVICES, presetConfig, type LabConfig } from '@/settings/lab-config';
import { labRunSettings, labScenario } from '@/settings/lab-scenario';
import { labTimeline } from '@/testing/lab-run';
import { labNarration } from './lab-narration';
const seed = content.scenarios[0]!;

function captionsOf(config: LabConfig) {
  const timeline = runScenario(labScenario(seed, config), labRunSettings(config), ALL_MODELS);
  return narrationsFor(timeline, labNarration).map((narration) => narration.caption);
}

const configurations: LabConfig[] = [
  ...lab.presets.map((preset) => presetConfig(preset.config)),
  ...LAB_SERVICES.flatMap((service) =>
    (['fenced', 'unchecked'] as const).flatMap((storage) =>
      (['afterAcquiring', 'whileAcquiring'] as const).map((pauseWhen) => presetConfig({ service, storage, pauseWhen })),
    ),
  ),
];

describe('lab captions', () => {
  it.each(configurations.map((config) => [`${config.service}, ${config.resource}, ${config.storage}`, config]))(
    '%s: every step is told in words, with every placeholder filled and no token where there is none',
    (_, config) => {
      for (const caption of captionsOf(config)) {
        expect(caption).not.toMatch(/\{\w+\}/);
        expect(caption).not.toMatch(/token none|higher than none|fence none/);
        expect(Object.keys(CAPTION_VARIABLES)).not.toContain(caption);
      }
    },
  );

  it('tells the weekly email as reports and emails, not certificates', () => {
    const captions = captionsOf(presetConfig({ service: 'redis', resource: 'email', storage: 'unchecked' }));
    expect(captions[0]).toMatch(/weekly report for 2026-W48/);
    expect(captions.join(' ')).not.toMatch(/certificate authority/);
    expect(captions.join(' ')).toMatch(/Worker A/);
    expect(captions.join(' ')).not.toMatch(/Renewer|renewers/);
    expect(captions.at(-1)).toMatch(/reached owner-4711: 2\./);
  });
});

describe('the weekly email, step by step in its own words', () => {
  it('without a claims table: the report is built, then each worker hands it to the mail sender', () => {
    const captions = captionsOf(presetConfig({ service: 'lesson', resource: 'email', storage: 'unchecked' }));
    expect(captions[3]).toMatch(
      /^Before it does the work, Worker A checks the mail log: no report for owner-4711, 2026-W48 has gone out yet\. So it starts building the report, which will be ready at 5 s\./,
    );
    expect(captions[11]).toMatch(/^Worker B's report is ready, and it sends it at once/);
    expect(captions[12]).toMatch(/^Worker B hands the report to the mail sender, which sends it to owner-4711/);
    expect(captions[17]).toMatch(/^Worker A hands the report to the mail sender, which sends it to owner-4711/);
  });

  it("with the idempotency key: B claims the week first, and A's same claim inserts nothing", () => {
    const captions = captionsOf(presetConfig({ service: 'lesson', resource: 'email', storage: 'idempotencyKey' }));
    expect(captions[12]).toMatch(/^Worker B first claims this week's report: `INSERT INTO sent_reports/);
    expect(captions[17]).toMatch(/^Worker A tries the same claim, and `INSERT … ON CONFLICT DO NOTHING`/);
    expect(captions[20]).toMatch(/reached owner-4711: 1\./);
  });
});

/*
 * Each service's run as a reader reads it, one file per run in __captions__/: which template tells each step is
 * the service's own (Redlock's majority, etcd's revision, Chubby's sequencer), and the claims checked in
 * caption-truth.test.ts hold for a more general template too, so only the words themselves pin the choice. A
 * change of wording shows here as a change of these files, to read and accept with `vitest -u`; a new service's
 * files are written by that too, and fail the run until they exist.
 */
describe('every service told step by step', () => {
  // A service without tokens turns "fenced" into "unchecked": each run once.
  const runs = new Map(
    [
      ...LAB_SERVICES.flatMap((service) =>
        (['fenced', 'unchecked'] as const).map((storage) => presetConfig({ service, storage })),
      ),
      ...(['unchecked', 'idempotencyKey'] as const).map((storage) => presetConfig({ resource: 'email', storage })),
    ].map((config) => [`${config.service}-${config.resource}-${config.storage}`, config]),
  );
  it.each([...runs])('%s', async (name, config) => {
    const timeline = runScenario(labScenario(seed, config), labRunSettings(config), ALL_MODELS);
    const told = narrationsFor(timeline, labNarration)
      .map(({ caption }, step) => `${step + 1}. ${formatTime(timeline.frames[step]!.at)}: ${caption}`)
      .join('\n');
    await expect(`${told}\n`).toMatchFileSnapshot(`./__captions__/${name}.txt`);
  });

  // Outside CI, toMatchFileSnapshot writes a missing file unread and passes. A new service's runs must be read first.
  it('every run has its captions file in __captions__/, written and read before it is committed', () => {
    const files = Object.keys(import.meta.glob('./__captions__/*.txt')).map((path) => path.replace(/^.*\//, ''));
    expect(files.sort()).toEqual([...runs.keys()].map((name) => `${name}.txt`).sort());
  });
});

describe('each lock service is asked in its own words', () => {
  it.each([
    ['lesson', /acquire lock:cert:go\.shop\.example, lease 30 s/],
    ['redis', /SET lock:cert:go\.shop\.example [0-9a-f]+ NX PX 30000/],
    ['redlock', /each of the five Redis nodes/],
    ['etcd', /a lease with a TTL of 30 s/],
    ['zookeeper', /ephemeral, sequential znode/],
    ['chubby', /sequencer/],
  ] as const)('%s', (service, words) => {
    const captions = captionsOf(presetConfig({ service }));
    expect(captions[1]).toMatch(words);
  });
});

/** The first grant's reply, and the first refusal's, as each real service words them. */
describe('each lock service answers in its own words', () => {
  it.each([
    ['lesson', 'granted, token 33', 'refused: held by Renewer A'],
    ['redis', 'OK', '(nil)'],
    ['redlock', 'OK from a majority', 'no majority'],
    ['etcd', /^key created, revision \d+$/, 'ErrLocked: older key'],
    ['zookeeper', /^created, czxid \d+$/, 'not lowest: Renewer A holds'],
    ['chubby', 'TryAcquire: true', 'TryAcquire fails: held'],
  ] as const)('%s', (service, grant, refusal) => {
    const config = presetConfig({ service, storage: 'unchecked', ttlMs: 600_000 });
    const timeline = runScenario(labScenario(seed, config), labRunSettings(config), ALL_MODELS);
    const labels = narrationsFor(timeline, labNarration).map((narration) => narration.label);
    const kinds = timeline.frames.map((frame) => frame.happening.kind);
    expect(labels[kinds.indexOf('leaseGranted')]).toEqual(
      typeof grant === 'string' ? grant : expect.stringMatching(grant),
    );
    expect(labels[kinds.indexOf('leaseRefused')]).toBe(refusal);
  });

  it('no tokenless service is ever shown handing out a token', () => {
    for (const service of ['redis', 'redlock'] as const) {
      for (const storage of ['fenced', 'unchecked'] as const) {
        const config = presetConfig({ service, storage });
        const timeline = runScenario(labScenario(seed, config), labRunSettings(config), ALL_MODELS);
        // The row's starting fence was written before the story; every step after it is under this service.
        const told = narrationsFor(timeline, labNarration).slice(1);
        expect(told.length).toBeGreaterThan(10);
        for (const narration of told) expect(`${narration.label} ${narration.caption}`).not.toMatch(/\btoken \d/);
      }
    }
  });
});

describe('lab panels under a service without tokens', () => {
  it('the certificates panel says the last write had no token, and belief vs truth is shown', () => {
    const config = presetConfig({ service: 'redlock', storage: 'unchecked' });
    const timeline = runScenario(labScenario(seed, config), labRunSettings(config), ALL_MODELS);
    const last = timeline.frames.length - 1;
    render(
      <>
        <CertificatesPanelView timeline={timeline} cursor={last} />
        <RenewersPanelView frame={timeline.frames[last]!} timeline={timeline} />
      </>,
    );
    expect(screen.getByText(/^Last write: no token, serial 1001/)).toBeInTheDocument();
    // Nothing carries a token to put in a fence column: the statement shown has none.
    expect(screen.getByText('Writes carry no token:')).toBeInTheDocument();
    expect(screen.getByText(/^UPDATE certificates SET cert = \$2\s+WHERE domain = \$1;$/)).toBeInTheDocument();
    expect(screen.queryByText(/fence = \$3/)).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Belief vs truth' })).toHaveTextContent('Renewer A');
  });

  describe('a pause while acquiring: the frozen renewer has not read its reply (the second read, errors 1 and 2)', () => {
    const run = (service: LabConfig['service'], storage: LabConfig['storage'] = 'unchecked', pauseMs = 40_000) => {
      const config = presetConfig({ service, storage, pauseWhen: 'whileAcquiring', pauseMs });
      const timeline = runScenario(labScenario(seed, config), labRunSettings(config), ALL_MODELS);
      const narrations = narrationsFor(timeline, labNarration);
      const at = (kind: string, ms?: number) =>
        narrations[
          timeline.frames.findIndex((frame) => frame.happening.kind === kind && (ms === undefined || frame.at === ms))
        ]!;
      return { at, captions: narrations.map((narration) => `${narration.label} ${narration.caption}`) };
    };

    it('Redlock: A computed no validity and believes nothing while frozen; it wakes to read its replies', () => {
      const { at, captions } = run('redlock');
      expect(at('leaseExpired').caption).toContain("has not read the nodes' replies yet");
      expect(at('leaseExpired').caption).not.toMatch(/computed for its lock|still believes it holds/);
      expect(at('processResumed').caption).not.toContain('as if it still held the lock');
      expect(captions.join(' ')).not.toContain('still believes it holds the lock');
    });

    it('Redis: OK is read at 40 s though sent at 0 s, after the key expired at 30 s', () => {
      const { at } = run('redis');
      expect(at('leaseExpired').caption).toContain("has not read Redis's `OK` yet");
      const late = at('leaseGranted', 40_000);
      expect(late.caption).toContain('`OK`, sent at 0 s');
      expect(late.caption).toContain('The key expired at 30 s');
      expect(late.caption).not.toContain('holds the lock until 30 s');
    });

    it('Redis: A’s certificate is the newer one (1002 at 38 s against 1001 at 36 s), so it is never called older', () => {
      // A wakes at 33 s, after B's grant and before B's write, so its check finds the renewal still due.
      const { at, captions } = run('redis', 'unchecked', 33_000);
      expect(captions.join(' ')).not.toMatch(
        /older certificate|stale certificate replaced a newer|a newer certificate/,
      );
      expect(at('writeAnswered', 38_000).caption).toContain('made under an earlier grant of the lock');
      expect(at('scenarioEnded').caption).toContain(
        "Renewer A's write, made under an earlier grant of the lock, replaced Renewer B's",
      );
    });

    it('ZooKeeper grants its own session length (6 s for a 4 s TTL): the late grant still says when it was sent', () => {
      const config = presetConfig({
        service: 'zookeeper',
        storage: 'unchecked',
        pauseWhen: 'whileAcquiring',
        ttlMs: 4_000,
      });
      const timeline = runScenario(labScenario(seed, config), labRunSettings(config), ALL_MODELS);
      const narrations = narrationsFor(timeline, labNarration);
      const late = timeline.frames.findIndex(
        (frame) => frame.happening.kind === 'leaseGranted' && frame.happening.lease.expiresAt! <= frame.at,
      );
      expect(narrations[late]!.caption).toContain('at 0 s. The server expired the session at 6 s');
    });

    it('a service with tokens: the late grant names its token and says the lease had ended', () => {
      const { at, captions } = run('lesson');
      expect(at('leaseGranted', 40_000).caption).toMatch(
        /reads the lock service's reply only now, at 40 s: a grant with token 33, sent at 0 s\. That lease ended at 30 s/,
      );
      expect(captions.join(' ')).not.toMatch(/older certificate|token none/);
    });
  });
});

describe("Chubby's holder asks for its sequencer in a call of its own", () => {
  it('after TryAcquire succeeds, GetSequencer() brings the generation, and only then does the work start', () => {
    const config = presetConfig({ service: 'chubby', storage: 'fenced' });
    const timeline = runScenario(labScenario(seed, config), labRunSettings(config), ALL_MODELS);
    const labels = narrationsFor(timeline, labNarration).map((narration) => narration.label);
    const granted = labels.indexOf('TryAcquire: true');
    expect(labels.slice(granted, granted + 4)).toEqual([
      'TryAcquire: true',
      'GetSequencer()',
      'sequencer, generation 33',
      'asks the CA',
    ]);
  });

  it('a holder frozen while acquiring reads its grant late, and GetSequencer() tells it the lock is lost', () => {
    const config = presetConfig({ service: 'chubby', storage: 'unchecked', pauseWhen: 'whileAcquiring' });
    const timeline = runScenario(labScenario(seed, config), labRunSettings(config), ALL_MODELS);
    const narrations = narrationsFor(timeline, labNarration);
    const refused = narrations.findIndex((narration) => narration.label === 'GetSequencer fails: not held');
    expect(refused).toBeGreaterThan(0);
    expect(narrations[refused - 2]!.label).toMatch(/^reads TryAcquire: true \(sent at 0 s\)$/);
    // Renewer A never writes under the lost grant.
    const writesByA = timeline.frames.filter(
      ({ happening, index }) => index < refused && happening.kind === 'writeRequested' && happening.renewer === 'A',
    );
    expect(writesByA).toEqual([]);
  });
});

describe("ZooKeeper's holder lists the lock's children before it counts on the lock (the recipe's steps 1 to 3)", () => {
  const labelsOf = (search: string) => {
    const timeline = labTimeline(search);
    return { timeline, labels: narrationsFor(timeline, labNarration).map((narration) => narration.label) };
  };

  it('create is answered with the znode only; getChildren and the comparison tell the holder, then the work starts', () => {
    const { labels } = labelsOf('?service=zookeeper&storage=fenced');
    const created = labels.findIndex((label) => label.startsWith('created, czxid'));
    expect(labels.slice(created, created + 4)).toEqual([
      'created, czxid 34',
      'getChildren /lock',
      'lowest: holds, czxid 34',
      'asks the CA',
    ]);
  });

  it('a holder frozen while acquiring wakes to CONNECTIONLOSS, then SESSIONEXPIRED, and writes nothing under that session', () => {
    const { timeline, labels } = labelsOf('?service=zookeeper&storage=unchecked&pauseWhen=whileAcquiring&pause=40000');
    const failed = labels.indexOf('CONNECTIONLOSS, then SESSIONEXPIRED');
    expect(labels.slice(failed - 2, failed + 1)).toEqual([
      'reads created (sent at 0 s)',
      'getChildren /lock',
      'CONNECTIONLOSS, then SESSIONEXPIRED',
    ]);
    expect(timeline.frames[failed]!.at).toBe(40_000);
    // Renewer A writes nothing: in a new session it holds the lock, and its check finds B's renewal done.
    const writes = timeline.frames.at(-1)!.world.writes;
    expect(writes.map((write) => [write.renewer, write.fencingToken])).toEqual([['B', 40]]);
    expect(labels.at(-4)).toBe('already renewed: serial 1001');
    expect(timeline.frames.at(-1)!.happening).toMatchObject({ outcome: { kind: 'newestKept' } });
  });

  it('getChildren keeps the session alive: A wakes at 27 s of a 30 s session, holds on, and nobody else renews', () => {
    const { timeline, labels } = labelsOf('?service=zookeeper&storage=unchecked&pauseWhen=whileAcquiring&pause=27000');
    expect(timeline.frames.some(({ happening }) => happening.kind === 'leaseExpired')).toBe(false);
    expect(labels).toContain('lowest: holds, czxid 34');
    expect(timeline.frames.at(-1)!.world.writes.map((write) => write.renewer)).toEqual(['A']);
  });

  it('a holder frozen while its reply waits, but within its session, is told it holds the lock', () => {
    const { labels } = labelsOf('?service=zookeeper&storage=unchecked&pauseWhen=whileAcquiring&pause=20000');
    const read = labels.indexOf('reads created (sent at 0 s)');
    expect(labels.slice(read, read + 3)).toEqual([
      'reads created (sent at 0 s)',
      'getChildren /lock',
      'lowest: holds, czxid 34',
    ]);
  });
});

describe('the cause a caption names is the run’s (fidelity review, third read, §1.3 and §1.5)', () => {
  const captionsAt = (search: string) => {
    const timeline = labTimeline(search);
    const captions = narrationsFor(timeline, labNarration).map((narration) => narration.caption);
    return (kind: string, renewer: string) =>
      captions.filter((_, index) => {
        const { happening } = timeline.frames[index]!;
        return happening.kind === kind && 'renewer' in happening && happening.renewer === renewer;
      });
  };

  it('a release after the failover lost the key says the failover lost it', () => {
    const lostAtOne = captionsAt('?service=redis&resource=email&storage=unchecked&failover=1000&pause=0');
    expect(lostAtOne('releaseRefused', 'A')).toEqual([
      "Redis replies with the script's bare `0`: nothing was deleted. The reply does not say why; the lab can see that the key is gone, since it never reached the replica that took over in the failover. Worker A learns only now that it no longer held the lock.",
    ]);
    const lostB = captionsAt('?service=redis&storage=unchecked&failover=33000&pauseAt=2000&pause=40000&renewers=3');
    expect(lostB('releaseRefused', 'B')[0]).toMatch(/never reached the replica that took over in the failover/);
  });

  it('a release after the key expired says it expired, and no later holder is blamed', () => {
    const expired = captionsAt('?service=redis&storage=unchecked');
    expect(expired('releaseRefused', 'A')).toEqual([
      "Redis replies with the script's bare `0`: nothing was deleted. The reply does not say why; the lab can see that the key is gone, since Renewer A's own lease on it had expired. Renewer A learns only now that it no longer held the lock.",
    ]);
  });

  it('a worker giving up on the weekly email says nothing of a certificate; a renewer giving up does', () => {
    const email = captionsAt('?service=redis&resource=email&storage=unchecked&ttl=600000&pauseAt=2000&pause=300000');
    expect(email('renewerGaveUp', 'B')).toEqual([
      "Worker B has been refused 10 times and gives up until its next scheduled run, when it will look for this week's report again.",
    ]);
    const certificate = captionsAt('?service=redis&storage=unchecked&ttl=600000&pauseAt=2000&pause=300000');
    expect(certificate('renewerGaveUp', 'B')[0]).toMatch(/Nothing is lost: the certificate is not due yet\.$/);
  });
});

describe('a duration said is the one the service applies (fidelity review, third read, §1.4 and §1.6)', () => {
  const captions = (search: string) => narrationsFor(labTimeline(search), labNarration).map((n) => n.caption);

  it('ZooKeeper asked for 90 s keeps the session at 60 s (20 × tickTime), and says so from the first step', () => {
    const [start, request] = captions('?service=zookeeper&storage=fenced&ttl=90000&pauseAt=2000&pause=70000');
    expect(start).toMatch(/each under a lock that lasts 60 s\./);
    expect(request).toMatch(/^Renewer A asks for a session timeout of 90000 ms\. .* times out after 60 s\./);
  });

  it('ZooKeeper asked for 3 s raises the session to 6 s (2 × tickTime)', () => {
    const [start, request] = captions('?service=zookeeper&storage=fenced&ttl=3000&pauseAt=2000&pause=4000');
    expect(start).toMatch(/lasts 6 s\./);
    expect(request).toMatch(/timeout of 3000 ms\. .* times out after 6 s\./);
  });

  it('etcd asked for 1 s grants its 2 s minimum; asked for 30 s, the caption says 30 s once', () => {
    const [, raised] = captions('?service=etcd&storage=fenced&ttl=1000&pauseAt=2000&pause=4000');
    expect(raised).toMatch(/a lease with a TTL of 1 s\. .* so the lease it grants runs 2 s\./);
    const [, plain] = captions('?service=etcd&storage=fenced');
    expect(plain).toMatch(/a lease with a TTL of 30 s \(etcd counts leases in whole seconds\)/);
  });
});

describe('"the lock is free" only where another client could take it (fidelity review, third read, §1.2)', () => {
  it('Chubby with a lock-delay: the lapsed session’s lock is held back, and the caption says so', () => {
    const timeline = labTimeline(
      '?service=chubby&storage=unchecked&pauseWhen=whileAcquiring&pause=40000&lockDelay=15000',
    );
    const captions = narrationsFor(timeline, labNarration).map((narration) => narration.caption);
    const lapsed = timeline.frames.findIndex((frame) => frame.happening.kind === 'leaseExpired');
    expect(captions[lapsed]).toMatch(/holds it back for the lock-delay: nobody can take it/);
    expect(captions.join(' ')).not.toMatch(/and the lock is free/);
  });

  it('without a lock-delay the same moment is told free', () => {
    const timeline = labTimeline('?service=chubby&storage=unchecked&pauseWhen=whileAcquiring&pause=40000&lockDelay=0');
    const captions = narrationsFor(timeline, labNarration).map((narration) => narration.caption);
    const lapsed = timeline.frames.findIndex((frame) => frame.happening.kind === 'leaseExpired');
    expect(captions[lapsed]).toMatch(
      /the session lapses and Chubby takes the lock away\. With no lock-delay set, the lock is free at once\./,
    );
  });

  it('ZooKeeper: the frozen creator’s session expires (not a lease), and the lock is free', () => {
    const timeline = labTimeline('?service=zookeeper&storage=unchecked&pauseWhen=whileAcquiring&pause=40000');
    const narrations = narrationsFor(timeline, labNarration);
    const lapsed = timeline.frames.findIndex((frame) => frame.happening.kind === 'leaseExpired');
    expect(narrations[lapsed]?.caption).toMatch(
      /the session expires, its ephemeral znode is deleted, and the lock is free\./,
    );
    expect(narrations[lapsed]?.label).toBe("Renewer A's session expires");
    expect(`${narrations[lapsed]?.caption}`).not.toMatch(/lease/);
  });
});

describe('a Redlock grant read late and still valid says when its replies were sent (fidelity review, third read, §1.7)', () => {
  it('frozen 20 s while acquiring: the read says the replies were sent at 0 s and what the client subtracted', () => {
    const timeline = labTimeline('?service=redlock&storage=unchecked&pauseWhen=whileAcquiring&pause=20000');
    const narrations = narrationsFor(timeline, labNarration);
    const read = timeline.frames.findIndex((frame) => frame.happening.kind === 'leaseGranted');
    expect(read).toBeGreaterThan(0);
    expect(narrations[read]?.label).toBe('OK from a majority, read late');
    expect(narrations[read]?.caption).toMatch(/reads the nodes' replies only now: they were sent at 0 s\./);
    expect(narrations[read]?.caption).toMatch(/the whole time since it asked, the pause included/);
    // Without the pause the same grant is news, told as before.
    const fresh = labTimeline('?service=redlock&storage=unchecked');
    const freshRead = fresh.frames.findIndex((frame) => frame.happening.kind === 'leaseGranted');
    expect(narrationsFor(fresh, labNarration)[freshRead]?.label).toBe('OK from a majority');
  });
});

describe('a ZooKeeper client holds the lock only once its listing says so (fidelity review, third read, §2.1)', () => {
  const beliefs = (query: string) => {
    const timeline = labTimeline(query);
    return timeline.frames.map((frame) => {
      render(<RenewersPanelView frame={frame} timeline={timeline} />);
      const text = document.body.textContent ?? '';
      document.body.innerHTML = '';
      return { happening: frame.happening, text };
    });
  };

  it('between the create’s reply and the listing it does not know yet; after it, it holds the lock', () => {
    const steps = beliefs('?service=zookeeper&storage=fenced');
    const created = steps.findIndex(({ happening }) => happening.kind === 'leaseGranted');
    const listed = steps.findIndex(({ happening }) => happening.kind === 'holdCheckAnswered');
    expect(listed).toBeGreaterThan(created);
    expect(steps[created]!.text).toMatch(/nothing yet: it waits for its check to say whether it holds the lock/);
    expect(steps[created]!.text).not.toMatch(/Believes:\s*it holds the lock/);
    expect(steps[listed]!.text).toMatch(/Believes:\s*it holds the lock with token/);
  });

  it('a session of 90 s (kept at 60 s): nobody is told that two believe they hold the lock before the second lists', () => {
    const steps = beliefs('?service=zookeeper&storage=fenced&ttl=90000&pauseAt=2000&pause=70000');
    const secondCreate = steps.findLastIndex(({ happening }) => happening.kind === 'leaseGranted');
    expect(secondCreate).toBeGreaterThan(0);
    expect(steps[secondCreate]!.text).not.toMatch(/believe they hold the lock at once/);
  });
});
