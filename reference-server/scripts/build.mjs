// Bundles the server into dist/cli.mjs with esbuild so it starts without compiling TypeScript, and the entries of
// its worker threads beside it, where start-worker.ts starts them from: dist/job-thread.mjs (job-thread.ts)
// and dist/knowledge-thread.mjs (areas/knowledge-base/knowledge-worker.ts).
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
await build({
  entryPoints: {
    cli: `${root}src/cli.ts`,
    'job-thread': `${root}src/job-thread.ts`,
    'knowledge-thread': `${root}src/areas/knowledge-base/knowledge-worker.ts`,
  },
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
