import { describe, expect, it } from 'vitest';
import {
  conditionalWrite,
  createCertificatesTable,
  findRow,
  unconditionalWrite,
  type CertificatesTable,
} from './certificates-table';
import { fencingToken, virtualMs } from './types';

const DOMAIN = 'go.shop.example';

function tableWithFence(fence: number): CertificatesTable {
  return createCertificatesTable([
    {
      domain: DOMAIN,
      cert: { serial: 1002, issuedAt: virtualMs(36_000), notAfter: virtualMs(7_776_000_000) },
      fence: fencingToken(fence),
    },
  ]);
}

function write(token: number) {
  return {
    domain: DOMAIN,
    cert: { serial: 1001, issuedAt: virtualMs(5_000), notAfter: virtualMs(7_776_000_000) },
    fencingToken: fencingToken(token),
  };
}

describe('certificatesTable.conditionalWrite', () => {
  it('rejects a write whose token is lower than the fence: 0 rows, row unchanged', () => {
    const table = tableWithFence(34);
    const result = conditionalWrite(table, write(33));
    expect(result.rowsChanged).toBe(0);
    expect(findRow(result.table, DOMAIN)).toEqual(findRow(table, DOMAIN));
  });

  it('accepts a write with an equal token, so the holder can write twice', () => {
    const result = conditionalWrite(tableWithFence(34), write(34));
    expect(result.rowsChanged).toBe(1);
    expect(findRow(result.table, DOMAIN)).toMatchObject({ cert: { serial: 1001 }, fence: 34 });
  });

  it('accepts a write with a higher token and raises the fence', () => {
    const result = conditionalWrite(tableWithFence(34), write(35));
    expect(result.rowsChanged).toBe(1);
    expect(findRow(result.table, DOMAIN)?.fence).toBe(35);
  });

  it('changes 0 rows when the domain has no row', () => {
    const result = conditionalWrite(createCertificatesTable([]), write(35));
    expect(result.rowsChanged).toBe(0);
    expect(result.table.rows).toEqual([]);
  });
});

describe('certificatesTable.unconditionalWrite', () => {
  it('overwrites the row whatever the token, lowering the fence', () => {
    const result = unconditionalWrite(tableWithFence(34), write(33));
    expect(result.rowsChanged).toBe(1);
    expect(findRow(result.table, DOMAIN)).toMatchObject({ cert: { serial: 1001 }, fence: 33 });
  });
});

describe('a table with a row per domain', () => {
  const other = {
    domain: 'blog.shop.example',
    cert: { serial: 7, issuedAt: null, notAfter: virtualMs(7_776_000_000) },
    fence: fencingToken(3),
  };
  const table = () => createCertificatesTable([other, ...tableWithFence(34).rows]);

  it('finds the row of the domain asked for, not the first row', () => {
    expect(findRow(table(), DOMAIN)?.fence).toBe(34);
    expect(findRow(table(), 'api.shop.example')).toBeNull();
  });

  it("a write to one domain's row leaves the other rows as they were", () => {
    const result = unconditionalWrite(table(), write(35));
    expect(result.table.rows).toEqual([
      other,
      { domain: DOMAIN, cert: { serial: 1001, issuedAt: 5_000, notAfter: virtualMs(7_776_000_000) }, fence: 35 },
    ]);
  });
});
