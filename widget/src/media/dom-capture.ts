// Lazy chunk: DOM HUD elements painted over the game frame, and DOM capture for pages whose canvas
// reads back blank. A HUD of text and boxes is painted here from computed styles (well under a
// millisecond for a score line); html2canvas, which clones the whole page into an iframe in one long
// main-thread task, is loaded only for a HUD this painter cannot draw and for the DOM fallback.
import type { FrameOverlay } from './frame-encoder.ts';

const html2canvas = async () => (await import('html2canvas')).default;

export async function captureDom(target: HTMLElement, ignore: (el: Element) => boolean): Promise<HTMLCanvasElement> {
  return (await html2canvas())(target, {
    ignoreElements: ignore,
    logging: false,
    useCORS: true,
    backgroundColor: null,
  });
}

/** Each element matching the selector, rendered and placed in the canvas's pixel space. */
export async function captureHud(
  selector: string,
  canvas: HTMLCanvasElement,
  ignore: (el: Element) => boolean,
): Promise<FrameOverlay[]> {
  const frame = canvas.getBoundingClientRect();
  const sx = canvas.width / (frame.width || 1);
  const sy = canvas.height / (frame.height || 1);
  const overlays: FrameOverlay[] = [];
  for (const el of Array.from(document.querySelectorAll<HTMLElement>(selector))) {
    const r = el.getBoundingClientRect();
    if (!r.width || !r.height) continue;
    const shot =
      paintHud(el, r, sx, sy, ignore) ??
      (await (
        await html2canvas()
      )(el, { ignoreElements: ignore, logging: false, backgroundColor: null }));
    overlays.push({
      bitmap: await createImageBitmap(shot),
      x: (r.left - frame.left) * sx,
      y: (r.top - frame.top) * sy,
      w: r.width * sx,
      h: r.height * sy,
    });
  }
  return overlays;
}

/** Elements whose look is more than boxes and text: left to html2canvas. */
const NOT_PAINTED = /^(IMG|CANVAS|VIDEO|IFRAME|OBJECT|EMBED|PICTURE|SVG|INPUT|SELECT|TEXTAREA|BUTTON|METER|PROGRESS)$/i;
const transparent = (color: string) => color === 'transparent' || /^rgba\(.*,\s*0\)$/.test(color);
const px = (value: string) => parseFloat(value) || 0;
/** ::before or ::after content (icons, counters) is drawn by a real renderer only. */
const generated = (el: Element) =>
  ['::before', '::after'].some((p) => !/^(none|normal)$/.test(getComputedStyle(el, p).content));

/**
 * Paints `root` (backgrounds, borders, text with its colour, font and first text shadow) into a
 * canvas in the game canvas's pixel space; null when something in it needs a real renderer
 * (images, SVG, form controls, transforms, gradients, box shadows, rounded borders, ::before and
 * ::after content).
 */
function paintHud(
  root: HTMLElement,
  box: DOMRect,
  sx: number,
  sy: number,
  ignore: (el: Element) => boolean,
): HTMLCanvasElement | null {
  const out = document.createElement('canvas');
  out.width = Math.max(1, Math.round(box.width * sx));
  out.height = Math.max(1, Math.round(box.height * sy));
  const ctx = out.getContext('2d');
  if (!ctx) return null;
  ctx.scale(sx, sy);
  ctx.translate(-box.left, -box.top);
  const range = document.createRange();

  const paintText = (node: Text, style: CSSStyleDeclaration) => {
    ctx.fillStyle = style.color;
    ctx.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    ctx.textBaseline = 'middle';
    const shadow = /^(rgba?\([^)]*\)|#\w+|\w+)\s+(-?[\d.]+)px\s+(-?[\d.]+)px\s+([\d.]+)px/.exec(style.textShadow);
    ctx.shadowColor = shadow ? shadow[1] : 'transparent';
    ctx.shadowOffsetX = shadow ? Number(shadow[2]) * sx : 0;
    ctx.shadowOffsetY = shadow ? Number(shadow[3]) * sy : 0;
    ctx.shadowBlur = shadow ? Number(shadow[4]) * sx : 0;
    const transform = style.textTransform;
    // Word by word, each at the place the browser laid it out (so wrapping and spacing are its own).
    for (const word of node.data.matchAll(/\S+/g)) {
      range.setStart(node, word.index);
      range.setEnd(node, word.index + word[0].length);
      const at = range.getBoundingClientRect();
      if (!at.width) continue;
      const text =
        transform === 'uppercase' ? word[0].toUpperCase() : transform === 'lowercase' ? word[0].toLowerCase() : word[0];
      ctx.fillText(text, at.left, at.top + at.height / 2);
    }
    ctx.shadowColor = 'transparent';
  };

  const walk = (el: Element, alpha: number): boolean => {
    if (ignore(el)) return true;
    const style = getComputedStyle(el);
    if (style.display === 'none') return true;
    if (
      NOT_PAINTED.test(el.tagName) ||
      el instanceof SVGElement ||
      style.transform !== 'none' ||
      style.backgroundImage !== 'none' ||
      style.boxShadow !== 'none' ||
      style.filter !== 'none' ||
      style.clipPath !== 'none' ||
      generated(el)
    )
      return false;
    const a = alpha * Number(style.opacity || 1);
    const visible = style.visibility === 'visible';
    if (visible) {
      const r = el.getBoundingClientRect();
      const sides = [style.borderTopWidth, style.borderRightWidth, style.borderBottomWidth, style.borderLeftWidth].map(
        px,
      );
      const rounded =
        px(style.borderTopLeftRadius) +
          px(style.borderTopRightRadius) +
          px(style.borderBottomLeftRadius) +
          px(style.borderBottomRightRadius) >
        0;
      if (rounded && sides.some((w) => w > 0)) return false;
      ctx.globalAlpha = a;
      if (!transparent(style.backgroundColor)) {
        ctx.fillStyle = style.backgroundColor;
        ctx.beginPath();
        if (rounded && ctx.roundRect) ctx.roundRect(r.left, r.top, r.width, r.height, px(style.borderTopLeftRadius));
        else ctx.rect(r.left, r.top, r.width, r.height);
        ctx.fill();
      }
      const [t, right, b, l] = sides;
      const strips: Array<[number, string, number, number, number, number]> = [
        [t, style.borderTopColor, r.left, r.top, r.width, t],
        [right, style.borderRightColor, r.right - right, r.top, right, r.height],
        [b, style.borderBottomColor, r.left, r.bottom - b, r.width, b],
        [l, style.borderLeftColor, r.left, r.top, l, r.height],
      ];
      for (const [width, color, x, y, w, h] of strips) {
        if (width > 0 && !transparent(color)) {
          ctx.fillStyle = color;
          ctx.fillRect(x, y, w, h);
        }
      }
    }
    for (const node of Array.from(el.childNodes)) {
      if (node.nodeType === Node.TEXT_NODE) {
        if (visible) {
          ctx.globalAlpha = a;
          paintText(node as Text, style);
        }
      } else if (node.nodeType === Node.ELEMENT_NODE && !walk(node as Element, a)) {
        return false;
      }
    }
    return true;
  };
  return walk(root, 1) ? out : null;
}
