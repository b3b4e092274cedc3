// The screenshot editor: pen, arrow, box, text labels and redact in a chosen colour, drawn with a pointer on a
// canvas laid over the screenshot, in the screenshot's own pixel space; undo and redo (keys, pad), clear, done.
/** @jsxRuntime classic */
/** @jsx h */
// biome-ignore lint/correctness/noUnusedImports: the file's JSX pragma compiles to h().
import { h } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import type { Translate } from './i18n.ts';
import { COLORS, type ColorName, drawShape, type Point, type Shape, type Tool } from './shapes.ts';

export interface EditorProps {
  src: string;
  width: number;
  height: number;
  shapes: Shape[];
  t: Translate;
  onDone(shapes: Shape[]): void;
  onCancel(): void;
  /** Lets the app route keys to the editor: Ctrl+Z undoes, Ctrl+Shift+Z and Ctrl+Y redo (`redo` true). */
  bindUndo(fn: ((redo: boolean) => void) | null): void;
  /** The real pads: LB (button 4) undoes, RB (button 5) redoes. */
  getGamepads?: () => (Gamepad | null)[];
}

const TOOLS: Tool[] = ['pen', 'arrow', 'box', 'text', 'redact'];
const LB = 4;
const RB = 5;

export function AnnotationEditor(p: EditorProps) {
  const [tool, setTool] = useState<Tool>('pen');
  const [color, setColor] = useState<ColorName>('red');
  const [label, setLabel] = useState('');
  const [shapes, setShapes] = useState<Shape[]>(p.shapes);
  // Undone shapes, the last undone at the end; drawing something new forgets them.
  const [undone, setUndone] = useState<Shape[]>([]);
  const canvas = useRef<HTMLCanvasElement>(null);
  const drawing = useRef<Shape | null>(null);
  const history = useRef({ shapes, undone });
  history.current = { shapes, undone };

  const paint = (list: Shape[]) => {
    const c = canvas.current;
    const ctx = c?.getContext('2d');
    if (!c || !ctx) return;
    ctx.clearRect(0, 0, c.width, c.height);
    for (const s of list) drawShape(ctx, s, Math.max(c.width, c.height) / 1280);
  };
  useEffect(() => paint(drawing.current ? [...shapes, drawing.current] : shapes), [shapes]);

  const add = (shape: Shape) => {
    setShapes([...history.current.shapes, shape]);
    setUndone([]);
  };
  /** Moves the last shape between the drawing and the undone list (read through a ref: keys and pads call it). */
  const step = (redo: boolean) => {
    const { shapes: from, undone: to } = redo
      ? { shapes: history.current.undone, undone: history.current.shapes }
      : history.current;
    if (!from.length) return;
    const moved = from[from.length - 1];
    const rest = from.slice(0, -1);
    if (redo) {
      setUndone(rest);
      setShapes([...to, moved]);
    } else {
      setShapes(rest);
      setUndone([...to, moved]);
    }
  };
  const clear = () => {
    // Undoable: redo brings the shapes back one by one, the last drawn first.
    setUndone([...history.current.undone, ...history.current.shapes.slice().reverse()]);
    setShapes([]);
  };
  useEffect(() => {
    p.bindUndo(step);
    const pads = p.getGamepads;
    if (!pads) return () => p.bindUndo(null);
    // Shoulder buttons, on press (not while held), polled like the form's gamepad navigation.
    let held = new Set<number>();
    const timer = setInterval(() => {
      const now = new Set<number>();
      for (const pad of pads()) for (const b of [LB, RB]) if (pad?.buttons[b]?.pressed) now.add(b);
      for (const b of now) if (!held.has(b)) step(b === RB);
      held = now;
    }, 50);
    return () => {
      clearInterval(timer);
      p.bindUndo(null);
    };
  }, []);

  const toPoint = (e: PointerEvent): Point => {
    const c = canvas.current as HTMLCanvasElement;
    const r = c.getBoundingClientRect();
    return { x: ((e.clientX - r.left) / r.width) * c.width, y: ((e.clientY - r.top) / r.height) * c.height };
  };
  const down = (e: PointerEvent) => {
    e.preventDefault();
    if (tool === 'text') {
      if (label.trim()) add({ tool, points: [toPoint(e)], color: COLORS[color], text: label.trim() });
      return;
    }
    (e.target as Element).setPointerCapture?.(e.pointerId);
    drawing.current = { tool, points: [toPoint(e)], color: tool === 'redact' ? undefined : COLORS[color] };
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
    if (d.points.length > 1) add(d);
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
        <button type="button" onClick={() => step(false)} disabled={!shapes.length}>
          {p.t('undo')}
        </button>
        <button type="button" onClick={() => step(true)} disabled={!undone.length}>
          {p.t('redo')}
        </button>
        <button type="button" onClick={clear} disabled={!shapes.length}>
          {p.t('clear')}
        </button>
      </div>
      <div class="gb-toolbar" role="toolbar" aria-label={p.t('colour')}>
        {(Object.keys(COLORS) as ColorName[]).map((k) => (
          <button
            type="button"
            key={k}
            aria-pressed={color === k}
            aria-label={p.t(`colour_${k}` as 'colour_red')}
            title={p.t(`colour_${k}` as 'colour_red')}
            class="gb-swatch"
            style={{ background: COLORS[k] }}
            onClick={() => setColor(k)}
          />
        ))}
        {tool === 'text' ? (
          <input
            id="gb-label"
            type="text"
            maxLength={80}
            aria-label={p.t('label_text')}
            placeholder={p.t('label_hint')}
            value={label}
            onInput={(e) => setLabel((e.target as HTMLInputElement).value)}
          />
        ) : null}
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
