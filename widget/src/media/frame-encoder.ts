// Main-thread side of the PNG encoder: starts the worker, a file next to this chunk (falling back to a blob:
// module that imports it, then to encoding on the main thread), and matches answers to requests.

export interface EncodedFrame {
  blob: Blob;
  blank: boolean;
  /** Every pixel of the grabbed frame (before overlays) one colour. */
  uniform: boolean;
  width: number;
  height: number;
}
export interface FrameOverlay {
  bitmap: ImageBitmap;
  x: number;
  y: number;
  w: number;
  h: number;
}

type Pending = { resolve: (f: EncodedFrame) => void; reject: (e: Error) => void };

// The worker is created as `new Worker(new URL('./encode-worker.js', import.meta.url), { type: 'module' })` once
// minified into dist/esm/ui.js: the pattern bundlers (Vite, webpack 5) turn into a worker file of the game's own
// build, never a data: URL, which `worker-src 'self' blob:` refuses. Spelled `import.meta['url']` here so that our
// own build (Vite too) leaves it alone; the minifier writes it back as `import.meta.url`, and
// test/widget/worker-files.test.ts checks the built text.
/** `workerUrl` overrides where the worker is (tests, a copy elsewhere); by default it sits next to this chunk. */
export function createFrameEncoder(workerUrl?: string | URL) {
  let seq = 0;
  const pending = new Map<number, Pending>();

  const start = (create: () => Worker): Promise<Worker | null> =>
    new Promise((resolve) => {
      try {
        const worker = create();
        const timer = setTimeout(() => resolve(null), 3000);
        worker.onmessage = (e) => {
          const m = e.data;
          if (m.ready) {
            clearTimeout(timer);
            resolve(worker);
            return;
          }
          const p = pending.get(m.id);
          pending.delete(m.id);
          if (!p) return;
          if (m.error) p.reject(new Error(m.error));
          else p.resolve(m);
        };
        worker.onerror = () => {
          clearTimeout(timer);
          resolve(null);
        };
      } catch {
        resolve(null);
      }
    });

  // Started with the encoder (the runtime creates it while the game idles), so an encode does not wait for it.
  const worker = (async () => {
    if (typeof Worker === 'undefined' || typeof OffscreenCanvas === 'undefined') return null;
    // For the blob: fallback only. String() keeps it from reading as the pattern: a bundler would make the file
    // an asset here, maybe a data: URL.
    const url = workerUrl
      ? new URL(String(workerUrl), location.href)
      : new URL('./encode-worker.js', String(import.meta.url));
    // A worker script on another origin (a CDN) cannot be started directly; a blob: module can import it.
    const viaBlob = () =>
      new Worker(URL.createObjectURL(new Blob([`import ${JSON.stringify(url.href)};`], { type: 'text/javascript' })), {
        type: 'module',
      });
    return (
      (await start(() =>
        workerUrl
          ? new Worker(url, { type: 'module' })
          : // biome-ignore lint/complexity/useLiteralKeys: kept from our own bundler, see the top of the file
            new Worker(new URL('./encode-worker.js', import.meta['url']), { type: 'module' }),
      )) ?? (await start(viaBlob))
    );
  })();

  return {
    /** `behind`: CSS colours under the canvas, nearest first, painted under a frame with alpha. */
    async encode(bitmap: ImageBitmap, overlays: FrameOverlay[] = [], behind: string[] = []): Promise<EncodedFrame> {
      const w = await worker;
      if (!w) return encodeOnMainThread(bitmap, overlays, behind);
      const id = ++seq;
      return new Promise((resolve, reject) => {
        pending.set(id, { resolve, reject });
        w.postMessage({ id, bitmap, overlays, behind }, [bitmap, ...overlays.map((o) => o.bitmap)]);
      });
    },
  };
}

async function encodeOnMainThread(
  bitmap: ImageBitmap,
  overlays: FrameOverlay[],
  behind: string[],
): Promise<EncodedFrame> {
  const canvas = document.createElement('canvas');
  canvas.width = bitmap.width;
  canvas.height = bitmap.height;
  const ctx = canvas.getContext('2d') as CanvasRenderingContext2D;
  ctx.drawImage(bitmap, 0, 0);
  const data = ctx.getImageData(0, 0, canvas.width, canvas.height).data;
  // Blank as in the worker: transparent black everywhere, what a cleared drawing buffer reads.
  const words = new Uint32Array(data.buffer);
  const blank = !words.some((w) => w !== 0);
  const uniform = !words.some((w) => w !== words[0]);
  for (const o of overlays) ctx.drawImage(o.bitmap, o.x, o.y, o.w, o.h);
  ctx.globalCompositeOperation = 'destination-over';
  for (const colour of blank ? [] : behind) {
    ctx.fillStyle = colour;
    ctx.fillRect(0, 0, canvas.width, canvas.height);
  }
  const blob = await new Promise<Blob>((resolve, reject) =>
    canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('toBlob failed'))), 'image/png'),
  );
  return { blob, blank, uniform, width: canvas.width, height: canvas.height };
}
