// The screenshot editor: pen, arrow, box and redact drawn with a pointer on a canvas laid over
// the screenshot, in the screenshot's own pixel space; undo, clear, done.
/** @jsxRuntime classic */
/** @jsx h */
// biome-ignore lint/correctness/noUnusedImports: the file's JSX pragma compiles to h().
import { h } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import type { Translate } from './i18n.ts';
import { drawShape, type Point, type Shape, type Tool } from './shapes.ts';

export interface EditorProps {
  src: string;
  width: number;
  height: number;
  shapes: Shape[];
  t: Translate;
  onDone(shapes: Shape[]): void;
  onCancel(): void;
  /** Lets the app route keys (undo) to the editor. */
  bindUndo(fn: (() => void) | null): void;
}

const TOOLS: Tool[] = ['pen', 'arrow', 'box', 'redact'];

export function AnnotationEditor(p: EditorProps) {
  const [tool, setTool] = useState<Tool>('pen');
  const [shapes, setShapes] = useState<Shape[]>(p.shapes);
  const canvas = useRef<HTMLCanvasElement>(null);
  const drawing = useRef<Shape | null>(null);

  const paint = (list: Shape[]) => {
    const c = canvas.current;
    const ctx = c?.getContext('2d');
    if (!c || !ctx) return;
    ctx.clearRect(0, 0, c.width, c.height);
    for (const s of list) drawShape(ctx, s, Math.max(c.width, c.height) / 1280);
  };
  useEffect(() => paint(drawing.current ? [...shapes, drawing.current] : shapes), [shapes]);
  useEffect(() => {
    p.bindUndo(() => setShapes((s) => s.slice(0, -1)));
    return () => p.bindUndo(null);
  }, []);

  const toPoint = (e: PointerEvent): Point => {
    const c = canvas.current as HTMLCanvasElement;
    const r = c.getBoundingClientRect();
    return { x: ((e.clientX - r.left) / r.width) * c.width, y: ((e.clientY - r.top) / r.height) * c.height };
  };
  const down = (e: PointerEvent) => {
    e.preventDefault();
    (e.target as Element).setPointerCapture?.(e.pointerId);
    drawing.current = { tool, points: [toPoint(e)] };
  };
  const move = (e: PointerEvent) => {
    const d = drawing.current;
    if (!d) return;
    const pt = toPoint(e);
    if (d.tool === 'pen') d.points.push(pt);
    else d.points[1] = pt;
    paint([...shapes, d]);
  };
  const up = (e: PointerEvent) => {
    const d = drawing.current;
    drawing.current = null;
    if (!d) return;
    move(e);
    if (d.points.length > 1) setShapes([...shapes, d]);
  };

  return (
    <div class="gb-body">
      <h3 id="gb-editor-title">{p.t('editor')}</h3>
      <div class="gb-toolbar" role="toolbar" aria-labelledby="gb-editor-title">
        {TOOLS.map((k) => (
          <button type="button" key={k} aria-pressed={tool === k} onClick={() => setTool(k)}>
            {p.t(`tool_${k}` as 'tool_pen')}
          </button>
        ))}
        <button type="button" onClick={() => setShapes(shapes.slice(0, -1))} disabled={!shapes.length}>
          {p.t('undo')}
        </button>
        <button type="button" onClick={() => setShapes([])} disabled={!shapes.length}>
          {p.t('clear')}
        </button>
      </div>
      <div class="gb-editor">
        <img src={p.src} alt={p.t('shot_alt')} width={p.width} height={p.height} />
        <canvas
          ref={canvas}
          width={p.width}
          height={p.height}
          role="img"
          aria-label={p.t('drawing')}
          data-gb-draw=""
          onPointerDown={down}
          onPointerMove={move}
          onPointerUp={up}
          onPointerCancel={up}
        />
      </div>
      <div class="gb-actions">
        <button type="button" onClick={p.onCancel}>
          {p.t('cancel')}
        </button>
        <button type="button" class="gb-primary" onClick={() => p.onDone(shapes)}>
          {p.t('done')}
        </button>
      </div>
    </div>
  );
}
