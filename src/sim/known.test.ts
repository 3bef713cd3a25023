import { describe, expect, it } from 'vitest';
import { known, oneOf } from './known';

describe('known', () => {
  it('passes a value through, falsy ones included', () => {
    const cell = { at: 3 };
    expect(known(cell)).toBe(cell);
    expect(known(0)).toBe(0);
    expect(known('')).toBe('');
    expect(known(false)).toBe(false);
  });

  it('throws where the value is missing, so a broken assumption fails at its cause', () => {
    expect(() => known(undefined)).toThrow('a value assumed to be there is missing');
    expect(() => known(null)).toThrow('a value assumed to be there is missing');
    expect(() => known([1, 2][5])).toThrow();
  });
});

describe('oneOf', () => {
  const SERVICES = ['etcd', 'redis'] as const;

  it('gives back a value that is one of the options, typed as they are', () => {
    expect(oneOf(SERVICES, 'redis')).toBe('redis');
    expect(oneOf(SERVICES, 'etcd')).toBe('etcd');
  });

  it('gives undefined for anything else: another word, another case, the empty string, no value', () => {
    expect(oneOf(SERVICES, 'zookeeper')).toBeUndefined();
    expect(oneOf(SERVICES, 'Redis')).toBeUndefined();
    expect(oneOf(SERVICES, '')).toBeUndefined();
    expect(oneOf(SERVICES, null)).toBeUndefined();
  });

  it('matches a number as it is written, and gives it back as a number', () => {
    const SPEEDS = [0.5, 1, 2] as const;
    expect(oneOf(SPEEDS, '0.5')).toBe(0.5);
    expect(oneOf(SPEEDS, '2')).toBe(2);
    expect(oneOf(SPEEDS, '2.0')).toBeUndefined();
    expect(oneOf(SPEEDS, '4')).toBeUndefined();
    expect(oneOf(SPEEDS, '')).toBeUndefined();
    expect(oneOf(SPEEDS, null)).toBeUndefined();
  });
});
