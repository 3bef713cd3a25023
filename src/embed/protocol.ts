/**
 * The messages an embedded Lockstep exchanges with the page around it. Version 1.
 * Everything received is parsed into one of these shapes or dropped; nothing is evaluated or inserted as HTML.
 */
export const PROTOCOL_VERSION = 1;

/** Events are named after xAPI verbs, so an LMS bridge can forward them as statements. */
export type LockstepEvent =
  | {
      readonly verb: 'progressed';
      readonly widget: 'walkthrough';
      readonly step: number;
      readonly of: number;
      readonly fencing: 'on' | 'off';
    }
  | {
      readonly verb: 'progressed';
      readonly widget: 'lab';
      readonly step: number;
      readonly of: number;
      readonly service: string;
    }
  /** An outcome map computed and drawn: the service, what the table checks, and the settings on its axes. */
  | {
      readonly verb: 'progressed';
      readonly widget: 'map';
      readonly service: string;
      readonly storage: string;
      readonly across: string;
      readonly up: string;
    }
  | { readonly verb: 'answered'; readonly widget: 'quiz'; readonly questionId: string; readonly correct: boolean }
  | {
      readonly verb: 'completed';
      readonly widget: 'walkthrough' | 'quiz';
      readonly score?: { readonly right: number; readonly of: number };
    }
  /** A lab run stepped to its end, with how it ended (`safe`, `duplicateWork`, `staleWriteLanded`, `cutOff`). */
  | { readonly verb: 'completed'; readonly widget: 'lab'; readonly service: string; readonly verdict: string };

/** From the embedded page to its host. */
export type OutgoingMessage =
  | { readonly source: 'lockstep'; readonly version: 1; readonly kind: 'resize'; readonly height: number }
  | ({ readonly source: 'lockstep'; readonly version: 1; readonly kind: 'event' } & LockstepEvent);

/** From the host to the embedded page. */
export type HostCommand =
  | { readonly command: 'goToStep'; readonly step: number }
  | { readonly command: 'setFencing'; readonly fencing: boolean };

export function resizeMessage(height: number): OutgoingMessage {
  return { source: 'lockstep', version: PROTOCOL_VERSION, kind: 'resize', height: Math.ceil(height) };
}

/** Canvas's own resize request for an LTI frame (its documented `lti.frameResize`); other hosts ignore it. */
export function canvasResizeMessage(height: number): { readonly subject: 'lti.frameResize'; readonly height: number } {
  return { subject: 'lti.frameResize', height: Math.ceil(height) };
}

export function eventMessage(event: LockstepEvent): OutgoingMessage {
  return { source: 'lockstep', version: PROTOCOL_VERSION, kind: 'event', ...event };
}

/**
 * Reads a host command, or returns null for anything else. Expected:
 * `{ source: 'lockstep-host', version: 1, command: 'goToStep', step: 3 }` (steps count from 1) or
 * `{ source: 'lockstep-host', version: 1, command: 'setFencing', fencing: 'on' | 'off' | true | false }`.
 */
export function parseHostCommand(data: unknown): HostCommand | null {
  if (typeof data !== 'object' || data === null) return null;
  const message = data as Record<string, unknown>;
  if (message.source !== 'lockstep-host' || message.version !== PROTOCOL_VERSION) return null;
  if (message.command === 'goToStep' && Number.isInteger(message.step)) {
    return { command: 'goToStep', step: message.step as number };
  }
  if (message.command === 'setFencing') {
    const fencing = message.fencing;
    if (fencing === true || fencing === 'on') return { command: 'setFencing', fencing: true };
    if (fencing === false || fencing === 'off') return { command: 'setFencing', fencing: false };
  }
  return null;
}

/**
 * The one origin the embedded page talks to: `?parentOrigin=` if it is a valid http(s) origin, else the
 * origin of the page that loaded it (the referrer). Null when neither is known: then it talks to nobody.
 */
export function resolveParentOrigin(configured: string | null, referrer: string): string | null {
  const asOrigin = (value: string | null) => {
    if (!value) return null;
    try {
      const url = new URL(value);
      return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : null;
    } catch {
      return null;
    }
  };
  return configured !== null ? asOrigin(configured) : asOrigin(referrer);
}
