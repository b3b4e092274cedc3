// The device facts the loader reads itself: a WebGL game's renderer and vendor (once, while the game idles, from the
// context it uses) and the short block a report carries when the reporter chunk cannot load. The full block, the GPU
// line included, is written in that chunk when a report is made (delivery/device-info.ts).

/** A WebGL context's [renderer, vendor]; '' when the canvas has another kind of context or the read failed. */
export type GpuFacts = '' | [renderer: unknown, vendor: unknown];

let gpu: GpuFacts | undefined;

/**
 * Reads a WebGL game's GPU once per page from its own context, while the game idles: each read waits for the GPU
 * process (1-6 ms, hundreds on a canvas that just appeared). Never from a context of our own: a 2D game would pay a
 * new WebGL context (0.4-1.7 s). Returns false while the canvas has no context yet.
 */
export function readGpuName(canvas: HTMLCanvasElement | null): boolean {
  if (gpu !== undefined) return true;
  const type = (canvas as { __glitchboxContextType?: string } | null)?.__glitchboxContextType;
  if (!type) return false;
  gpu = '';
  if (/webgl/.test(type)) {
    // getContext with the type the canvas already has returns its context, never a new one of another type.
    const gl = canvas!.getContext(type) as WebGLRenderingContext;
    try {
      const ext = gl.getExtension('WEBGL_debug_renderer_info');
      gpu = [
        gl.getParameter(ext ? ext.UNMASKED_RENDERER_WEBGL : gl.RENDERER),
        gl.getParameter(ext ? ext.UNMASKED_VENDOR_WEBGL : gl.VENDOR),
      ];
    } catch {
      /* no GPU line */
    }
  }
  return true;
}

/** The WebGL GPU as read so far (undefined before the idle read). */
export const gpuFacts = () => gpu;

/** With no chunk at hand (offline since page load): a line the service parses, and the user agent for the rest. */
export const plainDeviceInfo = () => `User agent: ${navigator.userAgent}\nCPU: ${navigator.hardwareConcurrency} cores`;
