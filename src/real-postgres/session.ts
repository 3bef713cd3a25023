import type { PGliteInterface } from '@electric-sql/pglite';

/**
 * The console runs as this role, without superuser: Postgres itself then refuses COPY … PROGRAM, event triggers and
 * the walkthrough's schema, however a statement is spelled or wrapped (inside DO, in a function, built by EXECUTE).
 */
export const LEARNER_ROLE = 'learner';

/** The walkthrough's own table lives here, where the console's role has no access. */
export const WALKTHROUGH_SCHEMA = 'walkthrough';

/** The user PGlite's session logs in as; a console that changes it (SET SESSION AUTHORIZATION) has left its role. */
export const SESSION_USER = 'postgres';

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
export async function prepareDatabase(db: Pick<PGliteInterface, 'exec' | 'query'>, seed: Seed): Promise<string> {
  // PGlite cannot run Postgres's encoding conversions: one hangs the engine (UTF8 to LATIN1), another answers with
  // no rows (WIN1252). With none in the catalog, Postgres refuses every conversion with its own error, however the
  // statement is built (EXECUTE in a DO block too).
  await db.exec('DELETE FROM pg_catalog.pg_conversion;');
  await db.exec(`CREATE ROLE ${LEARNER_ROLE} NOLOGIN; CREATE SCHEMA ${WALKTHROUGH_SCHEMA};`);
  await db.exec(`SET search_path TO ${WALKTHROUGH_SCHEMA}; ${seed.createTable}; RESET search_path;`);
  // Since PostgreSQL 15 only the database owner may create in `public` by default.
  await db.exec(`GRANT USAGE, CREATE ON SCHEMA public TO ${LEARNER_ROLE}; SET ROLE ${LEARNER_ROLE};`);
  await db.exec(seed.createTable);
  await db.query(seed.insertRow, [...seed.seed]);
  return (await sessionIdentity(db)).seal;
}

/*
 * What the console must not change, read from the catalogs (readable by any role, named with pg_catalog so the
 * learner's own functions and search_path cannot stand in): the walkthrough's relations with their owners and
 * grants, any trigger, rule or policy on them, event triggers, and whether the learner's role became superuser.
 * A statement that briefly became superuser (RESET ROLE inside a DO block, and back) and changed any of these is
 * caught; the restart then throws the whole database away.
 */
const IDENTITY = `SELECT current_user AS role, session_user AS session,
  pg_catalog.current_setting('client_encoding') AS encoding,
  pg_catalog.concat_ws('|',
    (SELECT pg_catalog.string_agg(c.relname || ':' || c.relowner || ':' || COALESCE(c.relacl::text, ''), ',' ORDER BY c.relname)
       FROM pg_catalog.pg_class c JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = '${WALKTHROUGH_SCHEMA}'),
    (SELECT n.nspowner || ':' || COALESCE(n.nspacl::text, '') FROM pg_catalog.pg_namespace n
      WHERE n.nspname = '${WALKTHROUGH_SCHEMA}'),
    (SELECT pg_catalog.count(*) FROM pg_catalog.pg_trigger t JOIN pg_catalog.pg_class c ON c.oid = t.tgrelid
       JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = '${WALKTHROUGH_SCHEMA}'),
    (SELECT pg_catalog.count(*) FROM pg_catalog.pg_rewrite w JOIN pg_catalog.pg_class c ON c.oid = w.ev_class
       JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = '${WALKTHROUGH_SCHEMA}'),
    (SELECT pg_catalog.count(*) FROM pg_catalog.pg_policy p JOIN pg_catalog.pg_class c ON c.oid = p.polrelid
       JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = '${WALKTHROUGH_SCHEMA}'),
    (SELECT pg_catalog.count(*) FROM pg_catalog.pg_event_trigger),
    (SELECT r.rolsuper FROM pg_catalog.pg_roles r WHERE r.rolname = '${LEARNER_ROLE}')
  ) AS seal`;

/** Who the session is, how it encodes, and the seal on what the console must leave alone, as Postgres says. */
export async function sessionIdentity(db: Pick<PGliteInterface, 'query'>) {
  const { rows } = await db.query<{ role: string; session: string; encoding: string; seal: string }>(IDENTITY);
  return rows[0] ?? { role: '', session: '', encoding: '', seal: '' };
}
