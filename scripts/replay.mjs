// `npm run replay -- stale-certificate --against real`: plays a lesson scenario against real servers.
// The player is TypeScript shared with the conformance suite; Vite's module runner loads it.
import { fileURLToPath } from 'node:url';
import { runnerImport } from 'vite';

const root = fileURLToPath(new URL('..', import.meta.url));
const { module } = await runnerImport('/tools/conformance/replay-cli.ts', {
  root,
  configFile: false,
  resolve: { alias: { '@': fileURLToPath(new URL('../src', import.meta.url)) } },
  logLevel: 'error',
});
process.exitCode = await module.main(process.argv.slice(2));
