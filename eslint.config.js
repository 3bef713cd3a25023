import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'test-results', 'playwright-report', '.look'] },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    files: ['scripts/**/*.mjs', 'e2e/**/*.mjs', 'src/conformance/**/*.mjs', '*.js'],
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
    // Only src/ holds React; Playwright fixtures also call a function named `use`.
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  { files: ['src/**/*.tsx'], ...jsxA11y.flatConfigs.strict },
  {
    // The simulation is pure: no UI, no store, no wall clock, no unseeded randomness.
    files: ['src/sim/**/*.ts'],
    ignores: ['src/sim/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            'react',
            'react-*',
            'zustand',
            'zustand/*',
            'd3-*',
            '@/store/*',
            '@/walkthrough/*',
            '@/app/*',
            'virtual:*',
          ],
        },
      ],
      'no-restricted-properties': [
        'error',
        { object: 'Date', property: 'now', message: 'Use the virtual clock.' },
        { object: 'Math', property: 'random', message: 'Use the seeded source in random.ts.' },
        { object: 'performance', property: 'now', message: 'Use the virtual clock.' },
      ],
      'no-restricted-globals': ['error', 'window', 'document', 'setTimeout', 'setInterval'],
    },
  },
  {
    // Features read the store; they never reach into the app shell.
    files: ['src/walkthrough/**/*.{ts,tsx}', 'src/store/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['@/app/*'] }] },
  },
);
