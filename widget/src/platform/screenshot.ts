// The screenshot pipeline: grab the game canvas inside its frame, encode in the worker, and
// when the frame is blank fall back to a second in-frame grab, then a DOM capture (html2canvas,
// loaded on demand); the UI offers a file chooser as the last resort. Never throws.
import type { FrameHook } from './frame-hook.ts';
import type { EncodedFrame, FrameOverlay } from './frame-encoder.ts';

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

/** Step two, while the overlay shows: encode, check for a blank frame, try the fallbacks. */
export async function finishScreenshot(canvas: HTMLCanvasElement | null, grab: Grab, deps: ScreenshotDeps): Promise<Screenshot> {
  const notes: string[] = grab.error ? [`Canvas grab failed: ${grab.error}.`] : [];
  try {
    const overlays = deps.hud && canvas ? await hudOverlays(deps, canvas, notes) : [];
    if (grab.bitmap) {
      const first = await deps.encode(grab.bitmap, overlays);
      if (!first.blank) return { ...first, source: grab.inFrame ? 'frame' : 'frame-outside' };
      notes.push('The canvas frame was blank (a WebGL context without preserveDrawingBuffer read outside its frame).');
      if (canvas && deps.frames.sinceLastFrame() < 250) {
        const again = await grabCanvas(canvas, deps.frames);
        if (again.bitmap) {
          const second = await deps.encode(again.bitmap, await hudOverlays(deps, canvas, []));
          if (!second.blank) return { ...second, source: 'frame', note: notes.join(' ') };
        }
      }
    }
    if (canvas) {
      try {
        const dom = await deps.domCapture();
        const shot = await dom.captureDom(canvas.parentElement ?? document.body, deps.isOwnElement);
        const encoded = await deps.encode(await createImageBitmap(shot));
        if (!encoded.blank) return { ...encoded, source: 'dom', note: [...notes, 'Captured from the page DOM.'].join(' ') };
      } catch (e) {
        notes.push(`DOM capture failed: ${e}.`);
      }
    }
  } catch (e) {
    notes.push(`Screenshot failed: ${e}.`);
  }
  return { blob: null, width: 0, height: 0, blank: true, source: 'none', note: notes.join(' ') || 'No screenshot.' };
}

async function hudOverlays(deps: ScreenshotDeps, canvas: HTMLCanvasElement, notes: string[]): Promise<FrameOverlay[]> {
  try {
    return await (await deps.domCapture()).captureHud(deps.hud as string, canvas, deps.isOwnElement);
  } catch (e) {
    notes.push(`HUD capture failed: ${e}.`);
    return [];
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
