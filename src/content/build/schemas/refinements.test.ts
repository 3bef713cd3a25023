import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildRenewer, buildScenario } from '@/testing/builders';
import { describeIssues, template } from './common';
import { interviewSchema } from './interview';
import { presetsSchema } from './presets';
import { quizSchema } from './quiz';
import { scenarioSchema } from './scenario';
import { sourcesSchema } from './sources';

/** The lines loadContent would print for `value` read as `file`, or none when it is valid. */
function problems(schema: { safeParse: (value: unknown) => { success: boolean; error?: unknown } }, value: unknown) {
  const parsed = schema.safeParse(value);
  return parsed.success ? [] : describeIssues('content/x.json', parsed.error as Parameters<typeof describeIssues>[1]);
}

const option = (id: string) => ({ id, text: `Option ${id}`, explanation: `Because ${id}.` });
const question = (fields: Record<string, unknown>) => ({
  id: 'q',
  section: 'fencing-tokens',
  prompt: 'Why?',
  ...fields,
});
const quiz = (...questions: Record<string, unknown>[]) => ({ questions });

describe('describeIssues names the field at fault', () => {
  it('as a path of names and indexes, or the top level', () => {
    expect(problems(quizSchema, { questions: [{ kind: 'single' }], extra: 1 })).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^content\/x\.json: questions\[0\]\.id: /),
        expect.stringMatching(/^content\/x\.json: \(top level\): .*extra/),
      ]),
    );
  });
});

describe('template: placeholders a text may use', () => {
  const sentence = template(['writer', 'token']);

  it('accepts the placeholders it offers, and text with none', () => {
    expect(sentence.safeParse('{writer} wrote with token {token}, then {writer} stopped.').success).toBe(true);
    expect(sentence.safeParse('Nothing to fill.').success).toBe(true);
  });

  it('names each unknown placeholder and lists what is offered', () => {
    expect(problems(sentence, '{writr} and {tokn}')).toEqual([
      'content/x.json: (top level): unknown placeholder {writr}; this step offers {writer}, {token}',
      'content/x.json: (top level): unknown placeholder {tokn}; this step offers {writer}, {token}',
    ]);
    expect(sentence.safeParse('').success).toBe(false);
  });
});

describe('quiz questions', () => {
  it('accept a well-formed question of each kind', () => {
    expect(
      problems(
        quizSchema,
        quiz(
          question({ id: 'one', kind: 'single', options: ['a', 'b'].map(option), answer: 'b' }),
          question({ id: 'two', kind: 'multiple', options: ['a', 'b'].map(option), answers: ['a', 'b'] }),
          question({ id: 'three', kind: 'order', items: ['x', 'y', 'z'].map(option), startOrder: ['z', 'x', 'y'] }),
        ),
      ),
    ).toEqual([]);
  });

  it('reject two options with one id, at the second', () => {
    expect(
      problems(quizSchema, quiz(question({ kind: 'single', options: ['a', 'b', 'a'].map(option), answer: 'a' }))),
    ).toEqual(['content/x.json: questions[0].options[2].id: duplicate id "a"']);
    expect(
      problems(quizSchema, quiz(question({ kind: 'multiple', options: ['a', 'a'].map(option), answers: ['a'] }))),
    ).toEqual(['content/x.json: questions[0].options[1].id: duplicate id "a"']);
  });

  it('reject every answer that names no option, each at its own index', () => {
    expect(
      problems(
        quizSchema,
        quiz(question({ kind: 'multiple', options: ['a', 'b'].map(option), answers: ['z', 'a', 'y'] })),
      ),
    ).toEqual([
      'content/x.json: questions[0].answers[0]: "z" is not one of the option ids',
      'content/x.json: questions[0].answers[2]: "y" is not one of the option ids',
    ]);
  });

  it('reject an order question whose start order misses, repeats or adds an item', () => {
    const order = (startOrder: string[]) =>
      problems(quizSchema, quiz(question({ kind: 'order', items: ['x', 'y', 'z'].map(option), startOrder })));
    const message = 'content/x.json: questions[0].startOrder: must list every item id exactly once';
    expect(order(['z', 'x'])).toEqual([message]);
    expect(order(['z', 'x', 'x'])).toEqual([message]);
    expect(order(['z', 'x', 'y', 'w'])).toEqual([message]);
    expect(order(['x', 'y', 'z'])).toEqual([
      'content/x.json: questions[0].startOrder: must not already be the right order',
    ]);
    expect(
      problems(
        quizSchema,
        quiz(question({ kind: 'order', items: ['x', 'y', 'x'].map(option), startOrder: ['y', 'x', 'x'] })),
      ),
    ).toEqual(['content/x.json: questions[0].items[2].id: duplicate id "x"']);
  });
});

describe('interview questions', () => {
  const interview = (rubric: string[]) => ({
    questions: [{ id: 'i', prompt: 'How?', modelAnswer: 'Fence it.', rubric: rubric.map((id) => ({ id, text: id })) }],
  });

  it('reject a question listed twice', () => {
    const [question] = interview(['fencing', 'pauses']).questions;
    expect(problems(interviewSchema, { questions: [question, question] })).toEqual([
      'content/x.json: questions[1].id: duplicate id "i"',
    ]);
  });

  it('reject a rubric point listed twice', () => {
    expect(problems(interviewSchema, interview(['fencing', 'pauses']))).toEqual([]);
    expect(problems(interviewSchema, interview(['fencing', 'pauses', 'fencing']))).toEqual([
      'content/x.json: questions[0].rubric[2].id: duplicate id "fencing"',
    ]);
  });
});

describe('scenario refinements', () => {
  it('reports an overlapping pause at its place in the file, whatever order the pauses are listed in', () => {
    const scenario = buildScenario({
      renewers: [
        buildRenewer({
          id: 'A',
          pauses: [
            { atMs: 50_000, durationMs: 1_000 },
            { atMs: 2_000, durationMs: 48_001 },
          ],
        }),
      ],
    });
    expect(problems(scenarioSchema, scenario)).toEqual([
      'content/x.json: renewers[0].pauses[0]: overlaps the pause that starts at 2000 ms',
    ]);
  });

  it('rejects an initial fence equal to the first token, and accepts one just below it', () => {
    const fence = (value: number) =>
      problems(scenarioSchema, buildScenario({ initialCertificate: { serial: 1000, fence: value, notAfterMs: 0 } }));
    expect(fence(33)).toEqual([
      'content/x.json: initialCertificate.fence: must be lower than firstFencingToken (33), or no renewer could ever write',
    ]);
    expect(fence(32)).toEqual([]);
  });
});

describe('lab presets', () => {
  const presets = JSON.parse(
    readFileSync(resolve(import.meta.dirname, '../../../../content/lab/presets.json'), 'utf8'),
  ) as { presets: { id: string; config: Record<string, unknown> }[] };
  const withConfig = (config: Record<string, unknown>) => ({
    ...presets,
    presets: [{ ...presets.presets[0]!, config }],
  });

  it('accept the presets as written', () => {
    expect(problems(presetsSchema, presets)).toEqual([]);
  });

  it('reject fenced storage behind a lock service without tokens', () => {
    expect(problems(presetsSchema, withConfig({ service: 'redis', storage: 'fenced' }))).toEqual([
      'content/x.json: presets[0].config.storage: "redis" hands out no fencing token, so storage cannot check one',
    ]);
    expect(problems(presetsSchema, withConfig({ service: 'etcd', storage: 'fenced' }))).toEqual([]);
    expect(problems(presetsSchema, withConfig({ storage: 'fenced' }))).toEqual([]);
  });

  it('reject storage that does not fit the resource', () => {
    expect(problems(presetsSchema, withConfig({ resource: 'email', storage: 'fenced' }))).toEqual([
      'content/x.json: presets[0].config.storage: "fenced" does not apply to the email',
    ]);
    expect(problems(presetsSchema, withConfig({ storage: 'idempotencyKey' }))).toEqual([
      'content/x.json: presets[0].config.storage: "idempotencyKey" does not apply to the certificate',
    ]);
    expect(problems(presetsSchema, withConfig({ resource: 'email', storage: 'idempotencyKey' }))).toEqual([]);
  });

  it('reject two presets with one id', () => {
    const [first] = presets.presets;
    expect(problems(presetsSchema, { ...presets, presets: [first, { ...first }] })).toEqual([
      `content/x.json: presets[1].id: duplicate id "${first!.id}"`,
    ]);
  });
});

describe('sources', () => {
  it('reject two cards with one id', () => {
    const sources = JSON.parse(
      readFileSync(resolve(import.meta.dirname, '../../../../content/sources.json'), 'utf8'),
    ) as {
      sources: { id: string }[];
    };
    expect(problems(sourcesSchema, sources)).toEqual([]);
    const [first] = sources.sources;
    expect(problems(sourcesSchema, { ...sources, sources: [...sources.sources, first] })).toEqual([
      `content/x.json: sources[${sources.sources.length}].id: duplicate id "${first!.id}"`,
    ]);
  });
});
