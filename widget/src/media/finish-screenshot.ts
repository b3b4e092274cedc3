// The overlay's half of the screenshot pipeline: encode the grab in the worker, and when the frame
// is blank fall back to a second in-frame grab, then a DOM capture (html2canvas, loaded on demand);
// the UI offers a file chooser as the last resort. Never throws.
import type { FrameOverlay } from './frame-encoder.ts';
import type { Grab, Screenshot, ScreenshotDeps } from '../capture/screenshot.ts';

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
        const again = await deps.grab(canvas);
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
