// The MD5 Web Worker: hashes a Blob in 2 MiB slices off the game's main thread (Active Storage's FileChecksum,
// moved into a worker), with the engine md5-engine.ts chose once for this worker (WebAssembly, else spark-md5).
// In: {id, blob, sliceBytes?}. Out: {id, type: 'progress', loaded, total}, then {id, type: 'done', md5, engine}
// or {id, type: 'error', error}.
import { chooseMd5Engine, type Md5EngineChoice, type Md5EngineName } from './md5-engine.ts';

export interface Md5Request {
  id: number;
  blob?: Blob;
  /** Alternative to blob: raw slices transferred by the caller. */
  slices?: ArrayBuffer[];
  sliceBytes?: number;
}
export type Md5Reply =
  | { id: number; type: 'progress'; loaded: number; total: number }
  | { id: number; type: 'done'; md5: string; engine: Md5EngineName }
  | { id: number; type: 'error'; error: string };

const SLICE = 2 * 1024 * 1024;

/** The Blob's bytes in order, as a stream where there is one: in Chromium, reading 2 MiB slices with
 * `slice().arrayBuffer()` took longer than the WebAssembly hash itself. A byte stream is read into one reused
 * buffer: a new 2 MiB buffer per chunk read 1.3-7 times slower in the worker (docs/benchmarks.md#reporter-core).
 * Each chunk is hashed before the next read, so reusing its buffer is safe. */
async function* chunksOf(blob: Blob, slice: number): AsyncGenerator<Uint8Array> {
  if (typeof blob.stream === 'function') {
    const stream = blob.stream();
    let byob: ReadableStreamBYOBReader | undefined;
    try {
      byob = stream.getReader({ mode: 'byob' });
    } catch {
      // Not a byte stream in this browser: the default reader below.
    }
    if (byob) {
      let buffer = new ArrayBuffer(slice);
      for (let read = await byob.read(new Uint8Array(buffer)); !read.done; ) {
        yield read.value;
        buffer = read.value.buffer as ArrayBuffer;
        read = await byob.read(new Uint8Array(buffer));
      }
      return;
    }
    const reader = stream.getReader();
    for (let read = await reader.read(); !read.done; read = await reader.read()) yield read.value;
    return;
  }
  for (let start = 0; start < blob.size; start += slice)
    yield new Uint8Array(await blob.slice(start, Math.min(blob.size, start + slice)).arrayBuffer());
}

/** Hashes one request and posts its replies; exported for the Node tests, which pass the engine to use. */
export async function hashRequest(
  request: Md5Request,
  post: (reply: Md5Reply) => void,
  choose: () => Promise<Md5EngineChoice> = chooseMd5Engine,
): Promise<void> {
  try {
    const choice = await choose();
    const engine = await choice.create();
    if (request.blob) {
      const { size } = request.blob;
      const step = request.sliceBytes ?? SLICE;
      let loaded = 0;
      let reported = 0;
      for await (const chunk of chunksOf(request.blob, step)) {
        engine.append(chunk);
        loaded += chunk.byteLength;
        // Progress once a slice's worth more is hashed, as before: a stream's chunks are far smaller.
        if (loaded - reported >= step || loaded === size) {
          reported = loaded;
          post({ id: request.id, type: 'progress', loaded, total: size });
        }
      }
    } else {
      for (const buffer of request.slices ?? []) engine.append(new Uint8Array(buffer));
    }
    post({ id: request.id, type: 'done', md5: engine.end(), engine: choice.name });
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
