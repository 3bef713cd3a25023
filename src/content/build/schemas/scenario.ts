import { z } from 'zod';
import { LOCK_SERVICES } from '../../../sim/services/lock-services.ts';
import { milliseconds, positiveMilliseconds } from './common.ts';

/** content/scenarios/*.json: a story the simulation runs. */

type LockServiceSchema = ReturnType<(typeof LOCK_SERVICES)[number]['configSchema']>;

const pauseSchema = z.object({ atMs: milliseconds, durationMs: positiveMilliseconds }).strict();

const resourceSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('certificate') }).strict(),
  z.object({ kind: z.literal('email'), owner: z.string().min(1), week: z.string().min(1) }).strict(),
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

/** Which lock service a scenario runs against, each by its own descriptor's schema; the lesson's own when absent. */
const lockServiceSchema = z.discriminatedUnion(
  'kind',
  LOCK_SERVICES.map((service) => service.configSchema(z)) as [LockServiceSchema, ...LockServiceSchema[]],
);

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
    initialCertificate: z
      .object({
        serial: z.number().int().min(0),
        fence: z.number().int().min(0),
        notAfterMs: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
      })
      .strict(),
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

export type ScenarioContent = z.output<typeof scenarioSchema>;
