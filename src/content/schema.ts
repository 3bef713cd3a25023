import { z } from 'zod';
import {
  CAPTION_VARIABLES,
  LAB_CAPTION_KEYS,
  WALKTHROUGH_CAPTION_KEYS,
  type CaptionKey,
  type LabCaptionKey,
  type WalkthroughCaptionKey,
} from './caption-keys.ts';
import { LAB_FIELDS } from '../lab/lab-config.ts';
import { PLACEHOLDER } from './fill-template.ts';
import { MAX_LOCK_DELAY_MS } from '../sim/services/chubby.ts';
import { issuesTokens, LOCK_SERVICE_KINDS, type LockServiceKind } from '../sim/services/service.ts';

const milliseconds = z.number().int().min(0);
const positiveMilliseconds = z.number().int().positive();

const pauseSchema = z.object({ atMs: milliseconds, durationMs: positiveMilliseconds }).strict();

const resourceSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('certificate') }).strict(),
  z.object({ kind: z.literal('weeklyEmail'), owner: z.string().min(1), week: z.string().min(1) }).strict(),
]);

const renewerSchema = z
  .object({
    id: z.string().regex(/^[A-Z]$/, 'a single capital letter, like "A"'),
    name: z.string().min(1),
    startsAtMs: milliseconds,
    retryEveryMs: positiveMilliseconds,
    certificateAuthorityMs: milliseconds,
    pauses: z.array(pauseSchema),
    maxAttempts: z.number().int().min(1).max(100).optional(),
    writeDelayMs: milliseconds.optional(),
  })
  .strict()
  .superRefine((renewer, context) => {
    const sorted = [...renewer.pauses].sort((a, b) => a.atMs - b.atMs);
    sorted.forEach((pause, index) => {
      const next = sorted[index + 1];
      if (next && pause.atMs + pause.durationMs > next.atMs) {
        context.addIssue({
          code: 'custom',
          path: ['pauses', renewer.pauses.indexOf(next)],
          message: `overlaps the pause that starts at ${pause.atMs} ms`,
        });
      }
    });
  });

const nodeClockSchema = z
  .object({
    offsetMs: z.number().int(),
    driftRate: z.number().min(-0.5).max(0.5),
    jumps: z.array(z.object({ atMs: milliseconds, byMs: z.number().int() }).strict()),
  })
  .strict();

const redlockNode = z.enum(['A', 'B', 'C', 'D', 'E']);

/** Which lock service a scenario runs against; the lesson's own when absent. */
const lockServiceSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('lesson') }).strict(),
  z.object({ kind: z.literal('redis'), failoverAtMs: milliseconds.optional() }).strict(),
  z
    .object({
      kind: z.literal('redlock'),
      clocks: z.partialRecord(redlockNode, nodeClockSchema).optional(),
      perNodeMs: milliseconds.optional(),
      unreachable: z.record(z.string(), z.array(redlockNode)).optional(),
    })
    .strict(),
  z.object({ kind: z.literal('etcd') }).strict(),
  z.object({ kind: z.literal('zookeeper') }).strict(),
  z.object({ kind: z.literal('chubby'), lockDelayMs: z.number().int().min(0).max(MAX_LOCK_DELAY_MS) }).strict(),
]);

export const scenarioSchema = z
  .object({
    id: z.string().regex(/^[a-z0-9-]+$/, 'lowercase letters, digits and dashes'),
    title: z.string().min(1),
    domain: z.string().min(1),
    lockKey: z.string().min(1),
    leaseTtlMs: positiveMilliseconds,
    firstFencingToken: z.number().int().min(1),
    networkDelayMs: milliseconds,
    seed: z.number().int(),
    initialCertificate: z.object({ serial: z.number().int().min(0), fence: z.number().int().min(0) }).strict(),
    renewers: z.array(renewerSchema).min(1).max(3),
    lockService: lockServiceSchema.optional(),
    resource: resourceSchema.optional(),
  })
  .strict()
  .superRefine((scenario, context) => {
    if (scenario.initialCertificate.fence >= scenario.firstFencingToken) {
      context.addIssue({
        code: 'custom',
        path: ['initialCertificate', 'fence'],
        message: `must be lower than firstFencingToken (${scenario.firstFencingToken}), or no renewer could ever write`,
      });
    }
    const seen = new Set<string>();
    scenario.renewers.forEach((renewer, index) => {
      if (seen.has(renewer.id)) {
        context.addIssue({ code: 'custom', path: ['renewers', index, 'id'], message: `"${renewer.id}" is used twice` });
      }
      seen.add(renewer.id);
    });
  });

function captionTemplate(key: CaptionKey) {
  return template(CAPTION_VARIABLES[key]);
}

/** A text with `{name}` placeholders, each of which must be one of `allowed`. */
function template(allowed: readonly string[]) {
  return z
    .string()
    .min(1)
    .superRefine((template, context) => {
      for (const [, name] of template.matchAll(PLACEHOLDER)) {
        if (name && !allowed.includes(name)) {
          context.addIssue({
            code: 'custom',
            message: `unknown placeholder {${name}}; this step offers ${allowed.map((v) => `{${v}}`).join(', ')}`,
          });
        }
      }
    });
}

function stepTextSchema(key: CaptionKey) {
  return z.object({ label: captionTemplate(key), caption: captionTemplate(key) }).strict();
}

export const captionsSchema = z
  .object({
    steps: z
      .object(
        Object.fromEntries(WALKTHROUGH_CAPTION_KEYS.map((key) => [key, stepTextSchema(key)])) as Record<
          WalkthroughCaptionKey,
          ReturnType<typeof stepTextSchema>
        >,
      )
      .strict(),
    sql: z
      .object({
        fenced: z.string().min(1),
        unfenced: z.string().min(1),
        noToken: z.string().min(1),
        whyLessOrEqual: z.string().min(1),
      })
      .strict(),
  })
  .strict();

export type ScenarioContent = z.output<typeof scenarioSchema>;
export type CaptionsContent = z.output<typeof captionsSchema>;

/** Turns schema issues into lines that name the file and the field at fault. */
export function describeIssues(file: string, error: z.ZodError): string[] {
  return error.issues.map((issue) => {
    const field = issue.path.reduce<string>(
      (path, part) => (typeof part === 'number' ? `${path}[${part}]` : path ? `${path}.${String(part)}` : String(part)),
      '',
    );
    return `${file}: ${field || '(top level)'}: ${issue.message}`;
  });
}

const identifier = z.string().regex(/^[a-z0-9-]+$/, 'lowercase letters, digits and dashes');
const text = z.string().min(1);

/** Where a quiz answer sends the learner to read more: a lesson section, or a walkthrough step. */
const quizLinkSchema = z.union([
  z.object({ section: identifier }).strict(),
  z.object({ step: z.number().int().min(1), fencing: z.enum(['on', 'off']) }).strict(),
]);

const optionSchema = z.object({ id: identifier, text, explanation: text }).strict();

function uniqueIds(items: readonly { id: string }[], context: z.RefinementCtx, path: (string | number)[]) {
  const seen = new Set<string>();
  items.forEach((item, index) => {
    if (seen.has(item.id))
      context.addIssue({ code: 'custom', path: [...path, index, 'id'], message: `duplicate id "${item.id}"` });
    seen.add(item.id);
  });
}

const choiceBase = { id: identifier, section: identifier, link: quizLinkSchema.optional(), prompt: text };

const singleChoiceSchema = z
  .object({ ...choiceBase, kind: z.literal('single'), options: z.array(optionSchema).min(2), answer: identifier })
  .strict()
  .superRefine((question, context) => {
    uniqueIds(question.options, context, ['options']);
    if (!question.options.some((option) => option.id === question.answer)) {
      context.addIssue({
        code: 'custom',
        path: ['answer'],
        message: `"${question.answer}" is not one of the option ids`,
      });
    }
  });

const multipleChoiceSchema = z
  .object({
    ...choiceBase,
    kind: z.literal('multiple'),
    options: z.array(optionSchema).min(2),
    answers: z.array(identifier).min(1),
  })
  .strict()
  .superRefine((question, context) => {
    uniqueIds(question.options, context, ['options']);
    question.answers.forEach((answer, index) => {
      if (!question.options.some((option) => option.id === answer)) {
        context.addIssue({
          code: 'custom',
          path: ['answers', index],
          message: `"${answer}" is not one of the option ids`,
        });
      }
    });
  });

const orderSchema = z
  .object({
    ...choiceBase,
    kind: z.literal('order'),
    /** In the right order; `startOrder` is how they are first shown. */
    items: z.array(optionSchema).min(3),
    startOrder: z.array(identifier),
  })
  .strict()
  .superRefine((question, context) => {
    uniqueIds(question.items, context, ['items']);
    const ids = question.items.map((item) => item.id);
    const sorted = (list: readonly string[]) => [...list].sort().join(',');
    if (sorted(question.startOrder) !== sorted(ids)) {
      context.addIssue({ code: 'custom', path: ['startOrder'], message: 'must list every item id exactly once' });
    } else if (question.startOrder.join(',') === ids.join(',')) {
      context.addIssue({ code: 'custom', path: ['startOrder'], message: 'must not already be the right order' });
    }
  });

export const quizQuestionSchema = z.discriminatedUnion('kind', [singleChoiceSchema, multipleChoiceSchema, orderSchema]);

export const quizSchema = z
  .object({ questions: z.array(quizQuestionSchema).min(1) })
  .strict()
  .superRefine((quiz, context) => uniqueIds(quiz.questions, context, ['questions']));

export const interviewSchema = z
  .object({
    questions: z
      .array(
        z
          .object({
            id: identifier,
            prompt: text,
            modelAnswer: text,
            rubric: z.array(z.object({ id: identifier, text }).strict()).min(2),
          })
          .strict()
          .superRefine((question, context) => uniqueIds(question.rubric, context, ['rubric'])),
      )
      .min(1),
  })
  .strict()
  .superRefine((interview, context) => uniqueIds(interview.questions, context, ['questions']));

export const sourcesSchema = z
  .object({
    sources: z
      .array(
        z
          .object({
            id: identifier,
            /** How a citation in the lesson shows it: "Kleppmann 2016", "Redis docs: SET". */
            cite: text,
            /** An account (an incident, an argument, a paper) or a reference (documentation, source code). */
            kind: z.enum(['account', 'reference']),
            author: text,
            year: z.number().int().min(1970).max(2100),
            title: text,
            url: z.url({ protocol: /^https?$/ }),
            summary: text,
            finding: text.optional(),
          })
          .strict(),
      )
      .min(1),
  })
  .strict()
  .superRefine((sources, context) => uniqueIds(sources.sources, context, ['sources']));

/** The certificates table's SQL, for the in-page Postgres and the conformance suite. */
export const postgresSchema = z
  .object({
    createTable: z.string().regex(/^CREATE TABLE certificates \(/, 'must create the certificates table'),
    insertRow: z.string().regex(/^INSERT INTO certificates /, 'must insert into certificates'),
    examples: z.array(z.object({ label: z.string().min(1), sql: z.string().min(1) }).strict()).min(1),
  })
  .strict();

export type PostgresContent = z.output<typeof postgresSchema>;

/** Sentences the story panels build from the simulation's state; each placeholder is checked like a caption's. */
export const panelsSchema = z
  .object({
    belief: z
      .object({
        none: template([]),
        done: template([]),
        holds: template([]),
        holdsToken: template(['token']),
        lost: template([]),
        lostToken: template(['token']),
      })
      .strict(),
    truth: z
      .object({
        free: template([]),
        self: template(['until']),
        selfToken: template(['token', 'until']),
        other: template(['holder']),
        otherToken: template(['holder', 'token']),
        until: template(['time']),
      })
      .strict(),
    table: z
      .object({
        lastWrite: template(['token', 'certificate']),
        withToken: template(['token']),
        noToken: template([]),
        rejected: template([]),
        staleTitle: template([]),
        staleToken: template(['certificate', 'token', 'replacedToken']),
        staleNoToken: template(['certificate']),
      })
      .strict(),
  })
  .strict();

export type PanelsContent = z.output<typeof panelsSchema>;

/** What the page says when a link asks for something it cannot show. */
export const noticesSchema = z
  .object({
    link: z
      .object({
        fencingUnknown: template(['value']),
        stepNotANumber: template(['value']),
        stepBelowOne: template(['step']),
        stepBeyondEnd: template(['step', 'count']),
      })
      .strict(),
    progress: z
      .object({
        unavailable: template([]),
        notJson: template([]),
        unreadable: template([]),
        unknownVersion: template(['version']),
        oneEntry: template([]),
        entries: template(['count']),
        setAside: template(['key']),
        notSetAside: template([]),
        restKept: template([]),
      })
      .strict(),
  })
  .strict();

export type NoticesContent = z.output<typeof noticesSchema>;

export const predictionSchema = z
  .object({
    prompt: text,
    options: z.tuple([
      z.object({ id: z.literal('accepted'), text }).strict(),
      z.object({ id: z.literal('rejected'), text }).strict(),
    ]),
    reveal: z.object({ right: text, wrong: text }).strict(),
  })
  .strict();

export type QuizQuestion = z.output<typeof quizQuestionSchema>;
export type QuizLink = z.output<typeof quizLinkSchema>;
export type InterviewContent = z.output<typeof interviewSchema>;
export type SourcesContent = z.output<typeof sourcesSchema>;
export type PredictionContent = z.output<typeof predictionSchema>;

export const notesSchema = z
  .object({
    notes: z
      .object(
        Object.fromEntries(WALKTHROUGH_CAPTION_KEYS.map((key) => [key, text])) as Record<
          WalkthroughCaptionKey,
          typeof text
        >,
      )
      .strict(),
  })
  .strict();

export type NotesContent = z.output<typeof notesSchema>;

const labConfigSchema = z
  .object({
    service: z.enum(LOCK_SERVICE_KINDS).optional(),
    resource: z.enum(['certificate', 'email']).optional(),
    storage: z.enum(['fenced', 'unchecked', 'idempotencyKey']).optional(),
    pauseWhen: z.enum(['afterAcquiring', 'whileAcquiring']).optional(),
    renewers: z.union([z.literal(2), z.literal(3)]).optional(),
    // The numbers and their ranges are the lab's own (LAB_FIELDS), so a preset can hold only what a link can.
    ...Object.fromEntries(
      Object.entries(LAB_FIELDS).map(([field, spec]) => [
        field,
        z.number().int().min(spec.min).max(spec.max).optional(),
      ]),
    ),
  })
  .strict()
  .superRefine((config, context) => {
    if (config.storage === 'fenced' && config.service && !issuesTokens(config.service)) {
      context.addIssue({
        code: 'custom',
        path: ['storage'],
        message: `"${config.service}" hands out no fencing token, so storage cannot check one`,
      });
    }
    // A mail sender cannot check fencing tokens, and a certificate row has no (owner, week) to claim.
    const email = config.resource === 'email';
    if (config.storage === (email ? 'fenced' : 'idempotencyKey')) {
      context.addIssue({
        code: 'custom',
        path: ['storage'],
        message: `"${config.storage}" does not apply to the ${email ? 'email' : 'certificate'}`,
      });
    }
  });

/** The lab's one-click configurations, each with the verdict it must reach (checked by the tests). */
const serviceNames = z
  .object(Object.fromEntries(LOCK_SERVICE_KINDS.map((kind) => [kind, text])) as Record<LockServiceKind, typeof text>)
  .strict();

/** Captions for the steps only lab runs have; loaded with the lab, not the first view. */
export const labCaptionsSchema = z
  .object({
    steps: z
      .object(
        Object.fromEntries(LAB_CAPTION_KEYS.map((key) => [key, stepTextSchema(key)])) as Record<
          LabCaptionKey,
          ReturnType<typeof stepTextSchema>
        >,
      )
      .strict(),
  })
  .strict();

export type LabCaptionsContent = z.output<typeof labCaptionsSchema>;

export const presetsSchema = z
  .object({
    services: serviceNames,
    resources: z.object({ certificate: text, email: text }).strict(),
    storage: z.object({ fenced: text, unchecked: text, idempotencyKey: text }).strict(),
    pauseMoments: z.object({ afterAcquiring: text, whileAcquiring: text }).strict(),
    verdicts: z.object({ safe: text, duplicateWork: text, staleWriteLanded: text }).strict(),
    reasons: z
      .object({
        noToken: text,
        unchecked: text,
        unordered: text,
        duplicate: text,
        fenced: text,
        timing: text,
        duplicateEmail: text,
        idempotent: text,
      })
      .strict(),
    counts: z.object({ emails: template(['count']), writes: template(['count']) }).strict(),
    staleWrite: z.object({ withToken: template(['writer', 'token']), noToken: template(['writer']) }).strict(),
    presets: z
      .array(
        z
          .object({
            id: identifier,
            title: text,
            description: text,
            config: labConfigSchema,
            expectedVerdict: z.enum(['safe', 'duplicateWork', 'staleWriteLanded']),
          })
          .strict(),
      )
      .min(1),
  })
  .strict()
  .superRefine((presets, context) => uniqueIds(presets.presets, context, ['presets']));

export type PresetsContent = z.output<typeof presetsSchema>;
