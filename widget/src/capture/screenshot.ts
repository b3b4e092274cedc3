// The loader's half of the screenshot pipeline: choose the game canvas and grab it, with the canvases
// drawn over it, once the game has finished a frame and before anything of ours is drawn. Encoding and
// the blank-frame fallbacks are finish-screenshot.ts, in the lazy overlay chunk (they get the grab
// through ScreenshotDeps so no code is shipped twice).
import type { FrameHook } from './frame-hook.ts';
import type { EncodedFrame, FrameOverlay } from '../media/frame-encoder.ts';

export type ScreenshotSource = 'frame' | 'frame-outside' | 'dom' | 'file' | 'none';

export interface Screenshot {
  blob: Blob | null;
  width: number;
  height: number;
  blank: boolean;
  source: ScreenshotSource;
  /** Why the picture may be wrong or missing, shown to the player and kept in the report's log. */
  note?: string;
}

export interface DomCaptureModule {
  captureDom(target: HTMLElement, ignore: (el: Element) => boolean): Promise<HTMLCanvasElement>;
  captureHud(selector: string, canvas: HTMLCanvasElement, ignore: (el: Element) => boolean): Promise<FrameOverlay[]>;
}

export interface ScreenshotDeps {
  frames: FrameHook;
  encode(bitmap: ImageBitmap, overlays?: FrameOverlay[], behind?: string[]): Promise<EncodedFrame>;
  domCapture(): Promise<DomCaptureModule>;
  /** A second grab (grabCanvas bound to the frame hook), for a blank first frame. */
  grab(canvas: HTMLCanvasElement): Promise<Grab>;
  hud?: string;
  isOwnElement(el: Element): boolean;
}

export interface Grab {
  bitmap: ImageBitmap | null;
  /** Canvases drawn over the game canvas (a HUD), grabbed in the same frame, in its pixel space. */
  overlays: FrameOverlay[];
  inFrame: boolean;
  /** Milliseconds waited for the game's frame. */
  waited: number;
  error?: string;
}

/**
 * How long the grab waits for a frame that draws into the game canvas: a game at 2 fps draws every
 * 500 ms. One that drew in the last SLOW_FRAME_MS (a game at 0.3 fps) is waited for that long, since
 * the form is shown meanwhile; a canvas that drew nothing for longer has stopped, and is read at once.
 */
const FRAME_WAIT_MS = 600;
const SLOW_FRAME_MS = 4000;

/** A copy of a canvas started in the game's frame and read back later (media/gpu-copy.ts, in the overlay chunk). */
export type CopyFrame = (canvas: HTMLCanvasElement, frames: FrameHook) => Promise<ImageBitmap> | undefined;

/**
 * Step one, before the overlay appears: copies of the canvas and its overlays, once a frame drew into it. `copy`
 * (once the overlay chunk is loaded) takes WebGL canvases on the GPU; the others, or all before, createImageBitmap.
 */
export async function grabCanvas(canvas: HTMLCanvasElement | null, frames: FrameHook, copy?: CopyFrame): Promise<Grab> {
  const start = performance.now();
  if (!canvas) return { bitmap: null, overlays: [], inFrame: false, waited: 0, error: 'no canvas found' };
  let pending: Array<Promise<ImageBitmap>> = [];
  // Where the canvases over it are, read now: in the key's task the page's layout is clean (the canvas choice just
  // read it), where in the game's frame, after the form was shown, the reads forced the page's style there.
  const over = overCanvases(canvas, frames);
  const placed = over.map(({ x, y, w, h }) => ({ x, y, w, h }));
  const take = () => {
    const at = performance.now();
    pending = [canvas, ...over.map((o) => o.el)].map((c) => copy?.(c, frames) ?? createImageBitmap(c));
    // User Timing entry: what the game's frame paid for the grab (read by the bench, shown in DevTools).
    performance.measure('glitchbox:grab', { start: at });
  };
  const since = frames.sinceDrawn(canvas);
  const inFrame = await frames.whenDrawn(
    canvas,
    take,
    since < FRAME_WAIT_MS ? FRAME_WAIT_MS : since < SLOW_FRAME_MS ? SLOW_FRAME_MS : 0,
  );
  // No frame we could see drew this WebGL canvas in time: later contexts keep their buffer (the log says so).
  if (!inFrame) frames.preserveFromNow();
  const waited = Math.round(performance.now() - start);
  try {
    const [bitmap, ...rest] = await Promise.all(pending);
    return { bitmap, overlays: rest.map((b, i) => ({ ...placed[i], bitmap: b })), inFrame, waited };
  } catch (e) {
    return { bitmap: null, overlays: [], inFrame, waited, error: String(e) };
  }
}

type CanvasOption = string | HTMLCanvasElement | (() => HTMLCanvasElement | null) | undefined;

/**
 * The game canvas: the configured one, else the visible canvas the game draws into: one that drew
 * in the last 2 s first, then a WebGL one over a 2D one, then the larger; on a tie the lower in the
 * page (a HUD canvas of the same size comes after the game's and is drawn over it as an overlay).
 */
export function findCanvas(option: CanvasOption, frames?: FrameHook): HTMLCanvasElement | null {
  try {
    if (typeof option === 'function') return option();
    if (option instanceof HTMLCanvasElement) return option;
    if (typeof option === 'string') return document.querySelector<HTMLCanvasElement>(option);
    let best: HTMLCanvasElement | null = null;
    let top = 0;
    for (const c of Array.from(document.querySelectorAll('canvas'))) {
      const area = c.clientWidth * c.clientHeight;
      if (!area) continue;
      const type = (c as { __glitchboxContextType?: string }).__glitchboxContextType ?? '';
      const score = (frames && frames.sinceDrawn(c) < 2000 ? 4e12 : 0) + (/webgl|webgpu/.test(type) ? 2e12 : 0) + area;
      if (score > top) {
        top = score;
        best = c;
      }
    }
    return best;
  } catch {
    return null;
  }
}

/**
 * Canvases painted over the game canvas (by the computed stacking of their ancestors: a HUD canvas inside a
 * positioned container with a higher z-index is over it, wherever it sits in the page) that overlap it and
 * drew something, bottom first, placed in the game canvas's pixel space.
 */
function overCanvases(canvas: HTMLCanvasElement, frames: FrameHook) {
  const frame = canvas.getBoundingClientRect();
  const sx = canvas.width / (frame.width || 1);
  const sy = canvas.height / (frame.height || 1);
  return Array.from(document.querySelectorAll('canvas'))
    .flatMap((el) => {
      const r = el.getBoundingClientRect();
      const overlaps = r.right > frame.left && r.left < frame.right && r.bottom > frame.top && r.top < frame.bottom;
      const shown = overlaps && el !== canvas && el.width && getComputedStyle(el).visibility === 'visible';
      return shown && frames.framesDrawn(el) && paintsOver(el, canvas) > 0
        ? [{ el, x: (r.left - frame.left) * sx, y: (r.top - frame.top) * sy, w: r.width * sx, h: r.height * sy }]
        : [];
    })
    .sort((a, b) => paintsOver(a.el, b.el));
}

/** The elements that make stacking contexts from the page down to `el`, and `el` last. */
function stacking(el: Element): Element[] {
  const out = [el];
  for (let p = el.parentElement; p && p !== document.documentElement; p = p.parentElement) {
    const s = getComputedStyle(p);
    const positioned = s.position !== 'static';
    if (
      (positioned && s.zIndex !== 'auto') ||
      /fixed|sticky/.test(s.position) ||
      s.opacity !== '1' ||
      s.transform !== 'none' ||
      s.filter !== 'none' ||
      s.isolation === 'isolate'
    )
      out.unshift(p);
  }
  return out;
}

/**
 * Above zero when `a` is painted over `b` (CSS 2.1 appendix E, simplified): at the first level where their
 * stacking contexts part, the higher z-index, then positioned over in-flow, then the later in the page.
 */
function paintsOver(a: Element, b: Element): number {
  const ca = stacking(a);
  const cb = stacking(b);
  let i = 0;
  while (ca[i] === cb[i]) i++;
  const level = (el: Element) => {
    const s = getComputedStyle(el);
    return s.position === 'static' ? [0, 0] : [parseInt(s.zIndex, 10) || 0, 1];
  };
  const [x, y] = [level(ca[i]), level(cb[i])];
  return (
    x[0] - y[0] || x[1] - y[1] || (ca[i].compareDocumentPosition(cb[i]) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1)
  );
}
