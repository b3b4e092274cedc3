// Starts one of the server's worker threads (the job thread, the knowledge-base thread): the bundled .mjs beside the
// built server, or the TypeScript source through tsx's loader when the server itself runs from source.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

/** The file of tsx's ESM API, read from the package's exports (resolving from here would pick its CommonJS build). */
function tsxEsmApi(packageJson: string): string {
  type Manifest = { exports: Record<string, { import: { default: string } }> };
  const manifest = JSON.parse(readFileSync(packageJson, 'utf8')) as Manifest;
  const exported = manifest.exports['./esm/api'];
  return join(dirname(packageJson), exported.import.default);
}

/**
 * `bundled`: the entry's name in dist (scripts/build.mjs puts every entry beside the server's bundle, so it resolves
 * from this module's URL there); `source`: the entry's TypeScript file.
 */
export function startWorker(entry: { bundled: string; source: URL }, workerData: unknown): Worker {
  const here = import.meta.url;
  if (!here.endsWith('.ts')) return new Worker(new URL(`./${entry.bundled}`, here), { workerData });
  // A worker does not inherit the loader hooks tsx registered in this thread: it registers them (tsx's ESM API, as
  // bin/glitchbox-server.mjs does) before loading the entry.
  const tsx = pathToFileURL(tsxEsmApi(createRequire(here).resolve('tsx/package.json'))).href;
  const boot =
    `import(${JSON.stringify(tsx)}).then((api) => { api.register(); ` +
    `return import(${JSON.stringify(entry.source.href)}); })`;
  return new Worker(boot, { eval: true, workerData });
}
