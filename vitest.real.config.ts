import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/** The conformance suite: the simulation's models against real redis-server, etcd, ZooKeeper and PostgreSQL. */
export default defineConfig({
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  test: {
    environment: 'node',
    include: ['tools/conformance/**/*.real.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
