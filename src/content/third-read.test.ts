// @vitest-environment node
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadContent } from './build/load-content';

/*
 * The third expert read's text points (shared/research/fidelity-review.md §2 to §4): the model differences the
 * fidelity section must announce, the facts the lesson was missing, and the sources that did not say what they
 * were cited for. Each is pinned to its words and its citation, so a later edit cannot drop one unnoticed.
 */
const dir = resolve(import.meta.dirname, '../../content');
const section = (file: string) => readFileSync(resolve(dir, 'lesson', file), 'utf8');
const { lesson } = loadContent(dir);
const fidelity = () => section('09-implementations.md').split('{#fidelity}')[1]!;
/** The sentence of `text` that contains `words`, so a test can ask what that one sentence cites. */
const sentenceWith = (text: string, words: string) => {
  const sentence = text.split(/(?<=[.;])\s+(?=[A-Z*`(])/).find((candidate) => candidate.includes(words));
  if (sentence === undefined) throw new Error(`no sentence says “${words}”`);
  return sentence;
};

describe('§2: the fidelity section announces each model difference', () => {
  it("certificates: serials in issue order are the lab's simplification; older and newer follow notBefore", () => {
    expect(sentenceWith(fidelity(), "that is the lab's simplification")).toContain('1001, 1002');
    expect(sentenceWith(fidelity(), 'at least 64 random bits')).toContain('[@cabf-br]');
    expect(sentenceWith(fidelity(), 'older or newer follows its issue time')).toContain('`notBefore`');
  });

  it('renewers check the row before they renew, with the window and lifetime cited', () => {
    expect(sentenceWith(fidelity(), 'more than 30 days left')).toContain('reads the row');
    expect(sentenceWith(fidelity(), 'Thirty days is the default')).toContain(
      '[@autocert-renew-before; @autocert-renewal]',
    );
    expect(sentenceWith(fidelity(), '45 days in February 2028')).toContain('[@letsencrypt-45-days]');
    expect(sentenceWith(fidelity(), 'valid for 90 days')).toContain('[@letsencrypt-90-days]');
    expect(sentenceWith(fidelity(), 'checks its mail log')).toContain('weekly email');
  });

  it('ZooKeeper: the model runs create, then getChildren, as the recipe does; only a refusal is told as one step', () => {
    const said = sentenceWith(fidelity(), 'then `getChildren` and the comparison');
    expect(said).toContain('[@zookeeper-recipes]');
    expect(
      sentenceWith(fidelity(), 'shows the create, the `getChildren` and the delete as one refused step'),
    ).toBeTruthy();
    expect(sentenceWith(fidelity(), 'fails with a connection loss')).toContain('[@zookeeper-programmers]');
    expect(fidelity()).not.toContain('as blind to a pause while acquiring as Redis');
  });

  it('Redis: the release script’s bare 0 carries no reason', () => {
    const said = sentenceWith(fidelity(), 'bare `0`');
    expect(said).toContain("the lab's diagram shows that bare `0`");
    // The reply drawn is Redis's own; the reason is only in the caption, as the lab's words.
    const captions = JSON.parse(readFileSync(resolve(dir, 'lab', 'captions.json'), 'utf8')) as Record<
      string,
      Record<string, { label: string; caption: string }>
    >;
    const releases = Object.values(captions)
      .flatMap((group) => Object.entries(group))
      .filter(([key]) => /^releaseRefused(NotHolderNoToken|NoLeaseNoToken|LostInFailover)$/.test(key));
    expect(releases.map(([key]) => key).sort()).toEqual([
      'releaseRefusedLostInFailover',
      'releaseRefusedNoLeaseNoToken',
      'releaseRefusedNotHolderNoToken',
    ]);
    for (const [key, { label, caption }] of releases) {
      expect(label, key).toBe('0');
      expect(caption, key).toContain('The reply does not say why; the lab can see');
    }
    expect(said).toContain('[@redis-distlock]');
  });

  it('certificates: serials here run in issue order, real ones are random', () => {
    expect(fidelity()).toContain('1001, 1002 … in the order the CA issues them');
    expect(sentenceWith(fidelity(), 'Serials of publicly trusted certificates')).toContain('[@cabf-br]');
  });

  it('Redlock: drift, a jump and the split are separate settings; older links keep the split they had', () => {
    expect(sentenceWith(fidelity(), 'are separate settings')).toContain('[@kleppmann-2016]');
    expect(fidelity()).not.toContain('even when no clock jumps');
    expect(sentenceWith(fidelity(), 'such a link still splits the network')).toContain('the lab says so');
  });
});

describe('§3: the missing facts are in the lesson, each cited', () => {
  it('3.1 ZooKeeper’s recipe lists the children before the client holds the lock', () => {
    const text = section('07-where-tokens-come-from.md');
    expect(sentenceWith(text, 'two round trips')).toMatch(/`getChildren`.*\[@zookeeper-recipes\]/);
    expect(sentenceWith(text, 'A client frozen between the two')).toMatch(
      /connection loss.*told that its session expired.*\[@zookeeper-programmers\]/,
    );
  });

  it('3.2 ZooKeeper holds a session timeout within 2 to 20 ticks', () => {
    const text = section('07-where-tokens-come-from.md');
    expect(sentenceWith(text, 'between 2 and 20 times')).toContain('a client that asks for 60 s gets 40 s');
    expect(sentenceWith(text, 'reports the value it got')).toContain('[@zookeeper-programmers; @zookeeper-admin]');
    expect(sentenceWith(text, 'between 2 and 20 times')).toMatch(/^By default.*`minSessionTimeout`/);
  });

  it('3.3 contrib/lock’s storage never moves its version forward, in §6 and §7', () => {
    expect(sentenceWith(section('06-the-check-in-postgres.md'), 'never stores a different version')).toMatch(
      /every later holder is refused, the newer ones too \[@etcd-contrib-lock\]/,
    );
    expect(sentenceWith(section('07-where-tokens-come-from.md'), 'never moves its stored version')).toContain(
      'newer ones included [@etcd-contrib-lock]',
    );
  });

  it('3.4 a serial orders nothing; the validity dates do', () => {
    const text = section('06-the-check-in-postgres.md');
    expect(text).not.toContain('a certificate has a serial and an expiry date');
    expect(sentenceWith(text, 'Nothing makes its serial number ordered')).toMatch(/publicly trusted CAs.*\[@cabf-br\]/);
    expect(sentenceWith(text, '`notBefore`, `notAfter`')).toContain('[@rfc-5280]');
  });
});

describe('§4: each claim cites a source that says it', () => {
  const cited = (id: string) => lesson.sources.find((source) => source.id === id);

  it('4.1 advisory locks and the deadlock detector: the lock manager’s source, and a real Postgres run', () => {
    const said = sentenceWith(section('09-implementations.md'), 'Postgres takes advisory locks');
    expect(said).toContain('[@postgres-lockfuncs]');
    expect(said).toContain('conformance tests run this on PostgreSQL 15');
    expect(cited('postgres-lockfuncs')?.url).toMatch(/lockfuncs\.c$/);
  });

  it('4.2 DDIA takes the pause up under process pauses; it does not open with it', () => {
    const text = section('04-no-lock-is-enough.md');
    expect(text).not.toMatch(/both open with/);
    expect(sentenceWith(text, 'his book takes it up under process pauses')).toContain('@ddia');
  });

  it('4.3 the TTL trade-off is cited to the leases paper, the paused holder to Kleppmann', () => {
    const text = section('04-no-lock-is-enough.md');
    expect(sentenceWith(text, 'a short term limits how long a failed holder')).toContain('[@gray-cheriton-1989]');
    expect(sentenceWith(text, 'a holder that is only paused or slow loses its lease')).toContain('[@kleppmann-2016]');
  });

  it('4.4 every deadlock cure is cited', () => {
    const cures = section('09-implementations.md')
      .split('\n')
      .filter((line) => /^- \*\*(Lock ordering|All at once|Bounded waits)\.\*\*/.test(line));
    expect(cures).toHaveLength(3);
    for (const cure of cures) expect(cure).toMatch(/\[@[a-z0-9-]+\]/);
  });

  it('4.5 lock-delay’s gap is given as the lesson’s reasoning, not as the paper’s words', () => {
    const text = section('07-where-tokens-come-from.md');
    expect(text).not.toContain('a pause or delay longer than the lock-delay still gets through [@chubby-2006]');
    expect(sentenceWith(text, 'One reason follows from how it works')).not.toContain('[@');
  });
});
