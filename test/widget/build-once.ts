// Builds widget/dist once per source change, shared by the size test, the browser tests and the
// bench: rebuilds when any widget source is newer than the loader; a lock dir serialises forks.
import { existsSync, mkdirSync, readdirSync, rmdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const WIDGET_DIR = resolve(import.meta.dirname, '../../widget');
export const DIST_DIR = join(WIDGET_DIR, 'dist');

function newest(dir: string): number {
  let t = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    t = Math.max(t, e.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return t;
}

function isFresh(): boolean {
  const loader = join(DIST_DIR, 'glitchbox.js');
  if (!existsSync(loader) || !existsSync(join(DIST_DIR, 'esm', 'ui.js'))) return false;
  const built = statSync(loader).mtimeMs;
  return newest(join(WIDGET_DIR, 'src')) < built && statSync(join(WIDGET_DIR, 'scripts', 'build.mjs')).mtimeMs < built;
}

export async function ensureWidgetBuilt(): Promise<string> {
  if (isFresh()) return DIST_DIR;
  const lock = join(WIDGET_DIR, '.build-lock');
  const started = Date.now();
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      if (Date.now() - started > 60_000) rmdirSync(lock); // a crashed build left it behind
      await new Promise((r) => setTimeout(r, 200));
      if (isFresh()) return DIST_DIR;
    }
  }
  try {
    if (!isFresh()) {
      const { buildWidget } = await import(join(WIDGET_DIR, 'scripts', 'build.mjs'));
      await buildWidget(DIST_DIR);
    }
  } finally {
    rmdirSync(lock);
  }
  return DIST_DIR;
}
