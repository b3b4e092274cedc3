// What the overlay chunk knows about the game canvas when it finishes a screenshot: the context behind it,
// the note saying why a frame was read outside the game's frame, and the colours the player saw behind it.

type Tagged = HTMLCanvasElement & { __glitchboxContextType?: string };

export interface CanvasContext {
  /** 'webgl', 'webgl2', '2d', 'webgpu', 'offscreen' (drawn from a worker), or '' when no context was seen. */
  type: string;
  /** Shown once and then cleared: read outside a frame, it holds no picture (WebGL without preserveDrawingBuffer). */
  dropsBuffer: boolean;
}

/** The canvas's context as the frame hook recorded it (made through getContext, or seen drawing). */
export function contextOf(canvas: HTMLCanvasElement | null): CanvasContext {
  const type = (canvas as Tagged | null)?.__glitchboxContextType ?? '';
  if (type === 'webgpu') return { type, dropsBuffer: true };
  if (!canvas || !/webgl/.test(type)) return { type, dropsBuffer: false };
  const ctx = canvas.getContext(type) as WebGLRenderingContext | null;
  return { type, dropsBuffer: !ctx?.getContextAttributes()?.preserveDrawingBuffer };
}

/** Why the canvas was read outside the game's frame, said for the context the game really uses. */
export function grabNote({ type }: CanvasContext, sinceDrawn: number): string {
  const last = Number.isFinite(sinceDrawn) ? `it last drew ${Math.round(sinceDrawn)} ms before` : 'no draw was seen';
  if (type === 'webgpu') {
    return (
      'A WebGPU canvas: no frame of it (getCurrentTexture) was seen in time, so it was read outside' +
      " the game's frame, where WebGPU keeps no picture."
    );
  }
  if (type === 'offscreen') {
    return 'The canvas is drawn from a worker (OffscreenCanvas): its frames are not seen from the page; read as shown.';
  }
  if (/webgl/.test(type)) {
    return (
      `No frame drew the canvas in time (${last}): the game may be frozen or very slow;` +
      ' WebGL contexts made from now on keep their buffer (preserveDrawingBuffer).'
    );
  }
  return `The canvas was read outside a frame (${type || 'no context seen'}; ${last}).`;
}

/**
 * CSS colours behind the canvas, nearest first: its own background, then each ancestor's, down to the first
 * opaque one (else the browser's white page). Images and gradients are not painted (the report says so).
 */
export function behindCanvas(canvas: HTMLCanvasElement): string[] {
  const colours: string[] = [];
  try {
    for (let el: Element | null = canvas; el; el = el.parentElement) {
      const colour = getComputedStyle(el).backgroundColor;
      const alpha = /rgba\(.*,\s*([\d.]+)\)/.exec(colour);
      if (!colour || colour === 'transparent' || (alpha && Number(alpha[1]) === 0)) continue;
      colours.push(colour);
      if (!alpha) return colours;
    }
  } catch {
    /* a detached canvas: the page's white */
  }
  colours.push('#fff');
  return colours;
}
