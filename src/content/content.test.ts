import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runScenario } from '@/sim/run';
import { LAB_CAPTION_KEYS, WALKTHROUGH_CAPTION_KEYS } from '@/content/caption-keys';
import { ContentError, loadContent } from './build/load-content';
import { scenarioSchema } from './build/schemas/scenario';

const CONTENT_DIR = resolve(import.meta.dirname, '../../content');
const copies: string[] = [];

/** A throwaway copy of content/, to see how a broken file is reported. */
function copyOfContent(): string {
  const dir = mkdtempSync(join(tmpdir(), 'lockstep-content-'));
  copies.push(dir);
  cpSync(CONTENT_DIR, dir, { recursive: true });
  return dir;
}

/** A copy of content/ with one JSON file changed. */
function contentWith(file: string, change: (json: Record<string, unknown>) => void): string {
  const dir = copyOfContent();
  const path = join(dir, file);
  const json = JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
  change(json);
  writeFileSync(path, JSON.stringify(json));
  return dir;
}

/** A copy of content/ with one lesson file's text changed. */
function lessonWith(file: string, change: (markdown: string) => string): string {
  const dir = copyOfContent();
  const path = join(dir, 'lesson', file);
  writeFileSync(path, change(readFileSync(path, 'utf8')));
  return dir;
}

type Questions = { questions: Record<string, unknown>[] };

function problemsOf(dir: string): readonly string[] {
  try {
    loadContent(dir);
  } catch (error) {
    if (error instanceof ContentError) return error.problems;
    throw error;
  }
  throw new Error('expected the content to be rejected');
}

afterEach(() => {
  for (const dir of copies.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('content/', () => {
  it('loads and validates every file', () => {
    const { content, lab } = loadContent(CONTENT_DIR);
    expect(content.scenarios.map((scenario) => scenario.id)).toContain('stale-certificate');
    expect(Object.keys(content.captions.steps).sort()).toEqual([...WALKTHROUGH_CAPTION_KEYS].sort());
    expect(Object.keys(lab.captions).sort()).toEqual([...LAB_CAPTION_KEYS].sort());
    expect(content.opening.segments).toContainEqual({ kind: 'widget', widget: 'walkthrough' });
  });

  it('holds a seed scenario that plays the story: A gets 33, B gets 34, both ways end as the lesson says', () => {
    const scenario = loadContent(CONTENT_DIR).content.scenarios.find(({ id }) => id === 'stale-certificate')!;
    const fenced = runScenario(scenario, { fencing: true });
    const unfenced = runScenario(scenario, { fencing: false });
    const tokens = fenced.frames.flatMap(({ happening }) =>
      happening.kind === 'leaseGranted' ? [`${happening.renewer}:${happening.lease.token}`] : [],
    );
    expect(tokens).toEqual(['A:33', 'B:34']);
    expect(fenced.outcome).toMatchObject({ kind: 'newestKept', row: { fence: 34 } });
    expect(unfenced.outcome).toMatchObject({ kind: 'staleOverwrote', row: { fence: 33 } });
  });
});

describe('the scenario file drives the timeline', () => {
  it('a shorter pause in the file means no expiry and no stale write, even unfenced, and B finds the work done', () => {
    const dir = contentWith('scenarios/stale-certificate.json', (json) => {
      (json.renewers as { pauses: { durationMs: number }[] }[])[0]!.pauses[0]!.durationMs = 25_000;
    });
    // The scenario alone: the lesson's links name steps of the evening as written, which this one is not.
    const file = join(dir, 'scenarios', 'stale-certificate.json');
    const scenario = scenarioSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
    const timeline = runScenario(scenario, { fencing: false });
    const kinds = timeline.frames.map(({ happening }) => happening.kind);
    expect(kinds).not.toContain('leaseExpired');
    expect(kinds).toContain('workNotDue');
    expect(timeline.frames.at(-1)!.world.writes.map((write) => write.renewer)).toEqual(['A']);
    expect(timeline.outcome.kind).toBe('newestKept');
  });

  it('a longer TTL in the file moves the expiry', () => {
    const dir = contentWith('scenarios/stale-certificate.json', (json) => {
      json.leaseTtlMs = 35_000;
    });
    const timeline = runScenario(loadContent(dir).content.scenarios[0]!, { fencing: true });
    expect(timeline.frames.find(({ happening }) => happening.kind === 'leaseExpired')?.at).toBe(35_000);
  });
});

describe('loadContent rejects broken files, naming the file and the field', () => {
  it('a wrong type in a scenario', () => {
    const dir = contentWith('scenarios/stale-certificate.json', (json) => {
      json.leaseTtlMs = 'thirty seconds';
    });
    expect(problemsOf(dir)).toEqual([
      expect.stringMatching(/^content\/scenarios\/stale-certificate\.json: leaseTtlMs: /),
    ]);
  });

  it('a nested field of a renewer', () => {
    const dir = contentWith('scenarios/stale-certificate.json', (json) => {
      (json.renewers as { pauses: { durationMs: number }[] }[])[0]!.pauses[0]!.durationMs = -5;
    });
    expect(problemsOf(dir)).toEqual([
      expect.stringMatching(/^content\/scenarios\/stale-certificate\.json: renewers\[0\]\.pauses\[0\]\.durationMs: /),
    ]);
  });

  it('an initial fence that no token could pass', () => {
    const dir = contentWith('scenarios/stale-certificate.json', (json) => {
      json.initialCertificate = { serial: 1000, fence: 40, notAfterMs: 172_800_000 };
    });
    expect(problemsOf(dir)).toEqual([
      'content/scenarios/stale-certificate.json: initialCertificate.fence: must be lower than firstFencingToken (33), or no renewer could ever write',
    ]);
  });

  it('a lock service the simulation does not know', () => {
    const dir = contentWith('scenarios/stale-certificate.json', (json) => {
      json.lockService = { kind: 'memcached' };
    });
    expect(problemsOf(dir)).toEqual([
      expect.stringMatching(/^content\/scenarios\/stale-certificate\.json: lockService\.kind: /),
    ]);
  });

  it('a Chubby lock-delay over the one-minute bound', () => {
    const dir = contentWith('scenarios/stale-certificate.json', (json) => {
      json.lockService = { kind: 'chubby', lockDelayMs: 120_000 };
    });
    expect(problemsOf(dir)).toEqual([expect.stringMatching(/stale-certificate\.json: lockService\.lockDelayMs: /)]);
  });

  it('two pauses of one renewer that overlap, by as little as a millisecond', () => {
    const dir = contentWith('scenarios/stale-certificate.json', (json) => {
      (json.renewers as { pauses: unknown[] }[])[0]!.pauses = [
        { atMs: 2_000, durationMs: 40_000 },
        { atMs: 41_999, durationMs: 1_000 },
      ];
    });
    expect(problemsOf(dir)).toEqual([
      'content/scenarios/stale-certificate.json: renewers[0].pauses[1]: overlaps the pause that starts at 2000 ms',
    ]);
  });

  it('two pauses that only touch are fine', () => {
    const dir = contentWith('scenarios/stale-certificate.json', (json) => {
      (json.renewers as { pauses: unknown[] }[])[0]!.pauses = [
        { atMs: 2_000, durationMs: 40_000 },
        { atMs: 42_000, durationMs: 1_000 },
      ];
    });
    expect(() => loadContent(dir)).not.toThrow();
  });

  it('two renewers with the same id', () => {
    const dir = contentWith('scenarios/stale-certificate.json', (json) => {
      (json.renewers as { id: string }[])[1]!.id = 'A';
    });
    expect(problemsOf(dir)).toEqual(['content/scenarios/stale-certificate.json: renewers[1].id: "A" is used twice']);
  });

  it('an unknown field', () => {
    const dir = contentWith('scenarios/stale-certificate.json', (json) => {
      json.leaseTTL = 30000;
    });
    expect(problemsOf(dir)).toEqual([expect.stringMatching(/stale-certificate\.json: \(top level\): .*leaseTTL/)]);
  });

  it('a caption with a placeholder its step does not offer', () => {
    const dir = contentWith('walkthrough/captions.json', (json) => {
      (json.steps as Record<string, { caption: string }>).leaseGranted!.caption = 'Granted with {tokn}.';
    });
    expect(problemsOf(dir)).toEqual([
      expect.stringMatching(
        /^content\/walkthrough\/captions\.json: steps\.leaseGranted\.caption: unknown placeholder \{tokn\}/,
      ),
    ]);
  });

  it('a missing caption', () => {
    const dir = contentWith('walkthrough/captions.json', (json) => {
      delete (json.steps as Record<string, unknown>).writeRejected;
    });
    expect(problemsOf(dir)).toEqual([expect.stringMatching(/captions\.json: steps\.writeRejected: /)]);
  });

  it('a file that is not JSON at all', () => {
    const dir = contentWith('scenarios/stale-certificate.json', () => undefined);
    writeFileSync(join(dir, 'scenarios/stale-certificate.json'), '{ "id": ');
    expect(problemsOf(dir)).toEqual([expect.stringMatching(/^content\/scenarios\/stale-certificate\.json: .*JSON/)]);
  });
});

describe('the lesson and practice content', () => {
  it('has twelve sections in the order of the outline, the walkthrough in the first', () => {
    const { content, lesson } = loadContent(CONTENT_DIR);
    expect(content.toc.map((entry) => entry.id)).toEqual([
      'the-problem',
      'what-is-the-lock-for',
      'the-simple-lock',
      'no-lock-is-enough',
      'fencing-tokens',
      'the-check-in-postgres',
      'where-tokens-come-from',
      'why-not-a-stronger-lock',
      'implementations',
      'seen-in-production',
      'recap',
      'practice',
    ]);
    expect(lesson.sections).toHaveLength(11);
    expect(lesson.sources.map((source) => source.id)).toEqual(
      expect.arrayContaining(['kleppmann-2016', 'chubby-2006']),
    );
  });

  it('the fidelity section says what the lab tells of a late reply, Redlock’s exception included (third read, §1.7)', () => {
    const { lesson } = loadContent(CONTENT_DIR);
    const text = lesson.sections
      .filter((section) => section.id === 'implementations')
      .flatMap((section) => section.segments)
      .map((segment) => ('html' in segment ? segment.html : ''))
      .join('');
    expect(text).toMatch(/says when it was sent and whether the lease it grants still runs/);
    expect(text).toMatch(/Redlock\S{1,7}s client is the exception: it subtracts the whole time acquiring took/);
  });

  it('highlights SQL and commands at build time', () => {
    const { lesson } = loadContent(CONTENT_DIR);
    const html = lesson.sections
      .flatMap((section) => section.segments)
      .map((segment) => ('html' in segment ? segment.html : ''));
    expect(html.join('')).toContain('<code class="hljs language-sql"><span class="hljs-keyword">CREATE TABLE</span>');
    expect(html.join('')).toContain('<code class="hljs language-bash">');
  });

  it('has at least 12 quiz questions of all three kinds, covering every section, with the Snip question', () => {
    const { practice, content } = loadContent(CONTENT_DIR);
    expect(practice.quiz.length).toBeGreaterThanOrEqual(12);
    expect(new Set(practice.quiz.map((question) => question.kind))).toEqual(new Set(['single', 'multiple', 'order']));
    expect(practice.quiz.map((question) => question.id)).toContain('snip-weekly-email');
    const anchors = new Map<string, string>();
    const { lesson } = loadContent(CONTENT_DIR);
    for (const section of [content.opening, ...lesson.sections]) {
      for (const segment of section.segments) {
        if (segment.kind !== 'html') continue;
        for (const [, id] of segment.html.matchAll(/<h[23] id="([^"]+)"/g)) anchors.set(id!, section.id);
      }
    }
    const covered = new Set(practice.quiz.map((question) => anchors.get(question.section)));
    for (const section of content.toc.map((entry) => entry.id)) {
      if (!['seen-in-production', 'recap', 'practice'].includes(section)) expect(covered).toContain(section);
    }
  });

  it('has at least 5 interview questions, including the seed question', () => {
    const { practice } = loadContent(CONTENT_DIR);
    expect(practice.interview.length).toBeGreaterThanOrEqual(5);
    expect(practice.interview[0]?.prompt).toBe('How would you implement a distributed lock? What can go wrong?');
  });
});

describe('loadContent rejects broken lesson and practice files', () => {
  it('a quiz answer that is not one of the options', () => {
    const dir = contentWith('practice/quiz.json', (json) => {
      (json as Questions).questions[0]!.answer = 'z';
    });
    expect(problemsOf(dir)).toEqual([
      'content/practice/quiz.json: questions[0].answer: "z" is not one of the option ids',
    ]);
  });

  it('a multiple-choice answer that is not one of the options', () => {
    const quiz = JSON.parse(readFileSync(join(CONTENT_DIR, 'practice/quiz.json'), 'utf8')) as Questions;
    const index = quiz.questions.findIndex((question) => question.kind === 'multiple');
    const dir = contentWith('practice/quiz.json', (json) => {
      (json as Questions).questions[index]!.answers = ['a', 'z'];
    });
    expect(problemsOf(dir)).toEqual([
      `content/practice/quiz.json: questions[${index}].answers[1]: "z" is not one of the option ids`,
    ]);
  });

  it('a duplicate question id', () => {
    const dir = contentWith('practice/quiz.json', (json) => {
      (json as Questions).questions[1]!.id = (json as Questions).questions[0]!.id;
    });
    expect(problemsOf(dir)).toEqual(['content/practice/quiz.json: questions[1].id: duplicate id "what-makes-it-hard"']);
  });

  it('a missing field', () => {
    const dir = contentWith('practice/interview.json', (json) => {
      delete (json as Questions).questions[2]!.modelAnswer;
    });
    expect(problemsOf(dir)).toEqual([
      expect.stringMatching(/^content\/practice\/interview\.json: questions\[2\]\.modelAnswer: /),
    ]);
  });

  it('a lab field message with a placeholder its problem does not offer', () => {
    const dir = contentWith('lab/fields.json', (json) => {
      (json as { problems: Record<string, string> }).problems.unknownRenewers = 'Renewers: {label} is not {value}.';
    });
    expect(problemsOf(dir)).toEqual([
      expect.stringMatching(/^content\/lab\/fields\.json: problems\.unknownRenewers: unknown placeholder \{label\}/),
    ]);
  });

  it('a Postgres panel sentence that names a placeholder it cannot fill', () => {
    const dir = contentWith('postgres/statements.json', (json) => {
      (json as { panel: Record<string, string> }).panel.ready = 'PostgreSQL {release} is ready.';
    });
    expect(problemsOf(dir)).toEqual([
      expect.stringMatching(/^content\/postgres\/statements\.json: panel\.ready: unknown placeholder \{release\}/),
    ]);
  });

  it('a quiz question pointing at a section that does not exist', () => {
    const dir = contentWith('practice/quiz.json', (json) => {
      (json as Questions).questions[3]!.section = 'no-such-section';
    });
    expect(problemsOf(dir)).toEqual([
      'content/practice/quiz.json: questions[3].section: "no-such-section" is not a section or heading id',
    ]);
  });

  it('a quiz link to a walkthrough step that does not exist', () => {
    const dir = contentWith('practice/quiz.json', (json) => {
      (json as Questions).questions[6]!.link = { step: 99, fencing: 'on' };
    });
    expect(problemsOf(dir)).toEqual([
      expect.stringMatching(/questions\[6\]\.link\.step: the walkthrough has \d+ steps/),
    ]);
  });

  it('a quiz link one step past the end, and not one at the last step', () => {
    const withLink = (step: number) =>
      contentWith('practice/quiz.json', (json) => {
        (json as Questions).questions[6]!.link = { step, fencing: 'on' };
      });
    const count = Number(/the walkthrough has (\d+) steps/.exec(problemsOf(withLink(99))[0] ?? '')?.[1]);
    expect(count).toBeGreaterThan(1);
    expect(() => loadContent(withLink(count))).not.toThrow();
    expect(problemsOf(withLink(count + 1))).toEqual([
      `content/practice/quiz.json: questions[6].link.step: the walkthrough has ${count} steps`,
    ]);
  });

  it('an end card link to a lab preset that does not exist', () => {
    const dir = contentWith('walkthrough/end-card.json', (json) => {
      (json as { labLinks: { preset: string }[] }).labLinks[1]!.preset = 'clock-jump';
    });
    expect(problemsOf(dir)).toEqual([
      'content/walkthrough/end-card.json: labLinks[1].preset: "clock-jump" is not a lab preset',
    ]);
  });

  it('an order question that starts in the right order', () => {
    const dir = contentWith('practice/quiz.json', (json) => {
      const question = (json as Questions).questions.find((candidate) => candidate.kind === 'order')!;
      question.startOrder = (question.items as { id: string }[]).map((item) => item.id);
    });
    expect(problemsOf(dir)).toEqual([expect.stringMatching(/startOrder: must not already be the right order/)]);
  });

  it('a lesson link to a heading that does not exist', () => {
    const dir = lessonWith('03-the-simple-lock.md', (markdown) => `${markdown}\nSee [nowhere](#nowhere).\n`);
    expect(problemsOf(dir)).toEqual([
      'content/lesson/03-the-simple-lock.md: link "#nowhere": no heading or section has the id "nowhere"',
    ]);
  });

  it('a lesson link to a walkthrough step that does not exist', () => {
    const dir = lessonWith('03-the-simple-lock.md', (markdown) => `${markdown}\nSee [step 0](?step=0#walkthrough).\n`);
    expect(problemsOf(dir)).toEqual([
      expect.stringMatching(
        /^content\/lesson\/03-the-simple-lock\.md: link "\?step=0#walkthrough": the walkthrough has steps 1 to \d+$/,
      ),
    ]);
  });

  it('an unknown widget', () => {
    const dir = lessonWith('12-practice.md', (markdown) => markdown.replace('::quiz::', '::quizz::'));
    expect(problemsOf(dir)).toEqual([
      'content/lesson/12-practice.md: ::quizz:: is not a widget; use one of walkthrough, sources, quiz, interview, map, fence, or run-<lab preset id>',
    ]);
  });

  it('a live run of a lab preset that does not exist', () => {
    const dir = lessonWith('07-where-tokens-come-from.md', (markdown) =>
      markdown.replace('::run-etcd-revision-as-token::', '::run-etcd-revision::'),
    );
    expect(problemsOf(dir)).toEqual([
      'content/lesson/07-where-tokens-come-from.md: ::run-etcd-revision:: names no lab preset "etcd-revision"',
    ]);
  });

  it('two headings with the same id', () => {
    const dir = lessonWith('11-recap.md', (markdown) => `${markdown}\n### Fencing tokens\n`);
    expect(problemsOf(dir)).toEqual([
      'content/lesson/11-recap.md: heading id "fencing-tokens" is used twice on the page',
    ]);
  });

  it('a citation of a source card that does not exist', () => {
    const dir = lessonWith('03-the-simple-lock.md', (markdown) =>
      markdown.replace('[@redis-replication]', '[@redis-replikation]'),
    );
    expect(problemsOf(dir)).toEqual([
      'content/lesson/03-the-simple-lock.md: [@redis-replikation] names no card in content/sources.json',
    ]);
  });

  it('a cited card removed from sources.json', () => {
    const dir = contentWith('sources.json', (json) => {
      const cards = (json as { sources: { id: string }[] }).sources;
      cards.splice(
        cards.findIndex((card) => card.id === 'redis-delex'),
        1,
      );
    });
    expect(problemsOf(dir)).toEqual([
      'content/lesson/03-the-simple-lock.md: [@redis-delex] names no card in content/sources.json',
    ]);
  });

  it('the fence exercise: a mistake that cites nothing or an unknown card, and a heading that does not match', () => {
    const dir = contentWith('postgres/exercise.json', (json) => {
      const mistakes = json.mistakes as Record<string, string>;
      mistakes.strictLess = 'Use <= rather than <.';
      mistakes.fenceNotSet = 'Set the fence [@kleppman-2016].';
      json.title = 'Write the fence';
    });
    expect(problemsOf(dir)).toEqual([
      'content/postgres/exercise.json: mistakes.fenceNotSet: [@kleppman-2016] names no card in content/sources.json',
      'content/postgres/exercise.json: mistakes.strictLess cites no source; add [@source-id]',
      'content/postgres/exercise.json: id "write-the-fence" must be a lesson heading {#write-the-fence} titled "Write the fence"',
    ]);
    const unknownKey = contentWith('postgres/exercise.json', (json) => {
      (json.refusals as Record<string, string>).nothing = 'x';
    });
    expect(problemsOf(unknownKey)).toEqual([expect.stringMatching(/^content\/postgres\/exercise.json: refusals/)]);
  });

  it('a section or a subsection that cites no source', () => {
    const dir = lessonWith('03-the-simple-lock.md', (markdown) =>
      markdown
        .replaceAll(/ ?\[@redis-replication\]| ?\[@redis-distlock\]/g, '')
        .concat('\n### Uncited\n\nA bare claim.\n'),
    );
    expect(problemsOf(dir)).toEqual([
      'content/lesson/03-the-simple-lock.md: "What Redis failover does to it" cites no source; add [@source-id] after the claim it supports',
      'content/lesson/03-the-simple-lock.md: "Uncited" cites no source; add [@source-id] after the claim it supports',
    ]);
  });

  it('a panel sentence with a placeholder it cannot be given', () => {
    const dir = contentWith('ui/panels.json', (json) => {
      (json as { belief: Record<string, string> }).belief.holdsToken = 'it holds the lock with {tokn}.';
    });
    expect(problemsOf(dir)).toEqual([
      expect.stringMatching(
        /^content\/ui\/panels\.json: belief\.holdsToken: unknown placeholder \{tokn\}; this step offers \{token\}$/,
      ),
    ]);
  });

  it('a link notice that drops a placeholder it must be able to fill', () => {
    const dir = contentWith('ui/notices.json', (json) => {
      (json as { link: Record<string, string> }).link.stepBeyondEnd = 'Step {step} of {total}.';
    });
    expect(problemsOf(dir)).toEqual([
      expect.stringMatching(/^content\/ui\/notices\.json: link\.stepBeyondEnd: unknown placeholder \{total\}/),
    ]);
  });

  it('a source without a usable link', () => {
    const dir = contentWith('sources.json', (json) => {
      (json as { sources: Record<string, unknown>[] }).sources[0]!.url = 'javascript:alert(1)';
    });
    expect(problemsOf(dir)).toEqual([expect.stringMatching(/^content\/sources\.json: sources\[0\]\.url: /)]);
  });
});

describe('citations', () => {
  it('every lesson section with prose cites at least one card, and renders each as a link to its card', () => {
    const { lesson, content } = loadContent(CONTENT_DIR);
    const ids = new Set(lesson.sources.map((card) => card.id));
    const html = [content.opening, ...lesson.sections]
      .flatMap((section) => section.segments)
      .map((segment) => ('html' in segment ? segment.html : ''))
      .join('');
    const targets = [...html.matchAll(/<a href="#source-([a-z0-9-]+)"/g)].map((match) => match[1]!);
    expect(targets.length).toBeGreaterThan(50);
    for (const target of targets) expect(ids).toContain(target);
    expect(html).toContain(
      '<span class="citation">[<a href="#source-redis-set" title="SET command">Redis docs: SET</a>]</span>',
    );
    expect(html).toContain(
      '<a href="#source-kleppmann-2016" title="How to do distributed locking">Kleppmann 2016</a>; <a href="#source-ddia"',
    );
  });
});

describe('contentPlugin', () => {
  it('fails the build with the file and field when content is broken', async () => {
    const { contentPlugin } = await import('./build/content-plugin');
    const dir = contentWith('scenarios/stale-certificate.json', (json) => {
      json.firstFencingToken = 0;
    });
    const plugin = contentPlugin(dir);
    const load = plugin.load as (this: { addWatchFile: (file: string) => void }, id: string) => string | null;
    expect(() => load.call({ addWatchFile: () => undefined }, '\0virtual:lockstep/content')).toThrow(
      /content\/scenarios\/stale-certificate\.json: firstFencingToken: /,
    );
  });
});

describe('loadContent checks how files are named and how the lesson hangs together', () => {
  it('a scenario whose id is not its file name', () => {
    const dir = contentWith('scenarios/stale-certificate.json', (json) => {
      json.id = 'stale-certificates';
    });
    expect(problemsOf(dir)).toEqual([
      'content/scenarios/stale-certificate.json: id: "stale-certificates" does not match the file name',
    ]);
  });

  it('a scenario that reaches steps only the lab has captions for', () => {
    const dir = contentWith('scenarios/stale-certificate.json', (json) => {
      (json.renewers as { maxAttempts?: number }[])[1]!.maxAttempts = 1;
    });
    expect(problemsOf(dir)[0]).toBe(
      'content/scenarios/stale-certificate.json: reaches steps only the lab tells (renewerGaveUp)',
    );
  });

  it('a lesson file not named like the others', () => {
    const dir = copyOfContent();
    writeFileSync(join(dir, 'lesson', 'appendix.md'), '# Appendix\n');
    expect(problemsOf(dir)).toEqual(['content/lesson/appendix.md: file name must look like "01-section-id.md"']);
  });

  it('a lesson file that cannot be read, and files beside the lesson and scenarios that are not theirs', () => {
    const dir = copyOfContent();
    mkdirSync(join(dir, 'lesson', '13-appendix.md'));
    writeFileSync(join(dir, 'lesson', 'notes.txt'), 'not a lesson');
    writeFileSync(join(dir, 'scenarios', 'README.txt'), 'not a scenario');
    expect(problemsOf(dir)).toEqual([expect.stringMatching(/^content\/lesson\/13-appendix\.md: EISDIR/)]);
  });

  it('a first section whose only widget is another one than the walkthrough', () => {
    const dir = lessonWith('01-the-problem.md', (markdown) => markdown.replace('::walkthrough::', '::sources::'));
    expect(problemsOf(dir)).toContain(
      'content/lesson: the first section must hold ::walkthrough::, which is the first view',
    );
  });

  it('a heading without a citation under it, even in a section that holds the walkthrough', () => {
    const dir = lessonWith('01-the-problem.md', (markdown) => `${markdown}\n## Uncited here\n\nA bare claim.\n`);
    expect(problemsOf(dir)).toEqual([
      'content/lesson/01-the-problem.md: "Uncited here" cites no source; add [@source-id] after the claim it supports',
    ]);
  });

  it('a lesson section without its title heading', () => {
    const dir = lessonWith('10-seen-in-production.md', (markdown) => markdown.replace(/^# .*\n/, ''));
    expect(problemsOf(dir)).toContain(
      'content/lesson/10-seen-in-production.md: needs a "# Title" heading on its first line',
    );
  });

  it('a first section without the walkthrough', () => {
    const dir = lessonWith('01-the-problem.md', (markdown) => markdown.replace('::walkthrough::', ''));
    expect(problemsOf(dir)).toEqual([
      'content/lesson: the first section must hold ::walkthrough::, which is the first view',
    ]);
  });

  it('a content file that is missing', () => {
    const dir = copyOfContent();
    rmSync(join(dir, 'walkthrough', 'notes.json'));
    expect(problemsOf(dir)).toEqual([expect.stringMatching(/^content\/walkthrough\/notes\.json: ENOENT/)]);
  });

  it('lesson links that lead nowhere on the page, and those that need no check', () => {
    const dir = lessonWith(
      '03-the-simple-lock.md',
      (markdown) =>
        `${markdown}\nSee [the page](other.html), [fencing](?step=2&fencing=maybe), [the lab](?lab&renewers=9), ` +
        `[step 3](?step=3&fencing=off#walkthrough), [the top](#the-simple-lock), [mail](mailto:team@snip.example) ` +
        `[Redis](https://redis.io/docs/), [plain Redis](http://redis.io/), [back](#) and [odd](#https:nowhere).\n`,
    );
    const problems = problemsOf(dir);
    expect(problems.slice(0, 2)).toEqual([
      'content/lesson/03-the-simple-lock.md: link "other.html": internal links must start with "#", "?step=" or "?lab"',
      'content/lesson/03-the-simple-lock.md: link "?step=2&fencing=maybe": fencing must be on or off',
    ]);
    expect(problems[2]).toMatch(/^content\/lesson\/03-the-simple-lock\.md: link "\?lab&renewers=9": \S.*/);
    expect(problems[2]).not.toMatch(/: unknownRenewers$/);
    expect(problems[3]).toBe(
      'content/lesson/03-the-simple-lock.md: link "#https:nowhere": no heading or section has the id "https:nowhere"',
    );
    expect(problems).toHaveLength(4);
  });
});

describe('what loadContent hands each page', () => {
  const loaded = loadContent(CONTENT_DIR);

  it('the first view: the opening section, and the table of contents of every section', () => {
    const { content, lesson } = loaded;
    expect(content.toc[0]).toEqual({ id: content.opening.id, title: content.opening.title });
    expect(content.opening.id).toBe('the-problem');
    expect(content.opening.title).toBe('The problem: two renewers, one certificate');
    expect(lesson.sections.map(({ id, title }) => ({ id, title }))).toEqual(content.toc.slice(1));
    expect(content.notices.link.stepBelowOne).toContain('{step}');
    expect(Object.keys(content.panels).length).toBeGreaterThan(0);
  });

  it('the interview with each model answer rendered as HTML, and nothing else of it', () => {
    const [first] = loaded.practice.interview;
    expect(first).not.toHaveProperty('modelAnswer');
    expect(first?.modelAnswerHtml).toMatch(/^<p>/);
    expect(first?.modelAnswerHtml).not.toContain('<!--widget');
    expect(loaded.practice.interview.map((question) => question.modelAnswerHtml).join('')).toContain(
      '<code>SET key &lt;random&gt; NX PX &lt;ttl&gt;</code>',
    );
    expect(loaded.practice.prediction).toBeDefined();
  });

  it('the presenter, the lab and the Postgres panel their own parts', () => {
    const notes = JSON.parse(readFileSync(join(CONTENT_DIR, 'walkthrough/notes.json'), 'utf8')) as { notes: unknown };
    expect(loaded.presenter.notes).toEqual(notes.notes);
    expect(Object.keys(loaded.presenter.notes)).toContain('leaseGranted');
    expect(loaded.lab.captions).toHaveProperty('leaseGrantedNoToken');
    expect(loaded.lab.fields).toHaveProperty('problems');
    expect(loaded.postgres.sql).toEqual(loaded.content.captions.sql);
  });

  it("the end card's lab links open their presets' settings as the lab's own addresses", () => {
    const failover = loaded.practice.endCard.labLinks.find((link) => link.preset === 'redis-failover');
    const params = new URLSearchParams(failover?.href.split('#')[0]);
    expect(params.has('lab')).toBe(true);
    expect(failover?.href.endsWith('#lab')).toBe(true);
    // The preset's own settings (content/lab/presets.json), the rest at the lab's defaults.
    expect(
      Object.fromEntries(
        ['service', 'storage', 'pause', 'writeDelay', 'failover', 'ttl'].map((key) => [key, params.get(key)]),
      ),
    ).toEqual({
      service: 'redis',
      storage: 'unchecked',
      pause: '0',
      writeDelay: '20000',
      failover: '1000',
      ttl: '30000',
    });
  });

  it("a question's section is named by its section's title, or by its heading's text under a section", () => {
    expect(loaded.practice.sectionTitles['what-is-the-lock-for']).toBe('What is the lock for?');
    expect(loaded.practice.sectionTitles['what-redis-failover-does-to-it']).toBe('What Redis failover does to it');
  });

  it('lists every problem in the error’s message, one per line', () => {
    const error = new ContentError(['content/a.json: x: wrong', 'content/b.json: y: missing']);
    expect(error.name).toBe('ContentError');
    expect(error.message).toBe('Content is invalid:\n  - content/a.json: x: wrong\n  - content/b.json: y: missing');
  });

  it('the list of files it read, for the dev server to watch', () => {
    expect(loaded.files.every((file) => file.startsWith(CONTENT_DIR))).toBe(true);
    const names = loaded.files.map((file) => file.slice(CONTENT_DIR.length + 1).replaceAll('\\', '/'));
    expect(names).toEqual(
      expect.arrayContaining([
        'scenarios/stale-certificate.json',
        'walkthrough/captions.json',
        'practice/quiz.json',
        'lesson/01-the-problem.md',
        'lesson/12-practice.md',
      ]),
    );
  });
});
