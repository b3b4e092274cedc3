// Bundles the server into dist/cli.mjs with esbuild so it starts without compiling TypeScript, and the job
// thread's entry into dist/job-thread.mjs beside it (jobs/thread-runner.ts starts it from there).
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
await build({
  entryPoints: { cli: `${root}src/cli.ts`, 'job-thread': `${root}src/jobs/job-thread.ts` },
  outdir: `${root}dist`,
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  external: ['better-sqlite3'],
  banner: {
    js:
      "import { createRequire as __createRequire } from 'node:module'; const require = " +
      '__createRequire(import.meta.url);',
  },
  logLevel: 'warning',
});
