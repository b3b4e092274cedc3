// Worker: turns a grabbed frame (ImageBitmap) into a PNG with OffscreenCanvas, checks whether
// the frame is blank, and paints HUD overlays on top; the game's main thread pays only for the grab.
// Self-contained on purpose (no imports): it is built as its own file and loaded by URL.

interface Overlay {
  bitmap: ImageBitmap;
  x: number;
  y: number;
  w: number;
  h: number;
}
interface Job {
  id: number;
  bitmap: ImageBitmap;
  overlays?: Overlay[];
  /** CSS colours behind the canvas, nearest first (the canvas's own, its ancestors', the page's). */
  behind?: string[];
}

/**
 * A frame is blank when it reads what a cleared drawing buffer reads: every pixel transparent black.
 * A frame of one colour (a loading screen, a fade, a sky) is a picture.
 */
function isBlank(data: Uint8ClampedArray): boolean {
  const words = new Uint32Array(data.buffer, data.byteOffset, data.length >> 2);
  for (let i = 0; i < words.length; i++) if (words[i]) return false;
  return true;
}

/** Every pixel the same colour: a cleared buffer reads so (opaque black with alpha: false), and so may a real frame. */
function isUniform(data: Uint8ClampedArray): boolean {
  const words = new Uint32Array(data.buffer, data.byteOffset, data.length >> 2);
  for (let i = 1; i < words.length; i++) if (words[i] !== words[0]) return false;
  return true;
}

const scope = self as unknown as { postMessage(m: unknown): void; onmessage: ((e: MessageEvent<Job>) => void) | null };

scope.onmessage = async (e) => {
  const { id, bitmap, overlays, behind } = e.data;
  try {
    const { width, height } = bitmap;
    const canvas = new OffscreenCanvas(width, height);
    const ctx = canvas.getContext('2d') as OffscreenCanvasRenderingContext2D;
    ctx.drawImage(bitmap, 0, 0);
    bitmap.close();
    const pixels = ctx.getImageData(0, 0, width, height).data;
    const blank = isBlank(pixels);
    const uniform = isUniform(pixels);
    for (const o of overlays ?? []) {
      ctx.drawImage(o.bitmap, o.x, o.y, o.w, o.h);
      o.bitmap.close();
    }
    // A canvas with alpha is seen over what is behind it: each colour goes under what is drawn so far.
    ctx.globalCompositeOperation = 'destination-over';
    for (const colour of blank ? [] : (behind ?? [])) {
      ctx.fillStyle = colour;
      ctx.fillRect(0, 0, width, height);
    }
    const blob = await canvas.convertToBlob({ type: 'image/png' });
    scope.postMessage({ id, blob, blank, uniform, width, height });
  } catch (err) {
    scope.postMessage({ id, error: String(err) });
  }
};
// The renderer's first Intl.DateTimeFormat loads ICU's locale and time zone data (12-28 ms in
// Chromium); that data is shared by the process, so paying here keeps it off the game's main thread
// when the device info reads the time zone at open.
self.Intl?.DateTimeFormat();
scope.postMessage({ ready: true });
