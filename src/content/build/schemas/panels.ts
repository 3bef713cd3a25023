import { z } from 'zod';
import { template, text } from './common.ts';

/** content/ui/panels.json. */
/** Sentences the story panels build from the simulation's state; each placeholder is checked like a caption's. */
export const panelsSchema = z
  .object({
    belief: z
      .object({
        none: template([]),
        checking: template([]),
        done: template([]),
        holds: template([]),
        holdsToken: template(['token']),
        lost: template([]),
        lostToken: template(['token']),
        releasing: template([]),
        releasingToken: template(['token']),
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
    /** The time strip's key and the start of its description for screen readers. */
    strip: z
      .object({
        legend: text,
        lease: text,
        pause: text,
        landed: text,
        refused: text,
        stale: text,
        key: text,
        validity: text,
        jump: text,
        failover: text,
        bothHold: text,
        summary: template(['time']),
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
        /** The same, where the stale write's certificate was issued after the one it replaced (asked for late). */
        staleWriteTitle: template([]),
        staleTokenIssuedLater: template(['certificate', 'token', 'replacedToken']),
        staleNoTokenIssuedLater: template(['certificate']),
        fenceTrack: template(['track']),
        rowNow: template(['certificate', 'fence']),
      })
      .strict(),
    /** What Play says while it plays: a long gap shown shorter than it is, or a wait for the reader's prediction. */
    playback: z
      .object({
        compressed: template(['gap', 'shown']),
        waiting: template([]),
      })
      .strict(),
  })
  .strict();

export type PanelsContent = z.output<typeof panelsSchema>;
