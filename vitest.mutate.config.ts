import { defineConfig, mergeConfig } from 'vite';
import { configDefaults } from 'vitest/config';
import base from './vite.config.ts';

/** `npm run mutate -- --own-tests sim` names the folder whose own tests alone are run. */
const ownTests = process.env.LOCKSTEP_MUTATE_OWN_TESTS;

/**
 * The unit tests as Stryker runs them (`npm run mutate`): without the 10 000-configuration fuzz test, the
 * real-server suite and the type-level tests (tsc on every mutant), which would make every mutant take minutes.
 */
export default defineConfig((env) => {
  const config = mergeConfig(base(env), {
    test: {
      exclude: [...configDefaults.exclude, 'src/**/*.real.test.ts', 'src/testing/architecture.test.ts'],
      env: { LOCKSTEP_SKIP_FUZZ: '1' },
      typecheck: { enabled: false },
    },
  });
  // One project, jsdom for every file (the base's two would each bring their own list of files).
  config.test.projects = undefined;
  config.test.environment = 'jsdom';
  config.test.setupFiles = ['./src/testing/setup.ts'];
  config.test.include ??= ['src/**/*.test.{ts,tsx}'];
  // Set after the merge, which would add to the base's list instead of replacing it.
  if (ownTests) config.test.include = [`src/${ownTests}/**/*.test.{ts,tsx}`];
  return config;
});
