import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { configDefaults } from 'vitest/config';
import { VitePWA } from 'vite-plugin-pwa';
import { contentPlugin } from './src/content/build/content-plugin.ts';
import { ASSETS_CACHE, PAGES_CACHE, POSTGRES_CACHE, POSTGRES_FILES } from './src/offline/caches.ts';
import { pagesPlugin } from './src/offline/pages-plugin.ts';

/**
 * The built site's Content-Security-Policy: everything from its own origin; WebAssembly compiled (PGlite needs
 * 'wasm-unsafe-eval'); images also from data: (the favicon) and blob: (PNG export); no inline script anywhere.
 * Each built page carries it as a <meta>; `vite preview` (and so every end-to-end test) also sends it as a header.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self' 'wasm-unsafe-eval'",
  "img-src 'self' data: blob:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
].join('; ');

/** Adds the policy to the built pages only: the dev server injects inline scripts of its own. */
function contentSecurityPolicy(): Plugin {
  return {
    name: 'lockstep-content-security-policy',
    apply: 'build',
    transformIndexHtml: () => [
      {
        tag: 'meta',
        attrs: { 'http-equiv': 'Content-Security-Policy', content: CONTENT_SECURITY_POLICY },
        injectTo: 'head-prepend',
      },
    ],
  };
}

/**
 * public/route-mark.js, the small script each page runs in its head, under a name that changes with its content
 * (assets/route-mark-<hash>.js): a page of a newer build, opened while an older service worker still runs the site,
 * gets its own build's copy, kept as the build's other hashed files are. The dev server serves the file as it is.
 */
function versionedRouteMark(): Plugin {
  const source = readFileSync(fileURLToPath(new URL('./public/route-mark.js', import.meta.url)), 'utf8');
  const fileName = `assets/route-mark-${createHash('sha256').update(source).digest('base64url').slice(0, 8)}.js`;
  return {
    name: 'lockstep-versioned-route-mark',
    apply: 'build',
    transformIndexHtml: (html) => {
      if (!html.includes('src="./route-mark.js"')) throw new Error('a page no longer loads ./route-mark.js');
      return html.replace('src="./route-mark.js"', `src="./${fileName}"`);
    },
    generateBundle() {
      this.emitFile({ type: 'asset', fileName, source });
    },
  };
}

/**
 * The service worker that makes the site work offline (src/offline/ registers it). Hashed files are precached and
 * served cache-first: a new build has new names. Pages go network-first, so a new build shows as soon as it is
 * online; embed.html is left to the network, since an embed runs inside someone else's page. The in-page Postgres
 * (about 9 MB) is cached on first use only.
 */
function offlineWorker(mode: string) {
  return VitePWA({
    // A SCORM package runs inside an LMS: no service worker there (the register module becomes a no-op).
    disable: mode === 'scorm',
    // Registered by src/offline/offline.ts, after the first view; the page asks before a new build takes over.
    injectRegister: false,
    registerType: 'prompt',
    manifest: false,
    workbox: {
      globPatterns: ['assets/*.{js,css}', 'embed-host.js'],
      globIgnores: [
        '**/pglite-*',
        '**/initdb-*',
        '**/postgres.worker-*',
        '**/memfs2opfs-*',
        '**/nodefs-*',
        '**/opfs-ahp-*',
      ],
      navigateFallback: null,
      cleanupOutdatedCaches: true,
      // The first worker takes charge of the page that registered it, so real Postgres run on a first visit is kept.
      clientsClaim: true,
      runtimeCaching: [
        {
          urlPattern: ({ request, url }) => request.mode === 'navigate' && !url.pathname.endsWith('/embed.html'),
          handler: 'NetworkFirst',
          // One copy per page, under its path: offline, any address of it opens the newest copy, or, for a path never
          // visited, the newest page kept (src/offline/pages-plugin.ts). Capped, in case a host answers any path.
          options: { cacheName: PAGES_CACHE, expiration: { maxEntries: 8 }, plugins: [pagesPlugin] },
        },
        { urlPattern: POSTGRES_FILES, handler: 'CacheFirst', options: { cacheName: POSTGRES_CACHE } },
        // A newer build's files, fetched while an older worker still runs the page (its reader chose "Later"):
        // kept too, so that build's page, now in the pages cache, still opens offline.
        {
          urlPattern: /\/assets\/[^/]+\.(js|css)$/,
          handler: 'CacheFirst',
          options: { cacheName: ASSETS_CACHE, expiration: { maxEntries: 200 } },
        },
      ],
    },
  });
}

/**
 * A CSS Module's class in a build: five characters from a hash of its file and name, the same in the page's build
 * and the prerender's (so hydration matches). The prerendered page repeats these names over a thousand times; the
 * default names (`_local_hash_line`) cost it about 2 kB gzip. Two classes that would share a name fail the build.
 */
const shortNames = new Map<string, string>();
function shortScopedName(local: string, file: string): string {
  const key = `${relative(import.meta.dirname, file.split('?')[0] ?? file)}:${local}`;
  const name = `_${createHash('sha256').update(key).digest('base64url').replace(/[-_]/g, '').slice(0, 5)}`;
  const taken = shortNames.get(name);
  if (taken !== undefined && taken !== key) throw new Error(`CSS Modules: ${key} and ${taken} would both be .${name}`);
  shortNames.set(name, key);
  return name;
}

/** Unit tests that need a DOM (jsdom): the components', and the few plain modules that read the page or storage. */
const DOM_TESTS = [
  'src/**/*.test.tsx',
  'src/components/*.test.ts',
  'src/app/*.test.ts',
  'src/progress/*.test.ts',
  'src/lms/*.test.ts',
  'src/embed/*.test.ts',
  'src/lesson/*.test.ts',
  'src/walkthrough/*.test.ts',
  'src/offline/register.test.ts',
  'src/presenter/presenter-channel.test.ts',
  'src/real-postgres/postgres-engine.test.ts',
];

export default defineConfig(({ command, mode, isSsrBuild }) => ({
  // Relative asset paths, so the build works from any sub-path of a plain static host.
  base: './',
  // The prerender build (`src/prerender.tsx`, run by Node at build time) has no pages and no service worker.
  plugins: isSsrBuild
    ? [react(), contentPlugin()]
    : [react(), contentPlugin(), contentSecurityPolicy(), versionedRouteMark(), offlineWorker(mode)],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  // Readable names while developing (and in unit tests, which set their own).
  ...(command === 'build' ? { css: { modules: { generateScopedName: shortScopedName } } } : {}),
  // PGlite ships its own WebAssembly and data files; pre-bundling would lose them (PGlite docs).
  optimizeDeps: { exclude: ['@electric-sql/pglite'] },
  // The Postgres worker loads PGlite, which splits into chunks: only module workers can.
  worker: { format: 'es' },
  build: {
    // Every browser the site supports preloads modules itself; one that does not still loads them, unpreloaded.
    // (Without preload links the page's code came a round trip later, and a presenter's first clicker key, pressed
    // before it had run, was lost: e2e/presenter.spec.ts.)
    modulePreload: { polyfill: false },
    // One stylesheet for every page and part (about 8 kB gzip in all): the first view paints after one request, not
    // nine, and a part that loads later brings no stylesheet of its own to wait for.
    cssCodeSplit: false,
    rolldownOptions: {
      // PGlite's known-harmless warnings: a direct eval in its Emscripten glue, and node:module it never uses here.
      onwarn(warning, warn) {
        const fromPglite = (warning.id ?? warning.message).includes('@electric-sql/pglite');
        if (fromPglite && (warning.code === 'EVAL' || warning.message.includes('node:module'))) return;
        warn(warning);
      },
      ...(isSsrBuild
        ? {}
        : {
            input: {
              main: fileURLToPath(new URL('./index.html', import.meta.url)),
              embed: fileURLToPath(new URL('./embed.html', import.meta.url)),
            },
          }),
    },
  },
  preview: {
    host: '127.0.0.1',
    port: 4173,
    strictPort: true,
    headers: { 'Content-Security-Policy': CONTENT_SECURITY_POLICY },
  },
  test: {
    env: { TZ: 'UTC' },
    // No test may depend on the machine's speed: a loaded two-core machine runs some of these ten times slower.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Vitest's default leaves a core for the rest of the machine, so a two-core machine ran one file at a time. Most
    // of a file's time is setting up and importing, not computing: two at a time took the suite from about 440 s to
    // 300 s there.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // A DOM costs each test file about a second to set up: only the tests that use one get it. Each project names
    // its own files (a project's lists are added to the root's, so the root has none).
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          include: ['src/**/*.test.ts', 'scripts/**/*.test.ts'],
          // Those need real servers; `npm run test:real` runs them (vitest.real.config.ts).
          exclude: [...configDefaults.exclude, 'src/**/*.real.test.ts', ...DOM_TESTS],
          // Type-level tests (expectTypeOf) in *.test-d.ts are checked by tsc inside the run, so a drift fails there too.
          typecheck: { enabled: true, include: ['src/**/*.test-d.ts'], tsconfig: './tsconfig.json' },
        },
      },
      {
        extends: true,
        test: { name: 'dom', environment: 'jsdom', include: DOM_TESTS, setupFiles: ['./src/testing/setup.ts'] },
      },
    ],
  },
}));
