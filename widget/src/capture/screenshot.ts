// The loader's half of the screenshot pipeline: find the game canvas and grab it inside its frame
// before anything of ours is drawn. Encoding and the blank-frame fallbacks are finish-screenshot.ts,
// in the lazy overlay chunk; they get the grab through ScreenshotDeps so no code is shipped twice.
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
  encode(bitmap: ImageBitmap, overlays?: FrameOverlay[]): Promise<EncodedFrame>;
  domCapture(): Promise<DomCaptureModule>;
  /** A second in-frame grab (grabCanvas bound to the frame hook), for a blank first frame. */
  grab(canvas: HTMLCanvasElement): Promise<Grab>;
  hud?: string;
  isOwnElement(el: Element): boolean;
}

export interface Grab { bitmap: ImageBitmap | null; inFrame: boolean; error?: string }

/** Step one, before the overlay appears: a copy of the canvas taken right after the game's frame callback. */
export async function grabCanvas(canvas: HTMLCanvasElement | null, frames: FrameHook): Promise<Grab> {
  if (!canvas) return { bitmap: null, inFrame: false, error: 'no canvas found' };
  let pending: Promise<ImageBitmap> | undefined;
  const take = () => {
    const start = performance.now();
    pending = createImageBitmap(canvas);
    // User Timing entry: what the game's frame paid for the grab (read by the bench, shown in DevTools).
    performance.measure('glitchbox:grab', { start });
  };
  const running = frames.sinceLastFrame() < 250;
  const inFrame = running ? await frames.afterNextGameFrame(take, 100) : (take(), false);
  try {
    return { bitmap: pending ? await pending : null, inFrame };
  } catch (e) {
    return { bitmap: null, inFrame, error: String(e) };
  }
}

/** The game canvas: the configured one, else the largest visible canvas on the page. */
export function findCanvas(option: string | HTMLCanvasElement | (() => HTMLCanvasElement | null) | undefined): HTMLCanvasElement | null {
  try {
    if (typeof option === 'function') return option();
    if (option instanceof HTMLCanvasElement) return option;
    if (typeof option === 'string') return document.querySelector<HTMLCanvasElement>(option);
    let best: HTMLCanvasElement | null = null;
    let area = 0;
    for (const c of Array.from(document.querySelectorAll('canvas'))) {
      const a = c.clientWidth * c.clientHeight;
      if (a > area) { area = a; best = c; }
    }
    return best;
  } catch {
    return null;
  }
}
