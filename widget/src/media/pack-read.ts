// The grab of an opaque WebGL 2 canvas: readPixels of its drawing buffer into a pixel buffer of ours inside the
// game's frame (the GPU process fills it; nothing waits), read with getBufferSubData after the frame that paints
// the form, once its fence has signalled (docs/widget.md#the-gpu-copy). Every binding and setting is put back.

const [READ_FRAMEBUFFER, READ_FRAMEBUFFER_BINDING, READ_BUFFER, BACK] = [0x8ca8, 0x8caa, 0x0c02, 0x0405];
const [PIXEL_PACK_BUFFER, PIXEL_PACK_BUFFER_BINDING, STREAM_READ] = [0x88eb, 0x88ed, 0x88e1];
const PACK = [0x0d05, 0x0d02, 0x0d03, 0x0d04]; // PACK_ALIGNMENT, _ROW_LENGTH, _SKIP_ROWS, _SKIP_PIXELS
const SYNC_GPU_COMMANDS_COMPLETE = 0x9117;

/** Our pixel buffer per context, kept between grabs (and sized while the game idles, by warmPackRead). */
const buffers = new WeakMap<WebGL2RenderingContext, { buffer: WebGLBuffer | null; size: number }>();

/**
 * Inside the game's frame: starts the read of the drawing buffer into our pixel buffer and returns its fence, or
 * undefined when the game left its default framebuffer reading nothing (read buffer NONE). readPixels as RGBA bytes
 * is allowed from any 8-bit buffer, with alpha or not, antialiased or not, so it raises no error for the game.
 */
export function startPackRead(gl: WebGL2RenderingContext, w: number, h: number): WebGLSync | undefined {
  // These reads are answered from the browser's own record of the state: no round trip to the GPU process.
  const framebuffer = gl.getParameter(READ_FRAMEBUFFER_BINDING);
  const bound = gl.getParameter(PIXEL_PACK_BUFFER_BINDING);
  const was = PACK.map((p) => gl.getParameter(p) as number);
  try {
    gl.bindFramebuffer(READ_FRAMEBUFFER, null);
    if (gl.getParameter(READ_BUFFER) !== BACK) return;
    const own = buffers.get(gl) ?? { buffer: gl.createBuffer(), size: 0 };
    buffers.set(gl, own);
    gl.bindBuffer(PIXEL_PACK_BUFFER, own.buffer);
    // Rows of RGBA bytes are 4-aligned whatever the width: w * h * 4 bytes, no padding.
    if (own.size !== w * h * 4) {
      own.size = w * h * 4;
      gl.bufferData(PIXEL_PACK_BUFFER, own.size, STREAM_READ);
    }
    for (const p of PACK) gl.pixelStorei(p, p === PACK[0] ? 4 : 0);
    gl.readPixels(0, 0, w, h, gl.RGBA, gl.UNSIGNED_BYTE, 0);
    return gl.fenceSync(SYNC_GPU_COMMANDS_COMPLETE, 0) ?? undefined;
  } finally {
    gl.bindBuffer(PIXEL_PACK_BUFFER, bound);
    for (const [i, p] of PACK.entries()) gl.pixelStorei(p, was[i]);
    gl.bindFramebuffer(READ_FRAMEBUFFER, framebuffer);
  }
}

/**
 * After the frame that paints the form, once the fence has signalled (before that, getBufferSubData would wait for
 * the GPU): our buffer's rows, bottom up. Undefined when the buffer no longer holds a picture of this size.
 */
export function readPack(gl: WebGL2RenderingContext, w: number, h: number): Uint8ClampedArray<ArrayBuffer> | undefined {
  const own = buffers.get(gl);
  if (!own || own.size !== w * h * 4) return;
  const pixels = new Uint8ClampedArray(w * h * 4);
  const bound = gl.getParameter(PIXEL_PACK_BUFFER_BINDING);
  try {
    gl.bindBuffer(PIXEL_PACK_BUFFER, own.buffer);
    gl.getBufferSubData(PIXEL_PACK_BUFFER, 0, pixels);
  } finally {
    gl.bindBuffer(PIXEL_PACK_BUFFER, bound);
  }
  return pixels;
}

/**
 * While the game idles: sizes our buffer and runs one read of the whole buffer into it, so the first grab pays no
 * allocation and no first use of that path in the GPU process (the first read stalled the game's next frame by
 * 30-280 ms, later ones not). Read outside a frame, the pixels are a cleared buffer's, and nothing is kept.
 */
export function warmPackRead(gl: WebGL2RenderingContext): void {
  if (buffers.has(gl) || gl.isContextLost()) return;
  const sync = startPackRead(gl, gl.drawingBufferWidth, gl.drawingBufferHeight);
  if (sync) gl.deleteSync(sync);
}
