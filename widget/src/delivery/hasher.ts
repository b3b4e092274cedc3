// The browser Md5Hasher: sends the outbox Blob to the MD5 worker (md5-worker.ts, a WebAssembly MD5) so the game's
// main thread never hashes; falls back to in-thread spark-md5 where Workers are unavailable or the worker fails (a
// page's policy refusing workers), loaded only then.
import { createLazySparkHasher } from '../core/lazy-spark-hasher.ts';
import type { BlobSource, Md5Hasher } from '../core/types.ts';
import type { Md5Reply } from './md5-worker.ts';

export interface WorkerHasherOptions {
  /** Creates the worker; default: the md5-worker module next to this file (bundlers resolve the URL). */
  createWorker?: () => Worker;
  sliceBytes?: number;
}

export function createWorkerHasher(options: WorkerHasherOptions = {}): Md5Hasher {
  const inThread = createLazySparkHasher(options.sliceBytes);
  if (typeof Worker === 'undefined') return inThread;
  let worker: Worker | undefined;
  let nextId = 1;
  type Job = Parameters<Md5Hasher['md5']>;
  const pending = new Map<
    number,
    { job: Job; resolve: (md5: string | Promise<string>) => void; reject: (e: Error) => void }
  >();
  // Set once the worker failed: a Content Security Policy refusing workers (`worker-src`, or `child-src` without
  // it) refuses every later one too, and a report whose hash always fails would wait in the outbox for ever.
  let failed = false;
  const spawn = () => {
    const w = options.createWorker
      ? options.createWorker()
      : new Worker(new URL('./md5-worker.ts', import.meta.url), { type: 'module' });
    w.onmessage = (event: MessageEvent<Md5Reply>) => {
      const reply = event.data;
      const job = pending.get(reply.id);
      if (!job) return;
      if (reply.type === 'progress') return job.job[1]?.(reply.loaded, reply.total);
      pending.delete(reply.id);
      if (reply.type === 'done') job.resolve(reply.md5);
      else job.reject(new Error(`md5 worker: ${reply.error}`));
    };
    w.onerror = () => {
      // Every later hash goes to spark-md5 too: this worker is not used again.
      failed = true;
      for (const { job, resolve } of pending.values()) resolve(inThread.md5(...job));
      pending.clear();
    };
    return w;
  };
  return {
    async md5(source: BlobSource, onProgress) {
      if (failed) return inThread.md5(source, onProgress);
      try {
        worker ??= spawn();
      } catch {
        // The constructor itself refused: a worker file on another origin (the script tag from a CDN) throws a
        // SecurityError, and every later one would too. Hashed in the page, so the report does not wait for ever.
        failed = true;
        return inThread.md5(source, onProgress);
      }
      const id = nextId++;
      const done = new Promise<string>((resolve, reject) =>
        pending.set(id, { job: [source, onProgress], resolve, reject }),
      );
      if (source.blob) {
        worker.postMessage({ id, blob: source.blob, sliceBytes: options.sliceBytes });
      } else {
        // No Blob to share: read the slices here and transfer them (no copy) to the worker.
        const slices: ArrayBuffer[] = [];
        const step = options.sliceBytes ?? 2 * 1024 * 1024;
        for (let start = 0; start < source.size; start += step) {
          const bytes = await source.slice(start, Math.min(source.size, start + step));
          slices.push(bytes.slice().buffer as ArrayBuffer);
        }
        worker.postMessage({ id, slices }, slices);
      }
      return done;
    },
  };
}
