// Reporter-core benchmarks: MD5 throughput of the worker path beside Node's native crypto MD5 on
// the same bytes — the built MD5 Web Worker (widget/dist) in Debian's Chromium, and the same
// spark-md5 loop in a Node worker_thread — and the time to drain 100 queued reports with one
// screenshot each against the local server.
import { createHash, randomFillSync } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { launchBrowser, startDemoServer } from '../e2e/harness.ts';
import { DIST_DIR, ensureWidgetBuilt } from '../widget/build-once.ts';
import { createMemoryOutbox, createReporter } from '../../widget/src/core/index.ts';
import { startTestServer } from '../helpers/server.ts';
import { PROJECT_ID, TOKENS } from '../helpers/seed.ts';
import { pngBytes, roomySeed, seeded } from '../core/helpers.ts';

const SLICE = 2 * 1024 * 1024;
const TOTAL = 128 * 1024 * 1024;

/** The worker: the same loop as delivery/md5-worker.ts, fed transferred 2 MiB slices. */
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

/**
 * The shipped MD5 worker (esm/assets/md5-worker-*.js) in Chromium, hashing a Blob of `length` bytes: best of `rounds`.
 */
async function browserWorkerMd5(length: number, seed: number, rounds: number): Promise<{ md5: string; ms: number }> {
  await ensureWidgetBuilt();
  const asset = readdirSync(join(DIST_DIR, 'esm/assets')).find((f) => /^md5-worker-.*\.js$/.test(f));
  if (!asset) throw new Error('md5 worker asset missing from widget/dist');
  const [server, browser] = await Promise.all([startDemoServer(), launchBrowser()]);
  try {
    const page = await browser.newPage();
    await page.goto(`${server.url}/demo/`);
    return await page.evaluate(
      async ({ url, length, seed, rounds }) => {
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
        const blob = new Blob([words]);
        // The page's Web Worker (this module's `Worker` import is node:worker_threads').
        const worker = new (globalThis as unknown as { Worker: typeof globalThis.Worker }).Worker(url, {
          type: 'module',
        }) as unknown as {
          onmessage: ((event: { data: { id: number; type: string; md5: string; error: string } }) => void) | null;
          postMessage(m: unknown): void;
          terminate(): void;
        };
        let best = { md5: '', ms: Infinity };
        for (let id = 1; id <= rounds; id += 1) {
          const started = performance.now();
          const md5 = await new Promise<string>((resolve, reject) => {
            worker.onmessage = (event) => {
              if (event.data.id !== id) return;
              if (event.data.type === 'done') resolve(event.data.md5);
              else if (event.data.type === 'error') reject(new Error(event.data.error));
            };
            worker.postMessage({ id, blob });
          });
          const ms = performance.now() - started;
          if (ms < best.ms) best = { md5, ms };
        }
        worker.terminate();
        return best;
      },
      { url: `${server.url}/widget/esm/assets/${asset}`, length, seed, rounds },
    );
  } finally {
    await browser.close();
    await server.close();
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

export async function run(): Promise<Array<{ name: string; value: number; unit: string; target?: string }>> {
  const bytes = randomFillSync(new Uint8Array(TOTAL));
  nativeMd5(bytes.subarray(0, 8 * SLICE)); // warm-up
  await workerMd5(bytes.subarray(0, 8 * SLICE));
  const best = <T extends { ms: number }>(runs: T[]) => runs.reduce((a, b) => (b.ms < a.ms ? b : a));
  const native = best([nativeMd5(bytes), nativeMd5(bytes), nativeMd5(bytes)]);
  const worker = best([await workerMd5(bytes), await workerMd5(bytes), await workerMd5(bytes)]);
  if (worker.md5 !== native.md5) throw new Error(`MD5 mismatch: worker ${worker.md5} native ${native.md5}`);
  const mbs = (ms: number, bytes = TOTAL) => bytes / 1024 / 1024 / (ms / 1000);
  const BROWSER_BYTES = 64 * 1024 * 1024;
  const sameBytes = xorshiftBytes(BROWSER_BYTES, 2026);
  const nativeSame = best([nativeMd5(sameBytes), nativeMd5(sameBytes), nativeMd5(sameBytes)]);
  const browser = await browserWorkerMd5(BROWSER_BYTES, 2026, 3);
  if (browser.md5 !== nativeSame.md5)
    throw new Error(`MD5 mismatch: browser worker ${browser.md5} native ${nativeSame.md5}`);
  const drainMs = await drain100();
  return [
    { name: 'md5 native crypto (128 MiB, 2 MiB slices)', value: Math.round(mbs(native.ms)), unit: 'MiB/s' },
    { name: 'md5 spark-md5 worker_thread (128 MiB, 2 MiB slices)', value: Math.round(mbs(worker.ms)), unit: 'MiB/s' },
    {
      name: 'md5 worker_thread / native',
      value: Number((native.ms / worker.ms).toFixed(2)),
      unit: 'ratio',
      target: '>= 0.5',
    },
    {
      name: 'md5 shipped Web Worker in Chromium (64 MiB Blob)',
      value: Math.round(mbs(browser.ms, BROWSER_BYTES)),
      unit: 'MiB/s',
    },
    {
      name: 'md5 Chromium Web Worker / native (same bytes)',
      value: Number((nativeSame.ms / browser.ms).toFixed(2)),
      unit: 'ratio',
      target: '>= 0.5',
    },
    { name: 'drain 100 queued reports with one 100 kB screenshot', value: Math.round(drainMs), unit: 'ms' },
    { name: 'drain throughput', value: Number((100 / (drainMs / 1000)).toFixed(1)), unit: 'reports/s' },
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const row of await run())
    console.log(`${row.name}: ${row.value} ${row.unit}${row.target ? ` (target ${row.target})` : ''}`);
}
