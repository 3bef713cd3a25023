import { defineConfig, mergeConfig } from 'vite';
import { configDefaults } from 'vitest/config';
import base from './vite.config.ts';

/**
 * The unit tests as Stryker runs them (`npm run mutate`): without the 10 000-configuration fuzz test, the
 * real-server suite and the type-level tests (tsc on every mutant), which would make every mutant take minutes.
 */
export default defineConfig((env) =>
  mergeConfig(base(env), {
    test: {
      exclude: [...configDefaults.exclude, 'src/**/*.real.test.ts', 'src/testing/architecture.test.ts'],
      env: { LOCKSTEP_SKIP_FUZZ: '1' },
      typecheck: { enabled: false },
    },
  }),
);
