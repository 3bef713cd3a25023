import { describe, expect, it } from 'vitest';
import { isStaleWrite, issuedLater, staleWritesLanded } from './stale';
import { virtualMs } from './types';
import type { WriteRecord } from './world';

const write = (renewer: string, grantOrder: number, rowsChanged = 1, issuedAt = 0): WriteRecord => ({
  renewer,
  fencingToken: null,
  grantOrder,
  cert: { serial: 1000 + grantOrder, issuedAt: virtualMs(issuedAt), notAfter: virtualMs(7_776_000_000) },
  rowsChanged,
});

describe('the one rule for stale: landed under an earlier grant than a write already taken', () => {
  it('judges by grant order among the writes that landed, at the edges', () => {
    const b = write('B', 2);
    expect(isStaleWrite(write('A', 1), [b])).toBe(true);
    // The same grant writing twice is not stale; nor is a write that changed nothing, nor the first write.
    expect(isStaleWrite(write('B', 2), [b])).toBe(false);
    expect(isStaleWrite(write('A', 1, 0), [b])).toBe(false);
    expect(isStaleWrite(write('A', 1), [])).toBe(false);
    // A refused write from a later grant does not make an earlier one stale.
    expect(isStaleWrite(write('A', 1), [write('B', 2, 0)])).toBe(false);
  });

  it('lists each stale write with the newest write it replaced, also when a third write covers it later', () => {
    const writes = [write('B', 2), write('A', 1), write('C', 3)];
    expect(staleWritesLanded(writes)).toEqual([{ write: writes[1], replaced: writes[0] }]);
  });

  it('tells a certificate’s age apart from its grant: a stale write can carry the newer certificate', () => {
    const b = write('B', 2, 1, 36_000);
    const a = write('A', 1, 1, 45_000);
    expect(isStaleWrite(a, [b])).toBe(true);
    expect(issuedLater(a, b)).toBe(true);
    expect(issuedLater(b, a)).toBe(false);
  });

  it('orders certificates by when they were issued (notBefore), never by serial: real serials are random', () => {
    const lowSerialLater = {
      ...write('A', 1, 1, 45_000),
      cert: { ...write('A', 1).cert, serial: 17, issuedAt: virtualMs(45_000) },
    };
    const highSerialEarlier = {
      ...write('B', 2, 1, 36_000),
      cert: { ...write('B', 2).cert, serial: 9_000, issuedAt: virtualMs(36_000) },
    };
    expect(issuedLater(lowSerialLater, highSerialEarlier)).toBe(true);
    expect(issuedLater(highSerialEarlier, lowSerialLater)).toBe(false);
    // The same moment is not later either way.
    expect(issuedLater(write('A', 1, 1, 36_000), highSerialEarlier)).toBe(false);
  });
});
