#!/usr/bin/env node
// Runs the built server (dist/cli.mjs) when it is newer than every source file, else the
// TypeScript sources through tsx, so a checkout works before and after `npm run build`.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';

const root = fileURLToPath(new URL('..', import.meta.url));
const dist = join(root, 'dist', 'cli.mjs');

function newestSource(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestSource(path) : statSync(path).mtimeMs);
  }
  return newest;
}

const fresh =
  existsSync(dist) &&
  statSync(dist).mtimeMs >=
    Math.max(newestSource(join(root, 'src')), newestSource(join(root, '..', 'widget', 'src', 'protocol')));
if (fresh) {
  await import(dist);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import(join(root, 'src', 'cli.ts'));
}
