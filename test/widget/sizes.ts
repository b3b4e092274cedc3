// Gzip sizes of the built widget and the budgets they are held to (size test and bench).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';
import { DIST_DIR } from './build-once.ts';

export const LOADER_BUDGET = 8 * 1024;
/** Issue 6 asks for 35 KB; not met yet (about 46 KB: ky ~6.5 KB, spark-md5 shipped twice,
 * workbox-window). This ceiling catches growth until those are cut; lower it as they go. */
export const WIDGET_TARGET = 35 * 1024;
export const WIDGET_BUDGET = 48 * 1024;

const gz = (file: string) => gzipSync(readFileSync(file), { level: 9 }).length;

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? files(p) : p.endsWith('.js') ? [p] : [];
  });
}

/** gzip bytes per shipped file, keyed by its path in dist/. */
export function measure(dist = DIST_DIR): Record<string, number> {
  return Object.fromEntries(files(dist).map((f) => [relative(dist, f), gz(f)]));
}

/**
 * What a player downloads to send a report: the loader, the overlay, one locale (English is built
 * in), the reporter and the workers. Not counted: the npm entry (the loader's alternative),
 * dom-capture (html2canvas, a fallback), replay (opt-in), and the other locales' chunks.
 */
export function widgetTotal(sizes: Record<string, number>): number {
  const skip = /^esm\/(index|dom-capture|replay)\.js$|^esm\/chunks\/(de|fr|ja|ar)-/;
  return Object.entries(sizes).filter(([f]) => !skip.test(f)).reduce((n, [, b]) => n + b, 0);
}

