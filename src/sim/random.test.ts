import { describe, expect, it } from 'vitest';
import { nextRandom, randomLeaseValue } from './random';

describe('the seeded random source (mulberry32)', () => {
  it('from seed 1, draws the reference mulberry32 sequence', () => {
    const first = nextRandom(1);
    const second = nextRandom(first.state);
    const third = nextRandom(second.state);
    expect([first.value, second.value, third.value]).toEqual([
      0.6270739405881613, 0.002735721180215478, 0.5274470399599522,
    ]);
  });

  it('the same state always gives the same lease value', () => {
    expect(randomLeaseValue(1)).toEqual(randomLeaseValue(1));
    expect(randomLeaseValue(1).leaseValue).not.toBe(randomLeaseValue(randomLeaseValue(1).state).leaseValue);
  });

  it('lease values are six hex digits, zero-padded when the draw is small', () => {
    expect(randomLeaseValue(7).leaseValue).toBe('02ff15');
    expect(randomLeaseValue(1).leaseValue).toBe(Math.floor(0.6270739405881613 * 0xffffff).toString(16));
  });
});
