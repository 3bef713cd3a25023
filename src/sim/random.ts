/**
 * A seeded pseudo-random source (mulberry32). The state is a plain number kept in the world,
 * so replaying a scenario with the same seed gives the same lease values every time.
 */
export function nextRandom(state: number): { value: number; state: number } {
  const next = (state + 0x6d2b79f5) | 0;
  let t = next;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  const value = ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  return { value, state: next };
}

/** A short random lease value, as a client would put in `SET key <random-id> NX PX ttl`. */
export function randomLeaseValue(state: number): { leaseValue: string; state: number } {
  const { value, state: next } = nextRandom(state);
  const leaseValue = Math.floor(value * 0xffffff)
    .toString(16)
    .padStart(6, '0');
  return { leaseValue, state: next };
}
