// The grab of a WebGL canvas without a readback in the game's frame: a copy of its drawing buffer into a texture
// of ours, made on the GPU inside the frame, read back after that frame is painted (docs/widget.md#the-gpu-copy).
// Every piece of GL state it touches is put back as the game left it, and it makes no call that can raise an error.

type GL = WebGLRenderingContext | WebGL2RenderingContext;
// The framebuffer binding a read uses and its query: WebGL 2's read framebuffer, WebGL 1's only one.
const READ = { 1: [0x8d40, 0x8ca6], 2: [0x8ca8, 0x8caa] } as const;
// WebGL 2: the read buffer, BACK, the pack buffer and its binding; the pack state WebGL 1 has too comes first.
const [READ_BUFFER, BACK, PIXEL_PACK_BUFFER, PIXEL_PACK_BUFFER_BINDING] = [0x0c02, 0x0405, 0x88eb, 0x88ed];
const PACK = [0x0d05, 0x0d02, 0x0d03, 0x0d04]; // PACK_ALIGNMENT, _ROW_LENGTH, _SKIP_ROWS, _SKIP_PIXELS
/** Contexts whose copy could not be read back: their later grabs take createImageBitmap in the frame. */
const failed = new WeakSet<GL>();

/**
 * Inside the game's frame: copies the WebGL canvas's drawing buffer on the GPU (no wait for the GPU, no pixels
 * to the main thread) and resolves with the picture once it is read back after the frame. Undefined for a canvas
 * this cannot copy exactly or cheaply (2D, WebGPU, a worker's placeholder, a lost context, an opaque context, a buffer
 * that is not 8-bit sRGB or not the canvas's size): the caller takes createImageBitmap then.
 */
export function copyFrame(canvas: HTMLCanvasElement): Promise<ImageBitmap> | undefined {
  const type = (canvas as { __glitchboxContextType?: string }).__glitchboxContextType ?? '';
  if (!/^(experimental-)?webgl2?$/.test(type)) return;
  let gl: GL | null = null;
  try {
    gl = canvas.getContext(type) as GL | null;
  } catch {
    /* another kind of context */
  }
  if (!gl || failed.has(gl) || gl.isContextLost()) return;
  const { drawingBufferWidth: w, drawingBufferHeight: h } = gl;
  const attrs = gl.getContextAttributes();
  const extra = gl as { drawingBufferFormat?: number; drawingBufferColorSpace?: string };
  // An opaque context's buffer copied into an RGB texture stalled the GPU process for 30-50 ms (the game's next
  // frame came 48-70 ms later instead of 15 in Phaser 3 and PixiJS 8, docs/widget.md#the-gpu-copy): not copied.
  if (
    !attrs?.alpha ||
    !w ||
    w !== canvas.width ||
    h !== canvas.height ||
    Math.max(w, h) > gl.getParameter(gl.MAX_TEXTURE_SIZE) ||
    (extra.drawingBufferColorSpace ?? 'srgb') !== 'srgb' ||
    ![undefined, 0x8058].includes(extra.drawingBufferFormat) // RGBA8
  )
    return;
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
  const context = gl;
  return afterPaint().then(() => {
    const start = performance.now();
    try {
      return readBack(context, two, texture, w, h, attrs.premultipliedAlpha !== false);
    } catch (e) {
      failed.add(context);
      throw e;
    } finally {
      context.deleteTexture(texture);
      performance.measure('glitchbox:grab-read', { start });
    }
  });
}

/** After the frame that paints the form: the next animation frame, then a task (or 200 ms in a hidden tab). */
function afterPaint(): Promise<void> {
  return new Promise((resolve) => {
    requestAnimationFrame(() => setTimeout(resolve));
    setTimeout(resolve, 200);
  });
}

/** Reads the texture through a framebuffer of ours, with the game's pack state and bindings put back. */
function readBack(
  gl: GL,
  two: boolean,
  texture: WebGLTexture | null,
  w: number,
  h: number,
  premultiplied: boolean,
): Promise<ImageBitmap> {
  if (gl.isContextLost()) throw new Error('GPU copy: context lost');
  const [target, binding] = READ[two ? 2 : 1];
  const framebuffer = gl.getParameter(binding);
  // The pack state readPixels obeys (WebGL 2 adds a pack buffer and row settings): ours for the read, then theirs.
  const pack = PACK.slice(0, two ? 4 : 1);
  const was = pack.map((p) => gl.getParameter(p) as number);
  const buffer = two && gl.getParameter(PIXEL_PACK_BUFFER_BINDING);
  const own = gl.createFramebuffer();
  const pixels = new Uint8ClampedArray(w * h * 4);
  let complete = false;
  try {
    gl.bindFramebuffer(target, own);
    gl.framebufferTexture2D(target, gl.COLOR_ATTACHMENT0, gl.TEXTURE_2D, texture, 0);
    // Incomplete when the copy made no picture: then nothing is read and no error is raised.
    complete = gl.checkFramebufferStatus(target) === gl.FRAMEBUFFER_COMPLETE;
    if (complete) {
      for (const p of pack) gl.pixelStorei(p, p === PACK[0] ? 4 : 0);
      if (two) gl.bindBuffer(PIXEL_PACK_BUFFER, null);
      gl.readPixels(0, 0, w, h, gl.RGBA, gl.UNSIGNED_BYTE, pixels);
    }
  } finally {
    if (two) gl.bindBuffer(PIXEL_PACK_BUFFER, buffer);
    for (const [i, p] of pack.entries()) gl.pixelStorei(p, was[i]);
    gl.bindFramebuffer(target, framebuffer);
    gl.deleteFramebuffer(own);
  }
  if (!complete) throw new Error('GPU copy: not read');
  if (premultiplied) unpremultiply(pixels);
  // GL rows run bottom up.
  return createImageBitmap(new ImageData(pixels, w, h), { imageOrientation: 'flipY' });
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
