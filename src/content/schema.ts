import { z } from 'zod';
import { CAPTION_KEYS, CAPTION_VARIABLES, type CaptionKey } from '../walkthrough/caption-keys.ts';

const milliseconds = z.number().int().min(0);
const positiveMilliseconds = z.number().int().positive();

const pauseSchema = z.object({ atMs: milliseconds, durationMs: positiveMilliseconds }).strict();

const renewerSchema = z
  .object({
    id: z.string().regex(/^[A-Z]$/, 'a single capital letter, like "A"'),
    name: z.string().min(1),
    startsAtMs: milliseconds,
    retryEveryMs: positiveMilliseconds,
    certificateAuthorityMs: milliseconds,
    pauses: z.array(pauseSchema),
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

const PLACEHOLDER = /\{(\w+)\}/g;

function captionTemplate(key: CaptionKey) {
  const allowed: readonly string[] = CAPTION_VARIABLES[key];
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
        Object.fromEntries(CAPTION_KEYS.map((key) => [key, stepTextSchema(key)])) as Record<
          CaptionKey,
          ReturnType<typeof stepTextSchema>
        >,
      )
      .strict(),
    sql: z
      .object({
        fenced: z.string().min(1),
        unfenced: z.string().min(1),
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
