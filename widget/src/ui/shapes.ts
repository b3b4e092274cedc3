// Annotation shapes (pen, arrow, box, text label, redact) in a chosen colour, and how they are painted: onto the
// editor's canvas, onto the transparent annotation layer, and (redactions only) into the screenshot itself.

export type Tool = 'pen' | 'arrow' | 'box' | 'text' | 'redact';
export interface Point {
  x: number;
  y: number;
}
export interface Shape {
  tool: Tool;
  points: Point[];
  /** Stroke and text colour (redactions are always black); INK when absent. */
  color?: string;
  /** The label of a `text` shape, drawn at its first point. */
  text?: string;
}

const INK = '#ef4444';
/** The colours offered: red (the default), yellow, green, blue, white; each readable over a dark or light frame
 * with the outline labels get. */
export const COLORS = { red: INK, yellow: '#facc15', green: '#22c55e', blue: '#3b82f6', white: '#ffffff' } as const;
export type ColorName = keyof typeof COLORS;

export function drawShape(
  ctx: CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D,
  s: Shape,
  scale: number,
): void {
  const pts = s.points;
  if (!pts.length) return;
  const a = pts[0];
  const b = pts[pts.length - 1];
  ctx.save();
  ctx.lineWidth = Math.max(2, 4 * scale);
  ctx.strokeStyle = s.color ?? INK;
  ctx.lineCap = 'round';
  ctx.lineJoin = 'round';
  if (s.tool === 'redact') {
    ctx.fillStyle = '#000';
    ctx.fillRect(Math.min(a.x, b.x), Math.min(a.y, b.y), Math.abs(b.x - a.x), Math.abs(b.y - a.y));
  } else if (s.tool === 'text') {
    // A dark outline under the colour keeps the label readable whatever the frame behind it.
    ctx.font = `bold ${Math.round(Math.max(14, 28 * scale))}px system-ui, sans-serif`;
    ctx.textBaseline = 'middle';
    ctx.lineWidth = Math.max(3, 5 * scale);
    ctx.strokeStyle = '#000';
    ctx.strokeText(s.text ?? '', a.x, a.y);
    ctx.fillStyle = s.color ?? INK;
    ctx.fillText(s.text ?? '', a.x, a.y);
  } else if (s.tool === 'box') {
    ctx.strokeRect(Math.min(a.x, b.x), Math.min(a.y, b.y), Math.abs(b.x - a.x), Math.abs(b.y - a.y));
  } else if (s.tool === 'arrow') {
    const angle = Math.atan2(b.y - a.y, b.x - a.x);
    const head = Math.max(12, 18 * scale);
    ctx.beginPath();
    ctx.moveTo(a.x, a.y);
    ctx.lineTo(b.x, b.y);
    ctx.moveTo(b.x, b.y);
    ctx.lineTo(b.x - head * Math.cos(angle - 0.5), b.y - head * Math.sin(angle - 0.5));
    ctx.moveTo(b.x, b.y);
    ctx.lineTo(b.x - head * Math.cos(angle + 0.5), b.y - head * Math.sin(angle + 0.5));
    ctx.stroke();
  } else {
    ctx.beginPath();
    ctx.moveTo(a.x, a.y);
    for (const p of pts) ctx.lineTo(p.x, p.y);
    ctx.stroke();
  }
  ctx.restore();
}

function toPng(canvas: HTMLCanvasElement): Promise<Blob> {
  return new Promise((resolve, reject) =>
    canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('PNG encoding failed'))), 'image/png'),
  );
}

const scaleOf = (w: number, h: number) => Math.max(w, h) / 1280;

/** The transparent annotation layer, same size as the screenshot. */
export async function renderLayer(shapes: Shape[], width: number, height: number): Promise<Blob> {
  const c = document.createElement('canvas');
  c.width = width;
  c.height = height;
  const ctx = c.getContext('2d') as CanvasRenderingContext2D;
  for (const s of shapes) drawShape(ctx, s, scaleOf(width, height));
  return toPng(c);
}

/** The screenshot with redactions burnt in, so a redacted secret never leaves the device. */
export async function burnRedactions(screenshot: Blob, shapes: Shape[]): Promise<Blob> {
  const redactions = shapes.filter((s) => s.tool === 'redact');
  if (!redactions.length) return screenshot;
  const bitmap = await createImageBitmap(screenshot);
  const c = document.createElement('canvas');
  c.width = bitmap.width;
  c.height = bitmap.height;
  const ctx = c.getContext('2d') as CanvasRenderingContext2D;
  ctx.drawImage(bitmap, 0, 0);
  for (const s of redactions) drawShape(ctx, s, 1);
  return toPng(c);
}
