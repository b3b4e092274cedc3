// A WebGL game's GPU (renderer and vendor), read from the game's own context when the loader asks while the game
// idles. It ships in the overlay chunk, which the loader fetches while idle anyway, so the loader carries none of it.
import type { GpuFacts } from '../capture/device-info.ts';

/**
 * Each read waits for the GPU process (1-6 ms, hundreds on a canvas that just appeared). Never from a context of our
 * own: a 2D game would pay a new WebGL context (0.4-1.7 s). Undefined while the canvas has no context yet; '' for a
 * canvas with another kind of context (the reporter chunk names it) or a read that failed.
 */
export function readGpu(canvas: HTMLCanvasElement | null): GpuFacts | undefined {
  const type = (canvas as { __glitchboxContextType?: string } | null)?.__glitchboxContextType;
  if (!type) return undefined;
  if (!/webgl/.test(type)) return '';
  try {
    // getContext with the type the canvas already has returns its context, never a new one of another type.
    const gl = canvas!.getContext(type) as WebGLRenderingContext;
    const ext = gl.getExtension('WEBGL_debug_renderer_info');
    return [
      gl.getParameter(ext ? ext.UNMASKED_RENDERER_WEBGL : gl.RENDERER),
      gl.getParameter(ext ? ext.UNMASKED_VENDOR_WEBGL : gl.VENDOR),
    ];
  } catch {
    return '';
  }
}
