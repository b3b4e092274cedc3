// The MD5 Web Worker: hashes a Blob in 2 MiB slices with spark-md5 off the game's main thread
// (Active Storage's FileChecksum, moved into a worker). Message in: {id, blob, sliceBytes?}.
// Out: {id, type: 'progress', loaded, total} and finally {id, type: 'done', md5} or {id, type: 'error'}.
import SparkMD5 from 'spark-md5';

export interface Md5Request {
  id: number;
  blob?: Blob;
  /** Alternative to blob: raw slices transferred by the caller. */
  slices?: ArrayBuffer[];
  sliceBytes?: number;
}
export type Md5Reply =
  | { id: number; type: 'progress'; loaded: number; total: number }
  | { id: number; type: 'done'; md5: string }
  | { id: number; type: 'error'; error: string };

const SLICE = 2 * 1024 * 1024;

async function hashRequest(request: Md5Request, post: (reply: Md5Reply) => void): Promise<void> {
  const spark = new SparkMD5.ArrayBuffer();
  try {
    if (request.blob) {
      const blob = request.blob;
      const slice = request.sliceBytes ?? SLICE;
      // The next slice is read while this one is hashed: reading a Blob slice costs about as much
      // as hashing it, and the browser reads off this thread. Two slices in memory at most.
      const read = (start: number) => blob.slice(start, Math.min(blob.size, start + slice)).arrayBuffer();
      let next = read(0);
      for (let start = 0; start < blob.size; start += slice) {
        const end = Math.min(blob.size, start + slice);
        const current = await next;
        if (end < blob.size) next = read(end);
        spark.append(current);
        post({ id: request.id, type: 'progress', loaded: end, total: blob.size });
      }
    } else {
      for (const buffer of request.slices ?? []) spark.append(buffer);
    }
    post({ id: request.id, type: 'done', md5: btoa(spark.end(true)) });
  } catch (error) {
    post({ id: request.id, type: 'error', error: error instanceof Error ? error.message : String(error) });
  }
}

// Runs only inside a worker; importing this module elsewhere has no effect.
declare const WorkerGlobalScope: { new (): unknown } | undefined;
if (typeof WorkerGlobalScope !== 'undefined' && globalThis instanceof WorkerGlobalScope) {
  const scope = globalThis as unknown as { onmessage: unknown; postMessage(m: unknown): void };
  scope.onmessage = (event: MessageEvent<Md5Request>) =>
    void hashRequest(event.data, (reply) => scope.postMessage(reply));
}
