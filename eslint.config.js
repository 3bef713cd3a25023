import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { allowedImports, folderPath } from './architecture.js';

/**
 * The lock services by their folders' names (src/sim/services/<kind>/), so a new one is covered as it is added. The
 * lesson's own service is left out: `lesson` also names the lesson page.
 */
const SERVICE_NAMES = readdirSync(new URL('./src/sim/services', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && entry.name !== 'lesson')
  .map((entry) => entry.name)
  .join('|');

/** Why some folders import with relative paths (ARCHITECTURE.md). */
const NODE_LOADED =
  'Node loads this through vite.config.ts before the @ alias exists: import with a relative .ts path.';

const LAYERS = Object.entries(allowedImports()).map(([folder, allowed]) => ({
  target: `./${folderPath(folder)}`,
  from: './src',
  except: [`./${folder}`, ...allowed.map((path) => `./${path}`)],
  message: `${folderPath(folder)} may import only from ${['itself', ...allowed].join(', ')}.`,
}));
// The browser's tree never reaches the Node-only tools.
LAYERS.push({ target: './src', from: './tools', message: 'Nothing in src/ imports the Node-only tools in tools/.' });

export default tseslint.config(
  {
    ignores: [
      'dist',
      'dist-scorm',
      'dist-ssr',
      'packages',
      'node_modules',
      'test-results',
      'playwright-report',
      '.look',
      'reports',
      '.stryker-tmp',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    files: ['scripts/**/*.mjs', 'e2e/**/*.mjs', 'tools/**/*.mjs', '*.js'],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['public/**/*.js', 'e2e/fixtures/**/*.js'],
    languageOptions: { globals: globals.browser, sourceType: 'script' },
  },
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    // In the product a value assumed to be there is checked where it is read (src/sim/known.ts), so a broken
    // assumption fails at its cause. Tests may still assert with `!`: a wrong one fails the test where it stands.
    files: ['src/**/*.{ts,tsx}', 'tools/**/*.ts'],
    ignores: ['src/**/*.{test,bench}.{ts,tsx}', 'src/**/*.test-d.ts', 'src/testing/**', 'tools/**/*.test.ts'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'error' },
  },
  {
    // Only src/ holds React; Playwright fixtures also call a function named `use`.
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  { files: ['src/**/*.tsx'], ...jsxA11y.flatConfigs.strict },
  {
    files: ['src/**/*.tsx'],
    // A box that scrolls within the screen is a named region a keyboard must be able to reach (axe's
    // scrollable-region-focusable), so a region may take tabIndex={0}.
    rules: { 'jsx-a11y/no-noninteractive-tabindex': ['error', { roles: ['tabpanel', 'region'] }] },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'tools/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver-next': [createTypeScriptImportResolver()],
    },
    // No import cycles anywhere in src/ or tools/: each folder sits on the ones below it.
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    // The map in architecture.js (drawn in ARCHITECTURE.md): shared layers bottom up, features that never import
    // each other, entry points that combine them. Tests may also use the helpers in src/testing.
    files: ['src/**/*.{ts,tsx}', 'tools/**/*.ts'],
    ignores: ['src/**/*.test.{ts,tsx}', 'src/**/*.test-d.ts', 'src/testing/**'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: LAYERS }] },
  },
  {
    // src/content/build is the build's code (it runs in Node, in the content plugin): the product reads the content's
    // types through src/content/types.ts. Before the blocks below, which forbid every `@/` import in their folders.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/content/**', 'src/testing/**', 'src/**/*.{test,bench}.{ts,tsx}', 'src/**/*.test-d.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@/content/build', '@/content/build/*'],
              message: 'Read the content types from @/content/types.',
            },
          ],
        },
      ],
    },
  },
  {
    // The simulation is pure: no UI, no store, no wall clock, no unseeded randomness.
    files: ['src/sim/**/*.ts'],
    ignores: ['src/sim/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['react', 'react-*', 'zustand', 'zustand/*', 'd3-*', 'virtual:*'],
              message: 'The simulation is pure: no UI, store or content here.',
            },
            { group: ['@/*'], message: NODE_LOADED },
          ],
        },
      ],
      'no-restricted-properties': [
        'error',
        { object: 'Date', property: 'now', message: 'Use the virtual clock.' },
        { object: 'Math', property: 'random', message: 'Use the seeded source in random.ts.' },
        { object: 'performance', property: 'now', message: 'Use the virtual clock.' },
      ],
      'no-restricted-globals': ['error', 'window', 'document', 'setTimeout', 'setInterval', 'process'],
    },
  },
  {
    // One door for a lock service: outside the simulation, code reads a service through its descriptor
    // (src/sim/services/lock-services.ts) or its view's shape, and never names one, so a new service needs no view.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/sim/**', 'src/testing/**', 'src/**/*.{test,bench}.{ts,tsx}', 'src/**/*.test-d.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...[`Literal[value=/^(${SERVICE_NAMES})$/]`, `TemplateElement[value.raw=/^(${SERVICE_NAMES})$/]`].map(
          (selector) => ({
            selector,
            message: "Name no lock service here: read its descriptor, or its view's shape (ServiceView).",
          }),
        ),
      ],
    },
  },
  {
    // The page's side of real Postgres: PGlite's code (about 140 kB gzip) runs in the worker only. A value import
    // of PGlite, or of the worker's modules that use it, would put it on the page's thread, fetched at load.
    files: ['src/real-postgres/**/*.{ts,tsx}'],
    ignores: [
      'src/real-postgres/**/*.{test,bench}.{ts,tsx}',
      'src/real-postgres/postgres.worker.ts',
      'src/real-postgres/engine-server.ts',
      'src/real-postgres/console-engine.ts',
      'src/real-postgres/fence-judge.ts',
      'src/real-postgres/run-steps.ts',
      'src/real-postgres/session.ts',
    ],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@electric-sql/pglite', '@electric-sql/pglite/*', './console-engine', './fence-judge'],
              allowTypeImports: true,
              message:
                "PGlite's code runs in the worker only: import its types, or what you need from a module without it.",
            },
          ],
        },
      ],
    },
  },
  {
    // Loaded by Node through vite.config.ts (the content plugin), before Vite's `@` alias exists.
    files: ['src/content/**/*.ts', 'src/settings/**/*.ts'],
    ignores: ['src/**/*.test.ts', 'src/**/*.test-d.ts', 'src/**/*.d.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [{ group: ['@/*'], message: NODE_LOADED }] }] },
  },
);
