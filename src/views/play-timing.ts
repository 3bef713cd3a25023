/*
 * How long Play shows each step, in real time. At 1× a second of virtual time takes a second, so a gap between two
 * steps plays at its true length; a gap longer than LONG_GAP_MS (the 40 s pause) would leave the screen still for
 * too long, so it plays in LONG_GAP_SHOWN_MS and the strip says so. Steps at the same instant still stay on screen for
 * MIN_STEP_MS, long enough to read their label. Every length is divided by the chosen speed.
 */

export const LONG_GAP_MS = 5_000;
export const LONG_GAP_SHOWN_MS = 2_000;
export const MIN_STEP_MS = 800;

export interface PlayDelay {
  /** Real milliseconds before the next step. */
  readonly delayMs: number;
  /** Whether the virtual gap was shown shorter than it is. */
  readonly compressed: boolean;
}

export function playDelay(gapMs: number, speed: number): PlayDelay {
  const compressed = gapMs > LONG_GAP_MS;
  const shown = compressed ? LONG_GAP_SHOWN_MS : Math.max(gapMs, MIN_STEP_MS);
  return { delayMs: shown / speed, compressed };
}
