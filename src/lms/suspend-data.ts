/**
 * What a relaunch needs, kept in the LMS's cmi.suspend_data: one compact format for SCORM 1.2 (4,096 characters
 * at most) and 2004 (64,000). Interview drafts are too long for it and stay in the browser, keyed by learner.
 */
export interface SuspendState {
  /** The learner has stepped the walkthrough to its end at least once. */
  readonly walkthroughDone: boolean;
  readonly place: { readonly cursor: number; readonly fencing: boolean };
  /** Checked quiz answers: question id → the options or order given. */
  readonly quiz: Readonly<Record<string, readonly string[]>>;
  /** Walkthrough predictions, as the progress store keys them. */
  readonly predictions: Readonly<Record<string, string>>;
  /**
   * Interactions written so far (cmi.interactions._count, kept here too for an LMS that does not answer it): a
   * relaunch appends after them.
   */
  readonly interactions: number;
}

/** SCORM 1.2's limit for cmi.suspend_data (RTE 3.4.2.4.5); 2004's is larger. */
export const SUSPEND_DATA_LIMIT = 4096;

const FORMAT = 1;

export function encodeSuspendData(state: SuspendState): string {
  const full = JSON.stringify({
    v: FORMAT,
    w: state.walkthroughDone ? 1 : 0,
    c: state.place.cursor,
    f: state.place.fencing ? 1 : 0,
    q: state.quiz,
    p: state.predictions,
    i: state.interactions,
  });
  if (full.length <= SUSPEND_DATA_LIMIT) return full;
  // Predictions are the least needed on relaunch: give them up before the answers that are graded. (Every
  // question answered takes about 650 characters; a cut string would be unreadable, so it is never cut.)
  return JSON.stringify({ ...JSON.parse(full), p: {} });
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The saved state, or null when there is none or it cannot be read (it is then ignored, never trusted). */
export function decodeSuspendData(raw: string): SuspendState | null {
  // Longer than this package ever writes: not its own, and not worth parsing.
  if (raw.length > SUSPEND_DATA_LIMIT) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!isRecord(parsed) || parsed.v !== FORMAT) return null;
  const cursor = Number.isInteger(parsed.c) && (parsed.c as number) >= 0 ? (parsed.c as number) : 0;
  const quiz = isRecord(parsed.q)
    ? Object.fromEntries(
        Object.entries(parsed.q).filter(
          (entry): entry is [string, string[]] =>
            Array.isArray(entry[1]) && entry[1].every((id) => typeof id === 'string'),
        ),
      )
    : {};
  const predictions = isRecord(parsed.p)
    ? Object.fromEntries(
        Object.entries(parsed.p).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
      )
    : {};
  const interactions = Number.isInteger(parsed.i) && (parsed.i as number) >= 0 ? (parsed.i as number) : 0;
  return {
    walkthroughDone: parsed.w === 1,
    place: { cursor, fencing: parsed.f !== 0 },
    quiz,
    predictions,
    interactions,
  };
}
