/**
 * Names shared by the service worker's build settings (vite.config.ts) and the page. Loaded by Node too: no imports.
 */

/** Pages, network first: the newest build when online, the last one seen when offline. */
export const PAGES_CACHE = 'lockstep-pages';

/** Hashed files of a build newer than the running worker's precache: kept as they are fetched. */
export const ASSETS_CACHE = 'lockstep-assets';

/** The in-page Postgres (about 9 MB of WebAssembly and data), kept once a learner first runs it. */
export const POSTGRES_CACHE = 'lockstep-postgres';

/** The built files that belong to the in-page Postgres: cached on first use, never precached. */
export const POSTGRES_FILES =
  /\/assets\/(pglite|initdb|postgres\.worker|memfs2opfs|nodefs|opfs-ahp)-[\w-]+\.(wasm|data|js)$/;

/** How long the first visit waits, when the reader does nothing, before it makes the site work offline. */
export const IDLE_BEFORE_OFFLINE_MS = 8000;
