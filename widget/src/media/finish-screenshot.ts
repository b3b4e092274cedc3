// The overlay's half of the screenshot pipeline: encode the grab (with the canvases over it, over the colours
// behind it) in the worker; when the frame is blank, or a cleared buffer read outside the game's frame, try a
// second grab, then a DOM capture (html2canvas, loaded on demand) kept only when it shows something. Never throws.
import type { FrameOverlay } from './frame-encoder.ts';
import type { Grab, Screenshot, ScreenshotDeps } from '../capture/screenshot.ts';
import { behindCanvas, contextOf, grabNote } from './screenshot-notes.ts';

/** Step two, while the overlay shows: encode, check for a blank frame, try the fallbacks. */
export async function finishScreenshot(
  canvas: HTMLCanvasElement | null,
  first: Grab,
  deps: ScreenshotDeps,
): Promise<Screenshot> {
  const notes: string[] = first.error ? [`Canvas grab failed: ${first.error}.`] : [];
  // A GPU copy that could not be read back: the next drawn frame, grabbed by createImageBitmap (media/gpu-copy.ts).
  const grab = !first.bitmap && canvas && first.error?.includes('GPU copy') ? await deps.grab(canvas) : first;
  if (grab.waited > 100) notes.push(`Waited ${grab.waited} ms for the game's next frame.`);
  const context = contextOf(canvas);
  if (!grab.inFrame && canvas) notes.push(grabNote(context, deps.frames.sinceDrawn(canvas)));
  const done = (shot: Omit<Screenshot, 'note'>): Screenshot => ({ ...shot, note: notes.join(' ') || undefined });
  const behind = canvas ? behindCanvas(canvas) : [];
  /**
   * Whether an encoded grab is the game's picture. Outside a frame, a canvas that drops its buffer once shown
   * (WebGL without preserveDrawingBuffer, WebGPU) reads cleared: one colour, opaque black with alpha: false.
   * One colour read inside a drawn frame (or from a canvas that keeps its pixels) is a real picture.
   */
  const accepted = (f: { blank: boolean; uniform: boolean }, inFrame: boolean) => {
    if (f.blank) notes.push('The canvas frame was blank (transparent black).');
    else if (f.uniform && !inFrame && context.dropsBuffer) {
      notes.push('The canvas read one colour outside a frame: its cleared buffer, not the picture the player saw.');
    } else return true;
    return false;
  };
  try {
    const hud = async () => (deps.hud && canvas ? hudOverlays(deps, canvas, notes) : []);
    if (grab.bitmap) {
      const first = await deps.encode(grab.bitmap, [...grab.overlays, ...(await hud())], behind);
      if (accepted(first, grab.inFrame)) return done({ ...first, source: grab.inFrame ? 'frame' : 'frame-outside' });
      // A second grab waits for the next drawn frame again (at once when the game stopped drawing).
      if (canvas) {
        const again = await deps.grab(canvas);
        if (again.bitmap) {
          const second = await deps.encode(again.bitmap, [...again.overlays, ...(await hud())], behind);
          if (accepted(second, again.inFrame)) {
            return done({ ...second, source: again.inFrame ? 'frame' : 'frame-outside' });
          }
        }
      }
    }
    if (canvas) {
      try {
        const target = canvas.parentElement ?? document.body;
        const shot = await (await deps.domCapture()).captureDom(target, deps.isOwnElement);
        // Better than the blank frame only when the canvas's place shows something (DOM drawn over it).
        if (areaEmpty(shot, canvas, target)) notes.push('A DOM capture showed nothing where the canvas is.');
        else {
          const encoded = await deps.encode(await createImageBitmap(shot));
          notes.push('Captured from the page DOM.');
          return done({ ...encoded, source: 'dom' });
        }
      } catch (e) {
        notes.push(`DOM capture failed: ${e}.`);
      }
    }
  } catch (e) {
    notes.push(`Screenshot failed: ${e}.`);
  }
  notes.push('No picture of the game is attached; the player was offered to choose an image file.');
  return { blob: null, width: 0, height: 0, blank: true, source: 'none', note: notes.join(' ') };
}

/** True when the canvas's rectangle in a DOM capture of `target` is one colour (up to 4,096 samples). */
function areaEmpty(shot: HTMLCanvasElement, canvas: HTMLCanvasElement, target: HTMLElement): boolean {
  const t = target.getBoundingClientRect();
  const r = canvas.getBoundingClientRect();
  // html2canvas draws from the target's top-left at one scale (the pixel ratio); its height may exceed the target's.
  const k = shot.width / (t.width || 1);
  const x = Math.max(0, Math.round((r.left - t.left) * k));
  const y = Math.max(0, Math.round((r.top - t.top) * k));
  const w = Math.min(shot.width - x, Math.round(r.width * k));
  const h = Math.min(shot.height - y, Math.round(r.height * k));
  if (w <= 0 || h <= 0) return true;
  const words = new Uint32Array(shot.getContext('2d')!.getImageData(x, y, w, h).data.buffer);
  const step = Math.max(1, Math.floor(words.length / 4096));
  for (let i = step; i < words.length; i += step) if (words[i] !== words[0]) return false;
  return true;
}

async function hudOverlays(deps: ScreenshotDeps, canvas: HTMLCanvasElement, notes: string[]): Promise<FrameOverlay[]> {
  try {
    return await (await deps.domCapture()).captureHud(deps.hud as string, canvas, deps.isOwnElement);
  } catch (e) {
    notes.push(`HUD capture failed: ${e}.`);
    return [];
  }
}
