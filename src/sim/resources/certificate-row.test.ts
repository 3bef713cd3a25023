import { describe, expect, it } from 'vitest';
import { buildScenario } from '@/testing/builders';
import { ALL_MODELS } from '../all-models';
import { createCertificatesTable, findRow, type WriteMode } from '../certificates-table';
import { fencingToken, virtualMs, type FencingToken } from '../types';
import { createWorld, type Context, type World, type WriteRecord } from '../world';
import { certificateRowModel, judgeOutcome } from './certificate-row';

/** The certificates table as the lock protects it: `UPDATE … WHERE fence <= $token`, or no check at all. */
const scenario = buildScenario();
const DOMAIN = scenario.domain;

function contextFor(writeMode: WriteMode): Context {
  return { scenario, models: ALL_MODELS, resource: certificateRowModel, writeMode, idempotencyKey: false };
}

function worldWith(writes: WriteRecord[], fence = 32): World {
  const world = createWorld(scenario, ALL_MODELS);
  const table = createCertificatesTable([
    {
      domain: DOMAIN,
      cert: { serial: 1000, issuedAt: null, notAfter: virtualMs(7_776_000_000) },
      fence: fencingToken(fence),
    },
  ]);
  return { ...world, table, writes };
}

function landed(renewer: string, grantOrder: number, token: number | null, rowsChanged = 1): WriteRecord {
  return {
    renewer,
    grantOrder,
    fencingToken: token === null ? null : fencingToken(token),
    cert: { serial: 1000 + grantOrder, issuedAt: virtualMs(grantOrder * 1_000), notAfter: virtualMs(7_776_000_000) },
    rowsChanged,
  };
}

function writeMessage(from: string, grantOrder: number, token: FencingToken | null) {
  return {
    kind: 'write' as const,
    from,
    grantOrder,
    fencingToken: token,
    cert: { serial: 2000, issuedAt: virtualMs(9), notAfter: virtualMs(7_776_000_000) },
  };
}

describe('the certificate row receives a write', () => {
  it('a write without a token (Redis, Redlock) is unfenced even when fencing is on, and keeps the fence the row had', () => {
    const { world, happening, answer } = certificateRowModel.receive(
      worldWith([], 40),
      writeMessage('A', 1, null),
      contextFor('fenced'),
    );
    expect(happening).toMatchObject({ kind: 'writeRequested', mode: 'unfenced', rowsChanged: 1, fencingToken: null });
    expect(findRow(world.table, DOMAIN)).toEqual({
      domain: DOMAIN,
      cert: { serial: 2000, issuedAt: 9, notAfter: virtualMs(7_776_000_000) },
      fence: 40,
    });
    expect(answer).toEqual({ rowsChanged: 1, previousFence: 40, overwroteNewer: false });
  });

  it('a write with a token under fencing is fenced: a lower token changes nothing and hears the fence it lost to', () => {
    const { world, happening, answer } = certificateRowModel.receive(
      worldWith([], 40),
      writeMessage('A', 1, fencingToken(39)),
      contextFor('fenced'),
    );
    expect(happening).toMatchObject({ mode: 'fenced', rowsChanged: 0 });
    expect(answer).toEqual({ rowsChanged: 0, previousFence: 40, overwroteNewer: false });
    expect(world.writes).toEqual([
      {
        renewer: 'A',
        fencingToken: 39,
        grantOrder: 1,
        cert: { serial: 2000, issuedAt: 9, notAfter: virtualMs(7_776_000_000) },
        rowsChanged: 0,
      },
    ]);
  });

  it('a write for a domain with no row matches nothing and reports no previous fence', () => {
    const empty = { ...worldWith([]), table: createCertificatesTable([]) };
    const { answer, happening } = certificateRowModel.receive(empty, writeMessage('A', 1, null), contextFor('fenced'));
    expect(answer).toEqual({ rowsChanged: 0, previousFence: null, overwroteNewer: false });
    expect(happening).toMatchObject({ rowsChanged: 0, previous: null });
  });

  it('the holder writing twice under the same grant is not a stale overwrite', () => {
    const { answer } = certificateRowModel.receive(
      worldWith([landed('B', 2, 34)], 34),
      writeMessage('B', 2, fencingToken(34)),
      contextFor('unfenced'),
    );
    expect(answer.overwroteNewer).toBe(false);
  });

  it('a write from an older grant that lands over a newer one is flagged as stale', () => {
    const { answer } = certificateRowModel.receive(
      worldWith([landed('B', 2, 34)], 34),
      writeMessage('A', 1, fencingToken(33)),
      contextFor('unfenced'),
    );
    expect(answer).toEqual({ rowsChanged: 1, previousFence: 34, overwroteNewer: true });
  });

  it('a newer write that the table refused does not make an older write stale', () => {
    const { answer } = certificateRowModel.receive(
      worldWith([landed('B', 2, 34, 0)], 32),
      writeMessage('A', 1, fencingToken(33)),
      contextFor('unfenced'),
    );
    expect(answer).toEqual({ rowsChanged: 1, previousFence: 32, overwroteNewer: false });
  });
});

describe('judging how the certificate row ended', () => {
  const row = () => findRow(worldWith([]).table, DOMAIN);

  it('with no accepted write, the newest certificate is the one the table started with', () => {
    expect(judgeOutcome(worldWith([landed('A', 1, 33, 0)]), DOMAIN)).toEqual({ kind: 'newestKept', row: row() });
  });

  it('without the row, nothing can have been overwritten, whatever the writes', () => {
    const world = { ...worldWith([landed('B', 2, 34), landed('A', 1, 33)]), table: createCertificatesTable([]) };
    expect(judgeOutcome(world, DOMAIN)).toEqual({ kind: 'newestKept', row: null });
  });

  it('a last write from an older grant than one before it is stale, and names the newest write it replaced', () => {
    const writes = [landed('A', 1, 33), landed('C', 3, 35), landed('B', 2, 34)];
    expect(judgeOutcome(worldWith(writes), DOMAIN)).toEqual({
      kind: 'staleOverwrote',
      row: row(),
      staleToken: 34,
      replacedToken: 35,
      staleWriter: 'B',
      staleGrant: 2,
      newerGrant: 3,
    });
  });

  it('the newest earlier grant counts, not the latest earlier write', () => {
    const writes = [landed('C', 3, 35), landed('A', 1, 33), landed('B', 2, 34)];
    expect(judgeOutcome(worldWith(writes), DOMAIN)).toMatchObject({ kind: 'staleOverwrote', replacedToken: 35 });
  });

  it('the holder writing again under its own grant keeps the newest certificate', () => {
    const writes = [landed('A', 1, 33), landed('B', 2, 34), landed('B', 2, 34)];
    expect(judgeOutcome(worldWith(writes), DOMAIN)).toEqual({ kind: 'newestKept', row: row() });
  });

  it('writes the table refused are not counted as newer', () => {
    const writes = [landed('B', 2, 34, 0), landed('A', 1, 33)];
    expect(judgeOutcome(worldWith(writes), DOMAIN).kind).toBe('newestKept');
  });
});
