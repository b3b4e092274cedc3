// The built widget creates its workers in the one form bundlers turn into worker files of the game's own build,
// `new Worker(new URL('./x.js', import.meta.url), ...)`, and never names a worker file any other way (a bare
// `new URL('x.js', import.meta.url)` is an asset to a bundler, which Vite inlines as a data: URL when small).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, expect, test } from 'vitest';
import { ensureWidgetBuilt } from './build-once.ts';

let esm: string;
beforeAll(async () => {
  esm = join(await ensureWidgetBuilt(), 'esm');
}, 120_000);

const read = (file: string) => readFileSync(join(esm, file), 'utf8');
/** `new URL(<string literal>, import.meta.url)` as a minifier writes it, with what comes before it. */
const urlsOfThisModule = (code: string) =>
  [...code.matchAll(/(new Worker\()?new URL\((`[^`$]*`|"[^"]*"|'[^']*'),import\.meta\.url\)/g)].map((m) => m[0]);

test('the overlay chunk starts the encode worker by the bundler pattern, relative to itself', () => {
  const ui = read('ui.js');
  expect(urlsOfThisModule(ui)).toEqual(['new Worker(new URL(`./encode-worker.js`,import.meta.url)']);
  expect(read('encode-worker.js')).toContain('convertToBlob');
});

test('the reporter chunk starts the MD5 worker the same way', () => {
  const [md5] = urlsOfThisModule(read('reporter.js'));
  expect(md5).toMatch(/^new Worker\(new URL\(`\.\/assets\/md5-worker-[\w-]+\.js`,import\.meta\.url\)$/);
  expect(urlsOfThisModule(read('reporter.js'))).toHaveLength(1);
  expect(read(/`\.\/(.+)`/.exec(md5)![1])).toContain('postMessage');
});

test('the npm entry and the loader name no worker file (the old bare URL became a data: worker under Vite)', () => {
  expect(urlsOfThisModule(read('index.js'))).toEqual([]);
  expect(readFileSync(join(esm, '..', 'glitchbox.js'), 'utf8')).not.toContain('encode-worker');
});
