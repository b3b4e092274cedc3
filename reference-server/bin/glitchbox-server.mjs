#!/usr/bin/env node
// Starts the server. From npm (no src/ beside dist/) it runs the built dist/cli.mjs and nothing else; in the
// repository it runs the build when it is newer than every source file, else the TypeScript sources through tsx.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { join } from 'node:path';

const root = fileURLToPath(new URL('..', import.meta.url));
const dist = join(root, 'dist', 'cli.mjs');
const sources = [join(root, 'src'), join(root, '..', 'widget', 'src', 'protocol')];

function newestSource(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestSource(path) : statSync(path).mtimeMs);
  }
  return newest;
}

if (!existsSync(sources[0])) {
  if (!existsSync(dist)) {
    process.stderr.write(
      `glitchbox-server: ${dist} is missing; reinstall the package (npm install glitchbox-server)\n`,
    );
    process.exit(1);
  }
  await import(pathToFileURL(dist).href);
} else if (
  existsSync(dist) &&
  statSync(dist).mtimeMs >= Math.max(...sources.filter((dir) => existsSync(dir)).map(newestSource))
) {
  await import(pathToFileURL(dist).href);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import(pathToFileURL(join(root, 'src', 'cli.ts')).href);
}
