import { z } from 'zod';
import { LAB_FIELDS, MAP_FIELDS, type NumericField } from '../../../settings/lab-config.ts';
import { issuesTokens, LOCK_SERVICE_KINDS, type LockServiceKind } from '../../../sim/services/lock-services.ts';
import { MILESTONE_KINDS, type MilestoneKind } from '../../../sim/milestones.ts';
import { identifier, template, text, uniqueIds } from './common.ts';

/** content/lab/presets.json: the lab's names for its choices, its verdict sentences and its presets. */

const labConfigSchema = z
  .object({
    service: z.enum(LOCK_SERVICE_KINDS).optional(),
    resource: z.enum(['certificate', 'email']).optional(),
    storage: z.enum(['fenced', 'unchecked', 'idempotencyKey']).optional(),
    pauseWhen: z.enum(['afterAcquiring', 'whileAcquiring']).optional(),
    renewers: z.union([z.literal(2), z.literal(3)]).optional(),
    partition: z.boolean().optional(),
    mapAcross: z.enum(MAP_FIELDS).optional(),
    mapUp: z.enum(MAP_FIELDS).optional(),
    // The numbers and their ranges are the lab's own (LAB_FIELDS), so a preset can hold only what a link can.
    ...(Object.fromEntries(
      Object.entries(LAB_FIELDS).map(([field, spec]) => [
        field,
        z.number().int().min(spec.min).max(spec.max).optional(),
      ]),
    ) as Record<NumericField, z.ZodOptional<z.ZodNumber>>),
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

export const presetsSchema = z
  .object({
    /** The lab page's own sentences around its controls. */
    page: z
      .object({
        intro: text,
        etcdAside: text,
        emailsSent: template(['count']),
        /** Before the last step the verdict waits; the run says what has happened so far. */
        soFarWrites: template(['landed', 'refused']),
        soFarEmails: template(['sent']),
      })
      .strict(),
    /** The outcome map's words: what it shows, its key, its summary and its progress. */
    map: z
      .object({
        intro: text,
        /** Each map's title, by what the guarded resource checks. */
        modes: z
          .object({
            certificate: z.object({ unchecked: text, fenced: text }).strict(),
            email: z.object({ unchecked: text, idempotencyKey: text }).strict(),
          })
          .strict(),
        noToken: text,
        summary: template(['mode', 'stale', 'duplicate', 'safe', 'total']),
        computing: template(['done', 'total']),
        cell: template(['x', 'y', 'verdict']),
        open: text,
        current: text,
        noWorkers: text,
        searchHeading: text,
        searchIntro: text,
        searchButton: template(['count']),
        searching: text,
        broken: template(['run', 'total', 'mode']),
        none: template(['total', 'mode']),
        openBroken: text,
        service: text,
        across: text,
        up: text,
        boundariesHeading: text,
        boundariesIntro: text,
        showMap: text,
        currentKey: text,
        wordsScroll: template(['title']),
        boundary: template(['better', 'worse', 'flip']),
        flip: template(['later', 'earlier']),
        unnamed: text,
        /** A boundary's moments, by kind; `{who}` is the renewer (or the lease's holder). */
        moments: z
          .object({
            ...(Object.fromEntries(
              MILESTONE_KINDS.filter((kind) => kind !== 'failover' && kind !== 'clockJumped').map((kind) => [
                kind,
                template(['who']),
              ]),
            ) as Record<Exclude<MilestoneKind, 'failover' | 'clockJumped'>, ReturnType<typeof template>>),
            failover: text,
            clockJumped: text,
          })
          .strict(),
        short: z.object({ cutOff: text, safe: text, duplicateWork: text, staleWriteLanded: text }).strict(),
        downloadSvg: text,
        downloadPng: text,
        downloadLabel: template(['format', 'title']),
        exportKey: text,
        exportLink: template(['url']),
      })
      .strict(),
    /** The lab's headings and control labels. */
    labels: z
      .object({
        title: text,
        back: text,
        run: text,
        stepThrough: text,
        copyLink: text,
        copyEmbed: text,
        embedTitle: text,
        settings: text,
        linkProblems: text,
        whatIf: text,
        presets: text,
        service: text,
        resource: text,
        storage: text,
        pauseWhen: text,
        renewers: text,
        partition: text,
        openRun: text,
        verdict: template(['verdict']),
        outcomeMap: text,
        key: text,
        compute: text,
        cancel: text,
        stepThroughPreset: template(['preset']),
        partsScroll: text,
        stepThroughRun: text,
        textVersion: text,
        textSteps: template(['count']),
        fieldWithUnit: template(['label', 'unit']),
        mapLabel: template(['title', 'across', 'up']),
        cellValue: template(['label', 'value']),
        tryIt: template(['preset']),
        openInLockstep: text,
      })
      .strict(),
    /** The lab's own panels beside the run: the mail sender, etcd's keys, Redlock's nodes. */
    panels: z
      .object({
        mailSender: text,
        sentBy: template(['senders']),
        then: z.string(),
        claimsCaption: text,
        owner: text,
        week: text,
        noRows: text,
        etcdKeys: text,
        etcdKey: text,
        createRevision: text,
        etcdKeyNow: text,
        etcdKeyKept: text,
        etcdKeyDeleted: text,
        redlockNodes: text,
        node: text,
        nodeClock: text,
        keyHeldFor: text,
        heldUntil: template(['holder', 'time']),
        free: text,
      })
      .strict(),
    services: serviceNames,
    resources: z.object({ certificate: text, email: text }).strict(),
    storage: z.object({ fenced: text, unchecked: text, idempotencyKey: text }).strict(),
    pauseMoments: z.object({ afterAcquiring: text, whileAcquiring: text }).strict(),
    verdicts: z.object({ cutOff: text, safe: text, duplicateWork: text, staleWriteLanded: text }).strict(),
    reasons: z
      .object({
        cutOff: template(['events']),
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
