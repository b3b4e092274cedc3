// The browser Md5Hasher: sends the outbox Blob to the MD5 worker (md5-worker.ts) so the game's
// main thread never hashes; falls back to in-thread spark-md5 where Workers are unavailable (loaded
// only then: everywhere else spark-md5 is downloaded once, inside the worker).
import { createLazySparkHasher } from '../core/lazy-spark-hasher.ts';
import type { BlobSource, Md5Hasher } from '../core/types.ts';
import type { Md5Reply } from './md5-worker.ts';

export interface WorkerHasherOptions {
  /** Creates the worker; default: the md5-worker module next to this file (bundlers resolve the URL). */
  createWorker?: () => Worker;
  sliceBytes?: number;
}

export function createWorkerHasher(options: WorkerHasherOptions = {}): Md5Hasher {
  if (typeof Worker === 'undefined') return createLazySparkHasher(options.sliceBytes);
  let worker: Worker | undefined;
  let nextId = 1;
  const pending = new Map<
    number,
    { resolve: (md5: string) => void; reject: (e: Error) => void; onProgress?: (loaded: number, total: number) => void }
  >();
  const spawn = () => {
    const w = options.createWorker
      ? options.createWorker()
      : new Worker(new URL('./md5-worker.ts', import.meta.url), { type: 'module' });
    w.onmessage = (event: MessageEvent<Md5Reply>) => {
      const reply = event.data;
      const job = pending.get(reply.id);
      if (!job) return;
      if (reply.type === 'progress') return job.onProgress?.(reply.loaded, reply.total);
      pending.delete(reply.id);
      if (reply.type === 'done') job.resolve(reply.md5);
      else job.reject(new Error(`md5 worker: ${reply.error}`));
    };
    w.onerror = (event) => {
      for (const job of pending.values()) job.reject(new Error(`md5 worker failed: ${event.message}`));
      pending.clear();
      worker = undefined;
    };
    return w;
  };
  return {
    async md5(source: BlobSource, onProgress) {
      worker ??= spawn();
      const id = nextId++;
      const done = new Promise<string>((resolve, reject) => pending.set(id, { resolve, reject, onProgress }));
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
