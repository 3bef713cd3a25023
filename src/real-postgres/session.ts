import type { PGliteInterface } from '@electric-sql/pglite';

/**
 * The console runs as this role, without superuser: Postgres itself then refuses COPY … PROGRAM, event triggers and
 * the walkthrough's schema, however a statement is spelled or wrapped (inside DO, in a function, built by EXECUTE).
 */
export const LEARNER_ROLE = 'learner';

/** The walkthrough's own table lives here, where the console's role has no access. */
export const WALKTHROUGH_SCHEMA = 'walkthrough';

/** The encoding the page reads Postgres's replies in; a console that changes it would garble every later reply. */
export const CLIENT_ENCODING = 'UTF8';

export interface Seed {
  readonly createTable: string;
  readonly insertRow: string;
  readonly seed: readonly unknown[];
}

/**
 * A fresh Postgres made ready: the walkthrough's table in its own schema (as the superuser), the console's table
 * in `public` owned by the learner's role, with the story's row, and the session switched to that role.
 */
export async function prepareDatabase(db: Pick<PGliteInterface, 'exec' | 'query'>, seed: Seed): Promise<void> {
  await db.exec(`CREATE ROLE ${LEARNER_ROLE} NOLOGIN; CREATE SCHEMA ${WALKTHROUGH_SCHEMA};`);
  await db.exec(`SET search_path TO ${WALKTHROUGH_SCHEMA}; ${seed.createTable}; RESET search_path;`);
  // Since PostgreSQL 15 only the database owner may create in `public` by default.
  await db.exec(`GRANT USAGE, CREATE ON SCHEMA public TO ${LEARNER_ROLE}; SET ROLE ${LEARNER_ROLE};`);
  await db.exec(seed.createTable);
  await db.query(seed.insertRow, [...seed.seed]);
}

/** Who the session is and how it encodes, as Postgres says. */
export async function sessionIdentity(db: Pick<PGliteInterface, 'query'>) {
  const { rows } = await db.query<{ role: string; encoding: string }>(
    "SELECT current_user AS role, current_setting('client_encoding') AS encoding",
  );
  return rows[0] ?? { role: '', encoding: '' };
}
