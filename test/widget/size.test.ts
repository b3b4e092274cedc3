// Bundle budgets of the built widget (test what ships): the script-tag loader every game page
// pays for, and everything a player downloads to send a report, minus html2canvas (a fallback).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, expect, test } from 'vitest';
import { DIST_DIR, ensureWidgetBuilt } from './build-once.ts';
import { LOADER_BUDGET, measure, WIDGET_BUDGET, widgetTotal } from './sizes.ts';

let sizes: Record<string, number>;
let modules: Record<string, string[]>;
beforeAll(async () => {
  await ensureWidgetBuilt();
  sizes = measure();
  modules = JSON.parse(readFileSync(join(DIST_DIR, 'modules.json'), 'utf8'));
}, 120_000);

test('keeps the script-tag loader within 8 KB gzip', () => {
  expect(sizes['glitchbox.js']).toBeGreaterThan(1000);
  expect(sizes['glitchbox.js'], `loader is ${sizes['glitchbox.js']} B gzip`).toBeLessThanOrEqual(LOADER_BUDGET);
});

test('keeps Preact, zod, html2canvas and the reporter core out of the loader', () => {
  const loader = modules['glitchbox.js'];
  expect(loader.some((m) => m.includes('widget/src/platform/runtime.ts'))).toBe(true);
  const forbidden = loader.filter((m) => /node_modules\/(preact|zod|html2canvas|ky|idb|spark-md5)\/|widget\/src\/(ui|core)\//.test(m));
  expect(forbidden).toEqual([]);
  // The lazy chunks really hold them.
  expect(modules['esm/ui.js'].some((m) => m.includes('node_modules/preact/'))).toBe(true);
  expect(modules['esm/dom-capture.js'].some((m) => m.includes('node_modules/html2canvas/'))).toBe(true);
});

test('keeps the whole widget without html2canvas under its current 48 KB ceiling (target 35 KB, not met yet)', () => {
  const total = widgetTotal(sizes);
  const breakdown = Object.entries(sizes).map(([f, b]) => `${f} ${b}`).join(', ');
  expect(total, `widget is ${total} B gzip (${breakdown})`).toBeLessThanOrEqual(WIDGET_BUDGET);
});
