// The device facts the loader reads itself: what the GPU is (once, while the game idles, from the context it uses),
// kept raw, and the short block a report carries when the reporter chunk cannot load. The full block, the GPU line
// included, is formatted in that chunk when a report is made (delivery/device-info.ts).

/** What the GPU is, as read: a WebGL context's [renderer, vendor], a WebGPU adapter's info, or the kind of canvas
 * ('2d', 'offscreen') when there is no GPU context to ask; '' when the read failed. */
export type GpuFacts = string | [renderer: unknown, vendor: unknown] | GpuAdapterInfo;
export type GpuAdapterInfo = { vendor?: string; architecture?: string; device?: string; description?: string };

let gpu: GpuFacts | undefined;

/**
 * Reads the GPU once per page from the game's own context, while the game idles: each WebGL read waits for the GPU
 * process (1-6 ms, hundreds on a canvas that just appeared). Never from a context of our own: a 2D game would pay a
 * new WebGL context (0.4-1.7 s). Returns false while the canvas has no context yet.
 */
export function readGpuName(canvas: HTMLCanvasElement | null): boolean {
  if (gpu !== undefined) return true;
  const type = (canvas as { __glitchboxContextType?: string } | null)?.__glitchboxContextType;
  if (type === 'webgpu') {
    // The adapter's info, asked for once, off the frame.
    gpu = '';
    (navigator as { gpu?: { requestAdapter(): Promise<{ info?: GpuAdapterInfo } | null> } }).gpu?.requestAdapter().then(
      (a) => {
        gpu = a?.info ?? {};
      },
      () => {},
    );
    return true;
  }
  if (type === '2d' || type === 'offscreen') {
    gpu = type;
    return true;
  }
  // getContext with the type the canvas already has returns its context, never a new one of another type.
  const gl = type && /webgl/.test(type) ? (canvas?.getContext(type) as WebGLRenderingContext | null) : null;
  if (!gl) return false;
  try {
    const ext = gl.getExtension('WEBGL_debug_renderer_info');
    gpu = [
      gl.getParameter(ext ? ext.UNMASKED_RENDERER_WEBGL : gl.RENDERER),
      gl.getParameter(ext ? ext.UNMASKED_VENDOR_WEBGL : gl.VENDOR),
    ];
  } catch {
    gpu = '';
  }
  return true;
}

/** The GPU as read so far (undefined before the idle read). */
export const gpuFacts = () => gpu;

/** With no chunk at hand (offline since page load): a line the service parses, and the user agent for the rest. */
export const plainDeviceInfo = () => `User agent: ${navigator.userAgent}\nCPU: ${navigator.hardwareConcurrency} cores`;
