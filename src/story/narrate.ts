import type { CaptionsContent } from '@/content/types';
import type { Happening } from '@/sim/happenings';
import type { Frame, Timeline } from '@/sim/run';
import type { Certificate } from '@/sim/types';
import { renewerById } from '../sim/world.ts';
import { captionKeyOf } from '@/content/caption-key-of';
import { fillTemplate } from '@/content/fill-template';
import type { CaptionKey } from '@/content/caption-keys';
import { formatTime, formatValidity } from './format.ts';
import { known } from '../sim/known.ts';

export interface Narration {
  /** The few words written on the diagram. */
  readonly label: string;
  /** The plain-words explanation of the step; `backticks` mark code. */
  readonly caption: string;
}

export function describeCertificate(cert: Certificate): string {
  return cert.issuedAt === null
    ? `serial ${cert.serial}`
    : `serial ${cert.serial}, issued at ${formatTime(cert.issuedAt)}`;
}

/** The values a caption template may use for this step; see CAPTION_VARIABLES. */
export function captionVariables(frame: Frame, timeline: Timeline): Record<string, string> {
  const { scenario } = timeline;
  const { happening, world } = frame;
  const nameOf = (id: string) => scenario.renewers.find((renewer) => renewer.id === id)?.name ?? id;
  const base: Record<string, string> = {
    time: formatTime(frame.at),
    domain: scenario.domain,
    key: scenario.lockKey,
    // The lease the service applies: etcd's whole seconds and minimum, ZooKeeper's negotiated session.
    ttl: formatTime(world.lock.appliedTtlMs(scenario.leaseTtlMs)),
    renewerCount: COUNT_WORDS[scenario.renewers.length] ?? String(scenario.renewers.length),
  };
  if ('renewer' in happening) base.renewer = nameOf(happening.renewer);
  switch (happening.kind) {
    case 'scenarioStarted':
    case 'scenarioEnded': {
      const row = happening.kind === 'scenarioStarted' ? happening.row : happening.outcome.row;
      return {
        ...base,
        serial: String(row?.cert.serial ?? '–'),
        fence: String(row?.fence ?? '–'),
        issuedAt: row?.cert.issuedAt == null ? 'before the story began' : formatTime(row.cert.issuedAt),
        replacedWith: replacedWith(happening),
      };
    }
    case 'acquireRequested':
      return {
        ...base,
        leaseValue: happening.leaseValue,
        ttlMs: String(happening.ttlMs),
        requestedTtl: formatTime(happening.ttlMs),
      };
    case 'leaseGranted':
      return { ...base, token: tokenText(happening.lease.token), expiresAt: timeText(happening.lease.expiresAt) };
    case 'leaseRefused':
      return {
        ...base,
        holder: happening.heldBy ? nameOf(happening.heldBy.holder) : 'another renewer',
        token: tokenText(happening.heldBy?.token ?? null),
        expiresAt: timeText(happening.heldBy?.expiresAt ?? null),
        retryAt: formatTime(happening.retryAt),
      };
    case 'certificateRequested':
    case 'workNotDue':
      return {
        ...base,
        ...(happening.kind === 'certificateRequested' && { readyAt: formatTime(happening.readyAt) }),
        serial: String(happening.current?.serial ?? '–'),
        validity: happening.current ? formatValidity(happening.current.notAfter, frame.at) : 'is missing',
      };
    case 'renewerGaveUp':
      return { ...base, attempts: String(happening.attempts) };
    case 'holdCheckRequested':
      return base;
    case 'holdCheckAnswered':
      return {
        ...base,
        token: tokenText(happening.token),
        retryAt: happening.retryAt === null ? '–' : formatTime(happening.retryAt),
      };
    case 'grantTooLate':
    case 'validityEnded':
    case 'emailRequested':
      return base;
    case 'processPaused':
    case 'processResumed': {
      const belief = renewerById(world, happening.renewer).belief;
      const durationMs = happening.kind === 'processPaused' ? happening.durationMs : happening.pausedForMs;
      return {
        ...base,
        duration: formatTime(durationMs),
        until: happening.kind === 'processPaused' ? formatTime(happening.until) : known(base.time),
        token: belief.kind === 'none' ? 'none' : String(belief.token),
      };
    }
    case 'leaseExpired':
      return { ...base, holder: nameOf(happening.lease.holder), token: tokenText(happening.lease.token) };
    case 'certificateReceived':
      return {
        ...base,
        serial: String(happening.cert.serial),
        issuedAt: happening.cert.issuedAt === null ? 'earlier' : formatTime(happening.cert.issuedAt),
      };
    case 'writeRequested':
      return {
        ...base,
        token: tokenText(happening.fencingToken),
        serial: String(happening.cert.serial),
        fence: String(happening.previous?.fence ?? 'none'),
        rows: `${happening.rowsChanged} ${happening.rowsChanged === 1 ? 'row' : 'rows'}`,
      };
    case 'writeAnswered':
      return { ...base, token: tokenText(happening.fencingToken), fence: String(happening.previousFence ?? 'none') };
    case 'releaseRequested': {
      const belief = renewerById(world, happening.renewer).belief;
      return {
        ...base,
        leaseValue: happening.leaseValue,
        token: belief.kind === 'none' ? 'none' : tokenText(belief.token),
      };
    }
    case 'clockJumped':
      return { ...base, node: happening.node, by: formatTime(happening.byMs) };
    case 'networkPartitioned':
      return {
        ...base,
        partition: Object.entries(happening.unreachable)
          .filter(([, nodes]) => nodes.length > 0)
          .map(([renewer, nodes]) => `${nameOf(renewer)}: ${nodes.join(', ')}`)
          .join('; '),
      };
    case 'failover':
      return {
        ...base,
        holder: happening.lost ? nameOf(happening.lost.holder) : 'nobody',
        expiresAt: timeText(happening.lost?.expiresAt ?? null),
      };
    case 'leaseReleased':
      return { ...base, token: tokenText(happening.lease.token) };
    case 'releaseRefused':
      return {
        ...base,
        holder: happening.heldBy ? nameOf(happening.heldBy.holder) : 'nobody',
        token: happening.heldBy ? tokenText(happening.heldBy.token) : '–',
      };
  }
}

/** The newer write a stale one replaced: "token 34", or "no token" under a service that gives none. */
function replacedWith(happening: Happening): string {
  if (happening.kind !== 'scenarioEnded' || happening.outcome.kind !== 'staleOverwrote') return '–';
  return happening.outcome.replacedToken === null ? 'no token' : `token ${happening.outcome.replacedToken}`;
}

/** "Two renewers", at the start of a sentence. */
const COUNT_WORDS: Readonly<Record<number, string>> = { 1: 'One', 2: 'Two', 3: 'Three', 4: 'Four', 5: 'Five' };

/** Lock services without tokens (Redis, Redlock) still get a readable caption. */
const tokenText = (token: number | null) => (token === null ? 'none' : String(token));
const timeText = (time: number | null) => (time === null ? 'an unknown time' : formatTime(time));

/** Caption texts by step kind: the walkthrough's, plus the lab's where the lab has loaded. */
export type CaptionSteps = Readonly<
  Partial<Record<CaptionKey, CaptionsContent['steps'][keyof CaptionsContent['steps']]>>
>;

/** What the lab adds: its caption texts, and the keys and values of the steps only its runs have. */
export interface NarrationExtension {
  readonly steps: CaptionSteps;
  /** The caption for a frame: its happening, told with the state of the world at that moment. */
  keyOf(frame: Frame, timeline: Timeline): CaptionKey | null;
  variables(frame: Frame, timeline: Timeline): Record<string, string>;
}

export function narrate(
  frame: Frame,
  timeline: Timeline,
  steps: CaptionSteps,
  extension: NarrationExtension | null = null,
  /** The caption to tell it with, where the story around the frame has chosen it (a request said again). */
  told: CaptionKey | null = null,
): Narration {
  const key = told ?? extension?.keyOf(frame, timeline) ?? captionKeyOf(frame.happening);
  // A step whose text has not loaded still gets a name rather than a blank.
  const text = steps[key] ?? { label: key, caption: key };
  const variables = { ...captionVariables(frame, timeline), ...extension?.variables(frame, timeline) };
  return { label: fillTemplate(text.label, variables), caption: fillTemplate(text.caption, variables) };
}

/** The caption without its code marks, for the live region and the diagram's label. */
export function plainText(caption: string): string {
  return caption.replaceAll('`', '');
}
