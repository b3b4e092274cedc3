// Bundle budgets of the built widget (test what ships): the script-tag loader every game page
// pays for, and everything a player downloads to send a report, minus html2canvas (a fallback).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, expect, test } from 'vitest';
import { DIST_DIR, ensureWidgetBuilt, WIDGET_DIR } from './build-once.ts';
import { LOADER_BUDGET, measure, NOT_COUNTED, staticImports, WIDGET_TARGET, widgetTotal } from './sizes.ts';

let sizes: Record<string, number>;
let modules: Record<string, string[]>;
beforeAll(async () => {
  await ensureWidgetBuilt();
  sizes = measure();
  modules = JSON.parse(readFileSync(join(DIST_DIR, 'modules.json'), 'utf8'));
}, 120_000);

const counted = () => Object.keys(sizes).filter((f) => !NOT_COUNTED.test(f));

test(`keeps the script-tag loader within ${LOADER_BUDGET / 1024} KB gzip`, () => {
  expect(sizes['glitchbox.js']).toBeGreaterThan(1000);
  expect(sizes['glitchbox.js'], `loader is ${sizes['glitchbox.js']} B gzip`).toBeLessThanOrEqual(LOADER_BUDGET);
});

test('keeps Preact, zod, html2canvas and the reporter core out of the loader', () => {
  const loader = modules['glitchbox.js'];
  expect(loader.some((m) => m.includes('widget/src/runtime/runtime.ts'))).toBe(true);
  const forbidden = loader.filter((m) =>
    /node_modules\/(preact|zod|html2canvas|ky|idb|spark-md5)\/|widget\/src\/(ui|core)\//.test(m),
  );
  expect(forbidden).toEqual([]);
  // The lazy chunks really hold them.
  expect(modules['esm/ui.js'].some((m) => m.includes('node_modules/preact/'))).toBe(true);
  // html2canvas sits in its own chunk, which the DOM HUD painter (dom-capture) loads only as a fallback.
  const html2canvasChunk = Object.keys(modules).find((f) => /^esm\/chunks\/html2canvas-/.test(f));
  expect(html2canvasChunk && modules[html2canvasChunk].some((m) => m.includes('node_modules/html2canvas/'))).toBe(true);
  expect(modules['esm/dom-capture.js'].some((m) => m.includes('node_modules/html2canvas/'))).toBe(false);
  // The overlay's .tsx files use classic `h` (a file pragma): preact/jsx-runtime would add its own jsx() next to
  // createElement, which render() already ships (0.16 KB gzip).
  expect(
    Object.values(modules)
      .flat()
      .filter((m) => m.includes('preact/jsx-runtime')),
  ).toEqual([]);
});

test('ships each source folder in the chunks its name stands for', () => {
  // widget/scripts/build.mjs lists the map; a static import across it would drag a folder into the wrong download.
  const loader = /^(glitchbox|esm\/index)\.js$/;
  const chunksOf: Record<string, RegExp> = {
    runtime: loader,
    capture: loader,
    delivery: /^esm\/(reporter\.js|chunks\/background-sync-)/,
    media: /^esm\/(ui|dom-capture|replay|encode-worker)\.js$/,
    ui: /^esm\/(ui\.js|chunks\/(de|fr|ja|ar)-)/,
  };
  const misplaced = Object.entries(modules).flatMap(([file, ids]) =>
    ids.flatMap((id) => {
      const folder = /^widget\/src\/([\w-]+)\//.exec(id)?.[1];
      return folder && chunksOf[folder] && !chunksOf[folder].test(file) ? [`${id} in ${file}`] : [];
    }),
  );
  expect(misplaced).toEqual([]);
  for (const folder of Object.keys(chunksOf)) {
    expect(
      Object.values(modules)
        .flat()
        .some((id) => id.startsWith(`widget/src/${folder}/`)),
      folder,
    ).toBe(true);
  }
});

test('leaves out of the count only chunks that are imported on demand', () => {
  const files = counted();
  for (const f of ['glitchbox.js', 'esm/ui.js', 'esm/reporter.js', 'esm/encode-worker.js']) expect(files).toContain(f);
  expect(files.some((f) => /^esm\/assets\/md5-worker-.*\.js$/.test(f))).toBe(true);
  // A file the count skips must never be a static import of one it counts (it would be downloaded anyway).
  const pulledIn = files
    .filter((f) => f.startsWith('esm/'))
    .flatMap((f) => staticImports(f).map((dep) => `${f} -> ${dep}`));
  expect(pulledIn.filter((edge) => NOT_COUNTED.test(edge.split(' -> ')[1]))).toEqual([]);
});

test('ships spark-md5 only in the MD5 worker, workbox-window only on demand, and no module twice', () => {
  const files = counted().filter((f) => modules[f]);
  const shipped = files.flatMap((f) => modules[f].map((m) => [f, m] as const));
  expect(shipped.filter(([, m]) => /node_modules\/(spark-md5|workbox-window)\//.test(m))).toEqual([]);
  expect(
    Object.values(modules)
      .flat()
      .filter((m) => m.includes('vite/preload-helper')),
  ).toEqual([]);
  // The loader's code (e.g. the canvas grab) must not come again in a chunk it loads.
  const loader = new Set(modules['glitchbox.js']);
  const again = shipped.filter(([f, m]) => f !== 'glitchbox.js' && loader.has(m));
  expect(again).toEqual([]);
});

test('ships the production build whatever NODE_ENV the build ran under (no jsxDEV, no source paths)', () => {
  // Built from inside vitest, NODE_ENV is "test": the JSX transform must still emit plain jsx() calls.
  const leaks = Object.keys(sizes).filter(
    (f) =>
      /jsxDEV|lineNumber:/.test(readFileSync(join(DIST_DIR, f), 'utf8')) ||
      readFileSync(join(DIST_DIR, f), 'utf8').includes(WIDGET_DIR),
  );
  expect(leaks).toEqual([]);
});

test(`keeps the whole widget without html2canvas within ${WIDGET_TARGET / 1024} KB gzip`, () => {
  const total = widgetTotal(sizes);
  const breakdown = counted()
    .map((f) => `${f} ${sizes[f]}`)
    .join(', ');
  expect(total, `widget is ${total} B gzip (${breakdown})`).toBeLessThanOrEqual(WIDGET_TARGET);
});
