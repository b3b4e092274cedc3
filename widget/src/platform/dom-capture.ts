// Lazy chunk: DOM capture with html2canvas, for pages whose canvas reads back blank and for
// DOM HUD elements painted over the game frame. Loaded only when one of those is needed.
import html2canvas from 'html2canvas';
import type { FrameOverlay } from './frame-encoder.ts';

export async function captureDom(target: HTMLElement, ignore: (el: Element) => boolean): Promise<HTMLCanvasElement> {
  return html2canvas(target, { ignoreElements: ignore, logging: false, useCORS: true, backgroundColor: null });
}

/** Each element matching the selector, rendered and placed in the canvas's pixel space. */
export async function captureHud(selector: string, canvas: HTMLCanvasElement, ignore: (el: Element) => boolean): Promise<FrameOverlay[]> {
  const frame = canvas.getBoundingClientRect();
  const sx = canvas.width / (frame.width || 1);
  const sy = canvas.height / (frame.height || 1);
  const overlays: FrameOverlay[] = [];
  for (const el of Array.from(document.querySelectorAll<HTMLElement>(selector))) {
    const r = el.getBoundingClientRect();
    if (!r.width || !r.height) continue;
    const shot = await html2canvas(el, { ignoreElements: ignore, logging: false, backgroundColor: null });
    overlays.push({ bitmap: await createImageBitmap(shot), x: (r.left - frame.left) * sx, y: (r.top - frame.top) * sy, w: r.width * sx, h: r.height * sy });
  }
  return overlays;
}
