import { describe, expect, it } from 'vitest';
import { LONG_GAP_MS, LONG_GAP_SHOWN_MS, MIN_STEP_MS, playDelay } from './play-timing';

describe('Play in virtual time', () => {
  it('at 1×, a gap up to 5 s plays at its true length', () => {
    expect(playDelay(2_000, 1)).toEqual({ delayMs: 2_000, compressed: false });
    expect(playDelay(LONG_GAP_MS, 1)).toEqual({ delayMs: 5_000, compressed: false });
  });

  it('a longer gap (the 40 s pause) plays in 2 s, and says it was compressed', () => {
    expect(playDelay(LONG_GAP_MS + 1, 1)).toEqual({ delayMs: LONG_GAP_SHOWN_MS, compressed: true });
    expect(playDelay(40_000, 1)).toEqual({ delayMs: 2_000, compressed: true });
  });

  it('steps at the same instant, or a few ms apart, still stay long enough to read', () => {
    expect(playDelay(0, 1)).toEqual({ delayMs: MIN_STEP_MS, compressed: false });
    expect(playDelay(MIN_STEP_MS + 1, 1).delayMs).toBe(MIN_STEP_MS + 1);
  });

  it('every length is divided by the speed', () => {
    expect(playDelay(40_000, 2).delayMs).toBe(1_000);
    expect(playDelay(3_000, 4).delayMs).toBe(750);
    expect(playDelay(0, 0.5).delayMs).toBe(1_600);
  });
});
