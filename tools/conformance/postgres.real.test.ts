import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import fc from 'fast-check';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadContent } from '@/content/build/load-content';
import {
  createCertificatesTable,
  findRow,
  writeCertificate,
  type CertificatesTable,
  type WriteMode,
} from '@/sim/certificates-table';
import { runScenario } from '@/sim/run';
import { fencingToken, virtualMs } from '@/sim/types';
import { describeCertificate } from '@/story/narrate';
import { startPostgres, type RunningServer } from './servers';

// Postgres docs, "UPDATE" (the command tag's row count) and "INSERT … ON CONFLICT": the table model in
// src/sim/certificates-table.ts must give the row counts and final rows that PostgreSQL 15 gives for the
// lesson's exact SQL, which lives in content/ and is what the page shows.
const CONTENT_DIR = resolve(import.meta.dirname, '../../content');
const { content, postgres: statements } = loadContent(CONTENT_DIR);
const seed = content.scenarios.find((scenario) => scenario.id === 'stale-certificate')!;
const sqlFor = (mode: WriteMode) => (mode === 'fenced' ? statements.sql.fenced : statements.sql.unfenced);
const collapse = (sql: string) => sql.replace(/\s+/g, ' ').trim();

describe('the certificates table model against PostgreSQL 15', () => {
  let server: RunningServer & { user: string };
  let pool: pg.Pool;

  beforeAll(async () => {
    server = await startPostgres();
    pool = new pg.Pool({ host: '127.0.0.1', port: server.port, user: server.user, database: 'postgres', max: 8 });
    await pool.query(statements.createTable);
  }, 60_000);

  afterAll(async () => {
    await pool?.end();
    await server?.stop();
  });

  it('runs the SQL the lesson prints', () => {
    const lesson = readFileSync(resolve(CONTENT_DIR, 'lesson/06-the-check-in-postgres.md'), 'utf8');
    expect(lesson).toContain(statements.createTable);
    expect(collapse(lesson)).toContain(collapse(statements.sql.fenced));
  });

  for (const fencing of [true, false]) {
    it(`plays the lesson's evening with fencing ${fencing ? 'on' : 'off'}: same row counts, same final row`, async () => {
      const timeline = runScenario(seed, { fencing });
      const domain = `${fencing ? 'fenced' : 'unfenced'}.${seed.domain}`;
      const first = timeline.frames[0]!.happening;
      if (first.kind !== 'scenarioStarted' || !first.row) throw new Error('the scenario starts without a row');
      await pool.query(statements.insertRow, [domain, describeCertificate(first.row.cert), first.row.fence]);
      const counts = { simulated: [] as number[], real: [] as number[] };
      for (const { happening } of timeline.frames) {
        if (happening.kind !== 'writeRequested') continue;
        const result = await pool.query(sqlFor(happening.mode), [
          domain,
          describeCertificate(happening.cert),
          happening.fencingToken,
        ]);
        counts.simulated.push(happening.rowsChanged);
        counts.real.push(result.rowCount ?? -1);
      }
      expect(counts.real).toEqual(counts.simulated);
      expect(counts.real).toEqual(fencing ? [1, 0] : [1, 1]);
      const simulatedRow = findRow(timeline.frames.at(-1)!.world.table, seed.domain)!;
      const { rows } = await pool.query('SELECT cert, fence FROM certificates WHERE domain = $1', [domain]);
      expect(rows).toEqual([{ cert: describeCertificate(simulatedRow.cert), fence: String(simulatedRow.fence) }]);
    });
  }

  it('agrees with the model on 60 generated sequences of fenced and unfenced writes', async () => {
    const writes = fc.array(fc.integer({ min: 30, max: 40 }), { minLength: 1, maxLength: 8 });
    const cases = fc.sample(fc.tuple(fc.constantFrom<WriteMode>('fenced', 'unfenced'), writes), {
      numRuns: 60,
      seed: 20161208,
    });
    await Promise.all(
      cases.map(async ([mode, tokens], index) => {
        const domain = `generated-${index}.example`;
        let table: CertificatesTable = createCertificatesTable([
          { domain, cert: { serial: 0, issuedAt: null, notAfter: virtualMs(0) }, fence: fencingToken(32) },
        ]);
        await pool.query(statements.insertRow, [
          domain,
          describeCertificate({ serial: 0, issuedAt: null, notAfter: virtualMs(0) }),
          32,
        ]);
        const simulated: number[] = [];
        const real: number[] = [];
        for (const [serial, token] of tokens.entries()) {
          const cert = { serial: serial + 1, issuedAt: null, notAfter: virtualMs(0) };
          const written = writeCertificate(table, { domain, cert, fencingToken: fencingToken(token) }, mode);
          table = written.table;
          simulated.push(written.rowsChanged);
          const result = await pool.query(sqlFor(mode), [domain, describeCertificate(cert), token]);
          real.push(result.rowCount ?? -1);
        }
        const row = findRow(table, domain)!;
        const { rows } = await pool.query('SELECT cert, fence FROM certificates WHERE domain = $1', [domain]);
        const label = `${mode} writes with tokens ${tokens.join(', ')}`;
        expect(real, label).toEqual(simulated);
        expect(rows, label).toEqual([{ cert: describeCertificate(row.cert), fence: String(row.fence) }]);
      }),
    );
  });
});

// §9 says Postgres's deadlock detector sees a cycle between two advisory locks (lockfuncs.c takes them through
// the ordinary lock manager); this runs that cycle: A holds the certificate lock and asks for the DNS zone's,
// B the other way round. One of the two waits must end in "deadlock detected", the other in the lock.
describe('advisory locks on PostgreSQL 15', () => {
  let server: RunningServer & { user: string };

  beforeAll(async () => {
    server = await startPostgres();
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
  });

  it('ends a cycle between two advisory locks with "deadlock detected"', async () => {
    const connect = async () => {
      const client = new pg.Client({ host: '127.0.0.1', port: server.port, user: server.user, database: 'postgres' });
      await client.connect();
      return client;
    };
    const [a, b] = await Promise.all([connect(), connect()]);
    const CERTIFICATE = 33;
    const DNS_ZONE = 34;
    try {
      await a.query('SELECT pg_advisory_lock($1)', [CERTIFICATE]);
      await b.query('SELECT pg_advisory_lock($1)', [DNS_ZONE]);
      // The refused client lets go of what it holds, so the other's wait can end.
      const askFor = (client: pg.Client, key: number) =>
        client.query('SELECT pg_advisory_lock($1)', [key]).catch(async (error: unknown) => {
          await client.query('SELECT pg_advisory_unlock_all()');
          throw error;
        });
      const outcomes = await Promise.allSettled([askFor(a, DNS_ZONE), askFor(b, CERTIFICATE)]);
      const refused = outcomes.filter((outcome) => outcome.status === 'rejected');
      expect(refused).toHaveLength(1);
      expect(String((refused[0] as PromiseRejectedResult).reason)).toContain('deadlock detected');
    } finally {
      await Promise.all([a.end(), b.end()]);
    }
  });
});
