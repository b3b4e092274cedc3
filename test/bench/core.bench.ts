// Reporter-core benchmarks: MD5 throughput of each path the reporter hashes an upload on, beside Node's native
// crypto MD5 on the same bytes (Node's hasher; spark-md5 in a worker_thread; the built MD5 Web Worker in Debian's
// Chromium on WebAssembly and on its spark-md5 fallback), and the time to drain 100 queued reports with one
// screenshot each against the local server.
import { createHash, randomFillSync } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { launchBrowser, startDemoServer } from '../e2e/harness.ts';
import { DIST_DIR, ensureWidgetBuilt } from '../widget/build-once.ts';
import { blobSourceFromBytes, createMemoryOutbox, createReporter } from '../../widget/src/core/index.ts';
import { createNodeHasher } from '../../widget/src/node/node-hasher.ts';
import { startTestServer } from '../helpers/server.ts';
import { PROJECT_ID, TOKENS } from '../helpers/seed.ts';
import { pngBytes, roomySeed, seeded } from '../core/helpers.ts';

const SLICE = 2 * 1024 * 1024;
const TOTAL = 128 * 1024 * 1024;

/** spark-md5 in a worker_thread (the MD5 worker's fallback engine), fed transferred 2 MiB slices. */
const WORKER_SOURCE =
  `
const { parentPort, workerData } = require('node:worker_threads');
const SparkMD5 = require(workerData.sparkPath);
let spark = new SparkMD5.ArrayBuffer();
parentPort.on('message', (m) => {
  if (m.slice) spark.append(m.slice);
  else { parentPort.postMessage(Buffer.from(spark.end(true), 'binary').toString('base64')); spark = new ` +
  `SparkMD5.ArrayBuffer(); }
});`;

async function workerMd5(bytes: Uint8Array): Promise<{ md5: string; ms: number }> {
  const sparkPath = createRequire(import.meta.url).resolve('spark-md5');
  const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { sparkPath } });
  try {
    const start = performance.now();
    const done = new Promise<string>((resolve) => worker.once('message', resolve));
    for (let offset = 0; offset < bytes.byteLength; offset += SLICE) {
      // a copy, as Blob.slice() reads one
      const slice = bytes.slice(offset, Math.min(bytes.byteLength, offset + SLICE)).buffer;
      worker.postMessage({ slice }, [slice]);
    }
    worker.postMessage({ end: true });
    const md5 = await done;
    return { md5, ms: performance.now() - start };
  } finally {
    await worker.terminate();
  }
}

function nativeMd5(bytes: Uint8Array): { md5: string; ms: number } {
  const start = performance.now();
  const hash = createHash('md5');
  for (let offset = 0; offset < bytes.byteLength; offset += SLICE)
    hash.update(bytes.subarray(offset, Math.min(bytes.byteLength, offset + SLICE)));
  return { md5: hash.digest('base64'), ms: performance.now() - start };
}

/** glitchbox/node's hasher (createNodeHasher) over the bytes as the outbox hands them, 2 MiB slices. */
async function nodeHasherMd5(bytes: Uint8Array): Promise<{ md5: string; ms: number }> {
  const hasher = createNodeHasher();
  const start = performance.now();
  const md5 = await hasher.md5(blobSourceFromBytes(bytes));
  return { md5, ms: performance.now() - start };
}

/** Fills bytes with xorshift32 from a seed; the page runs the same generator, so both hash the same bytes. */
function xorshiftBytes(length: number, seed: number): Uint8Array {
  const words = new Uint32Array(length / 4);
  let x = seed >>> 0;
  for (let i = 0; i < words.length; i += 1) {
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    words[i] = x;
  }
  return new Uint8Array(words.buffer);
}

/** A policy that refuses WebAssembly, sent with the worker's file: the worker falls back to spark-md5. */
const NO_WASM = "script-src 'self'";

type Timed = { md5: string; ms: number; engine: string };

/**
 * The shipped MD5 worker (esm/assets/md5-worker-*.js) in Chromium, on a blank page of the server's origin (the demo
 * game would share the two cores), with a Blob of `length` xorshift bytes; `refuseWasm` sends NO_WASM with the
 * worker's file. `hash()` times one hash of the Blob, so the caller can alternate it with native hashes.
 */
async function openBrowserWorker(length: number, seed: number, refuseWasm: boolean) {
  await ensureWidgetBuilt();
  const asset = readdirSync(join(DIST_DIR, 'esm/assets')).find((f) => /^md5-worker-.*\.js$/.test(f));
  if (!asset) throw new Error('md5 worker asset missing from widget/dist');
  const [server, browser] = await Promise.all([startDemoServer(), launchBrowser()]);
  const page = await browser.newPage();
  if (refuseWasm)
    await page.route('**/md5-worker-*.js', async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, headers: { ...response.headers(), 'content-security-policy': NO_WASM } });
    });
  await page.goto(`${server.url}/widget/blank`);
  await page.evaluate(
    ({ url, length, seed }) => {
      const words = new Uint32Array(length / 4);
      let x = seed >>> 0;
      for (let i = 0; i < words.length; i += 1) {
        x ^= x << 13;
        x >>>= 0;
        x ^= x >>> 17;
        x ^= x << 5;
        x >>>= 0;
        words[i] = x;
      }
      const g = globalThis as unknown as Record<string, unknown> & { Worker: typeof globalThis.Worker };
      g.benchBlob = new Blob([words]);
      // The page's Web Worker (this module's `Worker` import is node:worker_threads').
      g.benchWorker = new g.Worker(url, { type: 'module' });
    },
    { url: `${server.url}/widget/esm/assets/${asset}`, length, seed },
  );
  let id = 0;
  return {
    hash: (): Promise<Timed> =>
      page.evaluate(async (id) => {
        type Reply = { id: number; type: string; md5: string; engine: string; error: string };
        // The page's Web Worker, typed by hand (this module's `Worker` is node:worker_threads').
        type PageWorker = { onmessage: ((event: { data: Reply }) => void) | null; postMessage(m: unknown): void };
        const g = globalThis as unknown as { benchBlob: Blob; benchWorker: PageWorker };
        const started = performance.now();
        const done = await new Promise<Reply>((resolve, reject) => {
          g.benchWorker.onmessage = (event) => {
            if (event.data.id !== id) return;
            if (event.data.type === 'done') resolve(event.data);
            else if (event.data.type === 'error') reject(new Error(event.data.error));
          };
          g.benchWorker.postMessage({ id, blob: g.benchBlob });
        });
        return { md5: done.md5, ms: performance.now() - started, engine: done.engine };
      }, ++id),
    async close() {
      await browser.close();
      await server.close();
    },
  };
}

/** `rounds` hashes in the browser worker, each followed by a native one of the same bytes: both see the same load. */
async function alternated(bytes: Uint8Array, refuseWasm: boolean, rounds: number) {
  const worker = await openBrowserWorker(bytes.byteLength, 2026, refuseWasm);
  try {
    const browser: Timed[] = [];
    const native: Array<{ md5: string; ms: number }> = [];
    await worker.hash(); // warm-up: the worker's start and its engine's compile
    for (let round = 0; round < rounds; round += 1) {
      browser.push(await worker.hash());
      native.push(nativeMd5(bytes));
    }
    return { browser, native };
  } finally {
    await worker.close();
  }
}

async function drain100(): Promise<number> {
  const server = await startTestServer({ seed: roomySeed() });
  try {
    const outbox = createMemoryOutbox();
    const reporter = createReporter({
      endpoint: server.url,
      projectId: PROJECT_ID,
      token: TOKENS.all,
      outbox,
      random: seeded(1),
    });
    const random = seeded(9);
    for (let i = 0; i < 100; i++) {
      await reporter.submit({
        kind: 'bug',
        description: `Bench report ${i}: frame drops in the nebula sector.`,
        attachments: [
          { kind: 'screenshot', name: `bench-${i}.png`, contentType: 'image/png', data: pngBytes(100_000, random) },
        ],
      });
    }
    const start = performance.now();
    await reporter.syncNow();
    const ms = performance.now() - start;
    const left = (await outbox.usage()).reports;
    if (left) throw new Error(`${left} reports left in the outbox`);
    return ms;
  } finally {
    await server.close();
  }
}

type Row = { name: string; value: number; unit: string; target?: string };

export async function run(): Promise<Row[]> {
  const bytes = randomFillSync(new Uint8Array(TOTAL));
  nativeMd5(bytes.subarray(0, 8 * SLICE)); // warm-up
  await workerMd5(bytes.subarray(0, 8 * SLICE));
  const best = <T extends { ms: number }>(runs: T[]) => runs.reduce((a, b) => (b.ms < a.ms ? b : a));
  const native = best([nativeMd5(bytes), nativeMd5(bytes), nativeMd5(bytes)]);
  const nodeHasher = best([await nodeHasherMd5(bytes), await nodeHasherMd5(bytes), await nodeHasherMd5(bytes)]);
  const worker = best([await workerMd5(bytes), await workerMd5(bytes), await workerMd5(bytes)]);
  for (const [name, got] of [
    ['node hasher', nodeHasher],
    ['worker_thread', worker],
  ] as const)
    if (got.md5 !== native.md5) throw new Error(`MD5 mismatch: ${name} ${got.md5} native ${native.md5}`);
  const mbs = (ms: number, bytes = TOTAL) => bytes / 1024 / 1024 / (ms / 1000);
  const ratio = (nativeMs: number, ms: number) => Number((nativeMs / ms).toFixed(2));
  const BROWSER_BYTES = 64 * 1024 * 1024;
  const sameBytes = xorshiftBytes(BROWSER_BYTES, 2026);
  const wasmRuns = await alternated(sameBytes, false, 6);
  const fallbackRuns = await alternated(sameBytes, true, 3);
  const [wasm, nativeForWasm] = [best(wasmRuns.browser), best(wasmRuns.native)];
  const [fallback, nativeForFallback] = [best(fallbackRuns.browser), best(fallbackRuns.native)];
  for (const [got, engine] of [
    [wasm, 'wasm'],
    [fallback, 'spark-md5'],
  ] as const) {
    if (got.md5 !== nativeForWasm.md5)
      throw new Error(`MD5 mismatch: browser ${engine} ${got.md5} ${nativeForWasm.md5}`);
    if (got.engine !== engine) throw new Error(`the browser worker hashed with ${got.engine}, not ${engine}`);
  }
  const drainMs = await drain100();
  const mib = (name: string, ms: number, size = TOTAL): Row => ({
    name,
    value: Math.round(mbs(ms, size)),
    unit: 'MiB/s',
  });
  return [
    mib('md5 native crypto (128 MiB, 2 MiB slices)', native.ms),
    mib('md5 Node hasher, createNodeHasher (the Node default)', nodeHasher.ms),
    { name: 'md5 Node hasher / native', value: ratio(native.ms, nodeHasher.ms), unit: 'ratio', target: '>= 0.5' },
    mib('md5 spark-md5 worker_thread (fallback engine, 128 MiB)', worker.ms),
    { name: 'md5 spark-md5 worker_thread / native', value: ratio(native.ms, worker.ms), unit: 'ratio' },
    mib('md5 native crypto, Chromium bytes (64 MiB)', nativeForWasm.ms, BROWSER_BYTES),
    mib('md5 Chromium Web Worker, WebAssembly (the browser default, 64 MiB Blob)', wasm.ms, BROWSER_BYTES),
    {
      name: 'md5 Chromium Web Worker WebAssembly / native (same bytes)',
      value: ratio(nativeForWasm.ms, wasm.ms),
      unit: 'ratio',
      target: '>= 0.5',
    },
    mib('md5 Chromium Web Worker, spark-md5 (WebAssembly refused, 64 MiB Blob)', fallback.ms, BROWSER_BYTES),
    {
      name: 'md5 Chromium Web Worker spark-md5 / native (same bytes)',
      value: ratio(nativeForFallback.ms, fallback.ms),
      unit: 'ratio',
    },
    { name: 'drain 100 queued reports with one 100 kB screenshot', value: Math.round(drainMs), unit: 'ms' },
    { name: 'drain throughput', value: Number((100 / (drainMs / 1000)).toFixed(1)), unit: 'reports/s' },
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const row of await run())
    console.log(`${row.name}: ${row.value} ${row.unit}${row.target ? ` (target ${row.target})` : ''}`);
}
