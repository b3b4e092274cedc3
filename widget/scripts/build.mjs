// Builds the widget into widget/dist: the ES modules (npm entry + the lazy chunks the loader
// imports by URL: ui, reporter, dom-capture, replay, encode-worker) and the IIFE script-tag
// loader glitchbox.js, built on its own because an IIFE cannot code-split.
// Source folders by chunk: runtime/ and capture/ -> glitchbox.js (esm/index.js for npm); delivery/ ->
// reporter.js, its md5-worker asset and the background-sync chunk; ui/ -> ui.js; media/ -> dom-capture.js,
// replay.js, encode-worker.js and the encode side of ui.js; core/ and protocol/ -> reporter.js.
// `npm run build` (and `prepack`) adds what the npm package needs: dist/lib (core, protocol, node and the CLI for
// plain Node, by esbuild) and dist/types (declarations, by tsc with tsconfig.build.json).
// Usage: node widget/scripts/build.mjs [outDir] [--package]
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, rmdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

// spark-md5 ships only as UMD: bundled as CommonJS it drags rolldown's CJS-to-ESM interop helpers
// into the MD5 worker (0.37 KB gzip of 3.1). Its factory is plain code, so hand it over as an ES module;
// if the wrapper ever changes, the file is left alone and the interop comes back (the size test notices).
const UMD_HEAD = /^\(function \(factory\) \{[\s\S]*?\}\(function \(undefined\) \{/;
const sparkMd5AsEsm = {
  name: 'glitchbox:spark-md5-esm',
  transform(code, id) {
    if (!/[\\/]spark-md5[\\/]spark-md5\.js$/.test(id) || !UMD_HEAD.test(code) || !/\}\)\);\s*$/.test(code)) return null;
    return {
      code: code.replace(UMD_HEAD, 'export default (function (undefined) {').replace(/\}\)\);\s*$/, '})();\n'),
      map: null,
    };
  },
};

// Vite writes a bundled worker's URL as `new URL(new URL(<its file>, import.meta.url).href, '' + import.meta.url)`.
// A game's bundler reads only `new Worker(new URL(<'./' + file>, import.meta.url))` as a worker: the nested form is an
// asset to it, which Vite inlines as a data: URL when small (refused by `worker-src 'self' blob:`). So the final
// chunks get the plain form back (test/widget/worker-files.test.ts checks the built text).
const NESTED_WORKER_URL = /new Worker\(new URL\(new URL\(`([^`$]+)`,import\.meta\.url\)\.href,``\+import\.meta\.url\)/g;
const plainWorkerUrls = {
  name: 'glitchbox:plain-worker-urls',
  generateBundle(_options, bundle) {
    for (const out of Object.values(bundle))
      if (out.type === 'chunk')
        out.code = out.code.replace(NESTED_WORKER_URL, 'new Worker(new URL(`./$1`,import.meta.url)');
  },
};

// The script-tag loader is what every game page pays for (10 KB gzip budget, test/widget/sizes.ts): after Vite's own
// minifier, terser's compressor (two passes) folds what is left, about 100 B gzip. The lazy chunks skip it.
const terserPass = {
  name: 'glitchbox:terser-pass',
  async generateBundle(_options, bundle) {
    const { minify } = await import('terser');
    for (const out of Object.values(bundle))
      if (out.type === 'chunk') out.code = (await minify(out.code, { ecma: 2020, compress: { passes: 2 } })).code;
  },
};

const widget = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const src = (p) => resolve(widget, 'src', p);

export async function buildWidget(outDir = resolve(widget, 'dist')) {
  // Only what this function builds: dist/lib and dist/types (buildPackage) stay when the tests rebuild the chunks.
  for (const built of ['esm', 'glitchbox.js', 'modules.json'])
    rmSync(resolve(outDir, built), { recursive: true, force: true });
  const entries = {
    index: src('index.ts'),
    ui: src('ui/mount.tsx'),
    reporter: src('delivery/reporter-chunk.ts'),
    'dom-capture': src('media/dom-capture.ts'),
    replay: src('media/replay.ts'),
    'encode-worker': src('media/encode-worker.ts'),
  };
  for (const [name, file] of Object.entries(entries))
    if (!existsSync(file)) {
      console.warn(`glitchbox build: ${file} missing, chunk ${name} skipped`);
      delete entries[name];
    }
  const common = {
    configFile: false,
    logLevel: 'warn',
    root: widget,
    base: './',
    define: { 'process.env.NODE_ENV': '"production"' },
    plugins: [sparkMd5AsEsm, plainWorkerUrls],
    // development: false, or oxc follows NODE_ENV: under vitest (NODE_ENV=test) it emitted jsxDEV calls
    // with each element's absolute source path and line, 0.7 KB gzip more in ui.js than a plain build.
    // The widget's own .tsx files switch to classic `h` with a file pragma (no preact/jsx-runtime, 0.16 KB
    // gzip less; the size test checks it); this setting is for any file without one.
    oxc: { jsx: { runtime: 'automatic', importSource: 'preact', development: false } },
  };
  // Library mode, so Vite does not wrap each dynamic import in its preload helper (1.6 KB gzip of
  // modulepreload and vite:preloadError code; nothing to preload here). Library ES output keeps
  // whitespace and /* @__PURE__ */ marks for the next bundler: these chunks are final, so minify fully.
  // (Library mode would inline an imported asset as a data: URL; the workers are `new URL` files.)
  const esm = await build({
    ...common,
    worker: { format: 'es', plugins: () => [sparkMd5AsEsm], rolldownOptions: { output: { comments: false } } },
    build: {
      outDir: resolve(outDir, 'esm'),
      emptyOutDir: true,
      minify: true,
      target: 'es2022',
      modulePreload: false,
      sourcemap: false,
      copyPublicDir: false,
      reportCompressedSize: false,
      lib: { entry: entries, formats: ['es'] },
      rolldownOptions: {
        preserveEntrySignatures: 'exports-only',
        output: {
          format: 'es',
          minify: true,
          comments: false,
          entryFileNames: '[name].js',
          chunkFileNames: 'chunks/[name]-[hash].js',
          assetFileNames: 'assets/[name]-[hash][extname]',
        },
      },
    },
  });
  const iife = await build({
    ...common,
    plugins: [...common.plugins, terserPass],
    build: {
      outDir,
      emptyOutDir: false,
      minify: true,
      target: 'es2020',
      sourcemap: false,
      copyPublicDir: false,
      reportCompressedSize: false,
      lib: { entry: src('loader.ts'), formats: ['iife'], name: 'GlitchboxLoader', fileName: () => 'glitchbox.js' },
    },
  });
  // Which source modules ended up in which file: the size test checks that Preact and zod stay out of the loader.
  const modules = {};
  const root = resolve(widget, '..');
  for (const [dir, result] of [
    ['esm/', esm],
    ['', iife],
  ]) {
    for (const out of [result].flat().flatMap((r) => r.output)) {
      if (out.type === 'chunk')
        modules[dir + out.fileName] = out.moduleIds.map((id) => relative(root, id.replace(/^\0/, '')));
    }
  }
  writeFileSync(resolve(outDir, 'modules.json'), JSON.stringify(modules, null, 1));
  return outDir;
}

/**
 * The npm package's parts for plain Node and for type checkers: `glitchbox/core`, `/protocol`, `/node` and the CLI as
 * ES modules sharing their chunks (so one class is one class across entries), dependencies left as imports; then the
 * declarations of every entry.
 */
export async function buildPackage(outDir = resolve(widget, 'dist')) {
  const { build: esbuild } = await import('esbuild');
  rmSync(resolve(outDir, 'lib'), { recursive: true, force: true });
  await esbuild({
    entryPoints: {
      core: src('core/index.ts'),
      // `glitchbox/core` under Node's `node` export condition: its createReporter hashes with node:crypto.
      'core-node': src('node/core-entry.ts'),
      protocol: src('protocol/index.ts'),
      node: src('node/index.ts'),
      cli: src('node/cli.ts'),
    },
    outdir: resolve(outDir, 'lib'),
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    chunkNames: 'chunks/[name]-[hash]',
    logLevel: 'warning',
  });
  rmSync(resolve(outDir, 'types'), { recursive: true, force: true });
  const tsc = resolve(dirname(fileURLToPath(import.meta.resolve('typescript'))), '..', 'bin', 'tsc');
  const types = resolve(outDir, 'types');
  try {
    execFileSync(process.execPath, [tsc, '-p', resolve(widget, 'tsconfig.build.json'), '--outDir', types], {
      stdio: 'inherit',
    });
  } catch {
    // tsc still writes every declaration; `npm run typecheck` is the gate for type errors in our sources, and the
    // packed-package test type-checks what a consumer sees. A missing entry is an error here.
    console.warn('glitchbox build: tsc reported type errors (above); declarations written anyway');
  }
  for (const entry of ['index', 'core/index', 'protocol/index', 'node/index'])
    if (!existsSync(resolve(types, `${entry}.d.ts`))) throw new Error(`glitchbox build: ${entry}.d.ts was not emitted`);
}

/** Holds the lock dir the tests' build-once helper takes, so two builds never write dist/esm at once. */
async function withBuildLock(work) {
  const lock = resolve(widget, '.build-lock');
  for (const started = Date.now(); ; ) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      if (Date.now() - started > 120_000) throw new Error(`glitchbox build: ${lock} held for 2 minutes; remove it`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  try {
    return await work();
  } finally {
    rmdirSync(lock);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const dir = args.find((a) => !a.startsWith('--'));
  const out = await withBuildLock(() => buildWidget(dir ? resolve(dir) : undefined));
  if (args.includes('--package')) await buildPackage(out);
  console.log(`glitchbox built into ${out}`);
}
