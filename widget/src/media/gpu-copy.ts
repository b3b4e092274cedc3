// The grab of a WebGL canvas without a readback in the frame that paints the form (docs/widget.md#the-gpu-copy): with
// alpha, a copy of its drawing buffer into a texture of ours made on the GPU inside the frame and read back after it;
// opaque, a grab in the game's next drawn frame. Every piece of GL state it touches is put back as the game left it,
// and no call of it can raise an error.
import type { FrameHook } from '../capture/frame-hook.ts';

type GL = WebGLRenderingContext | WebGL2RenderingContext;
// The framebuffer binding a read uses and its query: WebGL 2's read framebuffer, WebGL 1's only one.
const READ = { 1: [0x8d40, 0x8ca6], 2: [0x8ca8, 0x8caa] } as const;
// WebGL 2: the read buffer, BACK, the pack buffer and its binding; the pack state WebGL 1 has too comes first.
const [READ_BUFFER, BACK, PIXEL_PACK_BUFFER, PIXEL_PACK_BUFFER_BINDING] = [0x0c02, 0x0405, 0x88eb, 0x88ed];
const PACK = [0x0d05, 0x0d02, 0x0d03, 0x0d04]; // PACK_ALIGNMENT, _ROW_LENGTH, _SKIP_ROWS, _SKIP_PIXELS
/** How long the grab of an opaque canvas waits for the game's next drawn frame (as the loader's grab). */
const NEXT_FRAME_MS = 600;
/** Contexts whose copy could not be read back: their later grabs take createImageBitmap in the frame. */
const failed = new WeakSet<GL>();

/** The game canvas's WebGL context, when it has one this can copy. */
function contextOf(canvas: HTMLCanvasElement | null): GL | undefined {
  const type = (canvas as { __glitchboxContextType?: string } | null)?.__glitchboxContextType ?? '';
  if (!/^(experimental-)?webgl2?$/.test(type)) return;
  try {
    const gl = canvas!.getContext(type) as GL | null;
    if (gl && !failed.has(gl) && !gl.isContextLost()) return gl;
  } catch {
    /* another kind of context */
  }
}

/**
 * Inside the game's frame: copies the WebGL canvas's drawing buffer on the GPU (no wait for the GPU, no pixels
 * to the main thread) and resolves with the picture once it is read back after the frame. Undefined for a canvas
 * this cannot copy exactly or cheaply (2D, WebGPU, a worker's placeholder, a lost context, a buffer that is not
 * 8-bit sRGB or not the canvas's size): the caller takes createImageBitmap then.
 */
export function copyFrame(canvas: HTMLCanvasElement, frames?: FrameHook): Promise<ImageBitmap> | undefined {
  const gl = contextOf(canvas);
  if (!gl) return;
  const { drawingBufferWidth: w, drawingBufferHeight: h } = gl;
  const attrs = gl.getContextAttributes();
  const extra = gl as { drawingBufferFormat?: number; drawingBufferColorSpace?: string };
  if (
    !attrs ||
    !w ||
    w !== canvas.width ||
    h !== canvas.height ||
    Math.max(w, h) > gl.getParameter(gl.MAX_TEXTURE_SIZE) ||
    (extra.drawingBufferColorSpace ?? 'srgb') !== 'srgb' ||
    ![undefined, 0x8058, 0x8051].includes(extra.drawingBufferFormat) // RGBA8, RGB8 (an opaque one's)
  )
    return;
  const premultiplied = !!attrs.alpha && attrs.premultipliedAlpha !== false;
  // An opaque buffer copied into an RGB texture stalled the GPU process (the game's next frame 33-250 ms instead of
  // 17), and read into a pixel buffer it held the painted frame's commit 33-60 ms (docs/widget.md#the-gpu-copy):
  // the next drawn frame pays createImageBitmap, and the form is painted in this one.
  if (!attrs.alpha) return frames && !attrs.preserveDrawingBuffer ? nextFrame(canvas, gl, frames) : undefined;
  const two = 'texStorage2D' in gl;
  const [target, binding] = READ[two ? 2 : 1];
  // These reads are answered from the browser's own record of the state: no round trip to the GPU process.
  const framebuffer = gl.getParameter(binding);
  const bound = gl.getParameter(gl.TEXTURE_BINDING_2D);
  let texture: WebGLTexture | null = null;
  try {
    gl.bindFramebuffer(target, null);
    // A game that set its default framebuffer's read buffer to NONE has nothing to copy from.
    if (two && gl.getParameter(READ_BUFFER) !== BACK) return;
    texture = gl.createTexture();
    gl.bindTexture(gl.TEXTURE_2D, texture);
    gl.copyTexImage2D(gl.TEXTURE_2D, 0, gl.RGBA, 0, 0, w, h, 0);
  } finally {
    gl.bindTexture(gl.TEXTURE_2D, bound);
    gl.bindFramebuffer(target, framebuffer);
  }
  return afterPaint()
    .then(() => readAfter(gl, (y, rows, into) => readTexture(gl, two, texture, w, y, rows, into), w, h, premultiplied))
    .finally(() => gl.deleteTexture(texture));
}

/** After the frame that paints the form: the next animation frame, then a task (or 200 ms in a hidden tab). */
function afterPaint(): Promise<void> {
  return new Promise((resolve) => {
    requestAnimationFrame(() => setTimeout(resolve));
    setTimeout(resolve, 200);
  });
}

/** Pixels read back per task: a 1280x720 copy read at once held the main thread about 20 ms, past a game frame. */
const BAND_PIXELS = 1 << 18;

/**
 * The read-back's pixels as a picture (rows flipped, straight alpha), read in bands of rows, a task each, so no
 * task of ours holds a frame back; the copy is our own texture, so the game's later frames do not change it. A
 * context that failed is not copied again.
 */
async function readAfter(
  gl: GL,
  read: (y: number, rows: number, into: Uint8ClampedArray<ArrayBuffer>) => boolean,
  w: number,
  h: number,
  premultiplied: boolean,
): Promise<ImageBitmap> {
  const pixels = new Uint8ClampedArray(w * h * 4);
  const band = Math.max(1, Math.floor(BAND_PIXELS / w));
  try {
    for (let y = 0; y < h; y += band) {
      if (y) await new Promise((resolve) => setTimeout(resolve));
      const start = performance.now();
      const rows = Math.min(band, h - y);
      const into = pixels.subarray(y * w * 4, (y + rows) * w * 4);
      const done = !gl.isContextLost() && read(y, rows, into);
      if (done && premultiplied) unpremultiply(into);
      performance.measure('glitchbox:grab-read', { start });
      if (!done) throw new Error('GPU copy: not read');
    }
    // GL rows run bottom up.
    return await createImageBitmap(new ImageData(pixels, w, h), { imageOrientation: 'flipY' });
  } catch (e) {
    failed.add(gl);
    throw e;
  }
}

/**
 * An opaque canvas, in the game's next drawn frame (after the one the form is painted in). Started once the
 * frame hook has ended this frame: a wait added while it runs its waiters would be dropped.
 */
function nextFrame(canvas: HTMLCanvasElement, gl: GL, frames: FrameHook): Promise<ImageBitmap> | undefined {
  // A game that stopped drawing has no next frame to wait for: read at once, as the loader does.
  if (frames.sinceDrawn(canvas) > NEXT_FRAME_MS) return;
  return new Promise((resolve, reject) => {
    let bitmap: Promise<ImageBitmap> | undefined;
    queueMicrotask(() => {
      const take = () => {
        const start = performance.now();
        bitmap = createImageBitmap(canvas);
        performance.measure('glitchbox:grab-read', { start });
      };
      void frames.whenDrawn(canvas, take, NEXT_FRAME_MS).then((drawn) => {
        if (drawn && bitmap) return resolve(bitmap);
        // Read outside a frame, such a canvas gives its cleared buffer: the caller grabs again.
        failed.add(gl);
        void bitmap?.then(
          (b) => b.close(),
          () => {},
        );
        reject(new Error('GPU copy: no next frame drawn'));
      });
    });
  });
}

/** Reads rows of the texture through a framebuffer of ours, with the game's pack state and bindings put back. */
function readTexture(
  gl: GL,
  two: boolean,
  texture: WebGLTexture | null,
  w: number,
  y: number,
  rows: number,
  into: Uint8ClampedArray<ArrayBuffer>,
): boolean {
  const [target, binding] = READ[two ? 2 : 1];
  const framebuffer = gl.getParameter(binding);
  // The pack state readPixels obeys (WebGL 2 adds a pack buffer and row settings): ours for the read, then theirs.
  const pack = PACK.slice(0, two ? 4 : 1);
  const was = pack.map((p) => gl.getParameter(p) as number);
  const buffer = two && gl.getParameter(PIXEL_PACK_BUFFER_BINDING);
  const own = gl.createFramebuffer();
  try {
    gl.bindFramebuffer(target, own);
    gl.framebufferTexture2D(target, gl.COLOR_ATTACHMENT0, gl.TEXTURE_2D, texture, 0);
    // Incomplete when the copy made no picture: then nothing is read and no error is raised.
    if (gl.checkFramebufferStatus(target) !== gl.FRAMEBUFFER_COMPLETE) return false;
    for (const p of pack) gl.pixelStorei(p, p === PACK[0] ? 4 : 0);
    if (two) gl.bindBuffer(PIXEL_PACK_BUFFER, null);
    gl.readPixels(0, y, w, rows, gl.RGBA, gl.UNSIGNED_BYTE, into);
    return true;
  } finally {
    if (two) gl.bindBuffer(PIXEL_PACK_BUFFER, buffer);
    for (const [i, p] of pack.entries()) gl.pixelStorei(p, was[i]);
    gl.bindFramebuffer(target, framebuffer);
    gl.deleteFramebuffer(own);
  }
}

/** A premultiplied drawing buffer's pixels as straight alpha, as an ImageData holds them. */
function unpremultiply(px: Uint8ClampedArray): void {
  for (let i = 3; i < px.length; i += 4) {
    const a = px[i];
    if (a === 255 || a === 0) continue;
    const k = 255 / a;
    px[i - 3] *= k;
    px[i - 2] *= k;
    px[i - 1] *= k;
  }
}
