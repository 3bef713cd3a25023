import type { Certificate, FencingToken } from './types.ts';

const DAY_MS = 86_400_000;

/** How long a certificate the CA issues is valid: Let's Encrypt's 90 days. */
export const CERTIFICATE_LIFETIME_MS = 90 * DAY_MS;

/** A certificate is renewed once it has this little left: 30 days, Go's acme/autocert default (RenewBefore). */
export const RENEW_BEFORE_MS = 30 * DAY_MS;

/** Whether a certificate is inside its renewal window at `now`: the check a renewer makes once it holds the lock. */
export const needsRenewal = (cert: Certificate, now: number): boolean => cert.notAfter - now <= RENEW_BEFORE_MS;

/** One row of `certificates (domain text primary key, cert text, fence bigint)`. */
export interface CertificateRow {
  readonly domain: string;
  readonly cert: Certificate;
  readonly fence: FencingToken;
}

export interface CertificatesTable {
  readonly rows: readonly CertificateRow[];
}

/**
 * How the table is written to.
 * - `fenced`: `UPDATE … WHERE domain = $1 AND fence <= $3`; a lower token matches no row.
 * - `unfenced`: `UPDATE … WHERE domain = $1`; the last write wins, whatever its token.
 */
export type WriteMode = 'fenced' | 'unfenced';

export interface CertificateWrite {
  readonly domain: string;
  readonly cert: Certificate;
  readonly fencingToken: FencingToken;
}

export interface WriteResult {
  readonly table: CertificatesTable;
  /** What Postgres reports as `UPDATE n`: 0 means the condition matched nothing. */
  readonly rowsChanged: number;
  readonly previous: CertificateRow | null;
}

export function createCertificatesTable(rows: readonly CertificateRow[]): CertificatesTable {
  return { rows };
}

export function findRow(table: CertificatesTable, domain: string): CertificateRow | null {
  return table.rows.find((row) => row.domain === domain) ?? null;
}

/**
 * `UPDATE certificates SET cert = $2, fence = $3 WHERE domain = $1 AND fence <= $3`.
 * `<=` rather than `<` lets the current holder write twice with its own token; only lower tokens are refused.
 */
export function conditionalWrite(table: CertificatesTable, write: CertificateWrite): WriteResult {
  return applyWrite(table, write, (row) => row.fence <= write.fencingToken);
}

/** `UPDATE certificates SET cert = $2, fence = $3 WHERE domain = $1`: no check at all. */
export function unconditionalWrite(table: CertificatesTable, write: CertificateWrite): WriteResult {
  return applyWrite(table, write, () => true);
}

export function writeCertificate(table: CertificatesTable, write: CertificateWrite, mode: WriteMode): WriteResult {
  return mode === 'fenced' ? conditionalWrite(table, write) : unconditionalWrite(table, write);
}

function applyWrite(
  table: CertificatesTable,
  write: CertificateWrite,
  matches: (row: CertificateRow) => boolean,
): WriteResult {
  const previous = findRow(table, write.domain);
  if (!previous || !matches(previous)) return { table, rowsChanged: 0, previous };
  const updated: CertificateRow = { domain: write.domain, cert: write.cert, fence: write.fencingToken };
  return {
    table: { rows: table.rows.map((row) => (row === previous ? updated : row)) },
    rowsChanged: 1,
    previous,
  };
}
