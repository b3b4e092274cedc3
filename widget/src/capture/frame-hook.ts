// Knows when the game has finished drawing a frame, so a WebGL canvas is read while its drawing
// buffer still holds that frame: it wraps requestAnimationFrame (to know the frame's LAST callback)
// and the contexts' draw calls (to know which canvases a frame or task drew), and records frame times.
import { createRingBuffer } from './ring-buffer.ts';

export interface FrameStats {
  frames: number;
  avgMs: number;
  p95Ms: number;
  maxMs: number;
}

export interface FrameHook {
  /**
   * Runs fn once the game has finished a frame that drew into `canvas`: after the last rAF callback
   * of that frame (and the microtasks it queued), or at the end of the task that drew outside rAF.
   * A canvas that keeps its pixels (2D, preserveDrawingBuffer) is read at once. Resolves true when
   * fn ran that way, false when `timeoutMs` passed first (fn then runs anyway, outside the frame).
   */
  whenDrawn(canvas: HTMLCanvasElement, fn: () => void, timeoutMs: number): Promise<boolean>;
  /** Milliseconds since the game last drew into `canvas` (Infinity before its first draw). */
  sinceDrawn(canvas: HTMLCanvasElement): number;
  /** Frames (or tasks) that drew into the canvas since the loader started. */
  framesDrawn(canvas: HTMLCanvasElement): number;
  stats(): FrameStats | undefined;
  /** From now on, WebGL contexts the game creates keep their drawing buffer (readable at any time). */
  preserveFromNow(): void;
  /**
   * The next animation frame runs none of the game's rAF callbacks: each runs in the frame after, under the id the
   * game holds. That frame then carries only what was shown in this task (the form), not the game's draw.
   */
  holdNextFrame(): void;
}

type Drawn = { frames: number; at: number };
type Context = {
  canvas: HTMLCanvasElement | OffscreenCanvas;
  getContextAttributes?(): { preserveDrawingBuffer?: boolean } | null;
};

// Calls that change pixels, in WebGL 1 and 2 and Canvas 2D (and WebGPU's texture for the frame); engines look
// them up on the context at each call, so wrapping the prototypes sees every draw, on contexts made before us too.
const DRAWS =
  'drawArrays drawElements clear drawArraysInstanced drawElementsInstanced drawRangeElements ' +
  'blitFramebuffer fillRect clearRect drawImage fill stroke fillText putImageData getCurrentTexture';
/** The contexts watched, each with the type its canvases are recorded as. */
const KINDS =
  'WebGLRenderingContext webgl WebGL2RenderingContext webgl2 CanvasRenderingContext2D 2d GPUCanvasContext webgpu';

/** Starts watching frames; `preserve` forces preserveDrawingBuffer on WebGL contexts created from now on. */
export function createFrameHook(preserve: boolean): FrameHook {
  const samples = createRingBuffer<number>(240);
  const drawn = new WeakMap<object, Drawn>();
  /** Canvases drawn since the last end of a frame or task. */
  let dirty = new Set<HTMLCanvasElement>();
  let waiters: Array<{ canvas: HTMLCanvasElement; run(): void }> = [];
  let stamp = 0;
  let inFrame = false;
  let flushQueued = false;
  // rAF ids queued for the next frame, and those of the frame being run.
  let queued = new Set<number>();
  let running = new Set<number>();

  /**
   * Per context prototype: its wrapped draw calls and their originals, the canvases that drew through them since
   * the last all-draws frame, and whether the wrappers are in place. Once every such canvas has drawn in this frame
   * or task, the originals go back on the prototype until its end (docs/widget.md#what-the-widget-costs-while-closed):
   * the game's other draws then cost nothing, however many it makes.
   */
  type Family = {
    proto: Record<string, unknown>;
    /** The context type its canvases are recorded as. */
    type: string;
    calls: Array<[string, unknown, unknown]>;
    on: boolean;
    users: Set<HTMLCanvasElement>;
  };
  const families: Family[] = [];
  const put = (f: Family, on: boolean) => {
    if (f.on !== on) for (const [m, ...fns] of f.calls) f.proto[m] = fns[+on];
    f.on = on;
  };
  /** The context of the last draw seen: its next draws in this frame or task need no look. */
  let last: unknown;
  /** Every 64th frame or task (about a second) sees all draws, so a canvas that starts drawing is found. */
  let ends = 0;
  let sweep = true;

  const flush = () => {
    flushQueued = false;
    last = undefined;
    const done = dirty;
    dirty = new Set();
    sweep = !(++ends & 63);
    for (const f of families) {
      put(f, true);
      // The all-draws frame finds again the canvases to wait for: one that stopped drawing is no longer waited for.
      if (sweep) f.users.clear();
    }
    if (!waiters.length) return;
    const keep = waiters.filter((w) => !done.has(w.canvas));
    for (const w of waiters) if (done.has(w.canvas)) w.run();
    waiters = keep;
  };
  const endSoon = () => {
    if (!flushQueued) {
      flushQueued = true;
      queueMicrotask(flush);
    }
  };
  const noteDraw = (ctx: Context, f: Family) => {
    last = ctx;
    const canvas = ctx?.canvas as (HTMLCanvasElement & { __glitchboxContextType?: string }) | undefined;
    if (!canvas) return;
    f.users.add(canvas);
    if (!dirty.has(canvas)) {
      dirty.add(canvas);
      const d = drawn.get(canvas) ?? { frames: 0, at: 0 };
      d.frames++;
      d.at = performance.now();
      drawn.set(canvas, d);
      // A canvas whose context was made before the loader: its draws say what it is.
      canvas.__glitchboxContextType ??= f.type;
      // Outside a frame (setTimeout loops, a loop that kept an old rAF): the task's drawing ends with it.
      if (!inFrame) endSoon();
    }
    // A grab waiting for a frame sees every draw.
    if (!sweep && !waiters.length && [...f.users].every((c) => dirty.has(c))) put(f, false);
  };
  const kinds = KINDS.split(' ');
  for (let i = 0; i < kinds.length; i += 2) {
    const proto = (self as unknown as Record<string, { prototype: Family['proto'] } | undefined>)[kinds[i]]?.prototype;
    if (!proto) continue;
    const f: Family = { proto, type: kinds[i + 1], calls: [], on: true, users: new Set() };
    for (const m of DRAWS.split(' ')) {
      const original = Object.getOwnPropertyDescriptor(proto, m)?.value;
      if (typeof original !== 'function') continue;
      const wrapped = function (this: Context, ...a: unknown[]) {
        if (this !== last) noteDraw(this, f);
        return original.apply(this, a);
      };
      f.calls.push([m, original, wrapped]);
      proto[m] = wrapped;
    }
    families.push(f);
  }

  // Records each canvas's context type (for the grab and the GPU probe) and forces preserveDrawingBuffer.
  type GetContext = (type: string, attrs?: object) => unknown;
  const canvasProto = HTMLCanvasElement.prototype as unknown as { getContext: GetContext };
  const getContext = canvasProto.getContext;
  canvasProto.getContext = function (this: HTMLCanvasElement & { __glitchboxContextType?: string }, type, attrs) {
    const forced = preserve && /webgl/.test(type) ? { ...attrs, preserveDrawingBuffer: true } : attrs;
    const ctx = getContext.call(this, type, forced);
    if (ctx && !this.__glitchboxContextType) this.__glitchboxContextType = type;
    return ctx;
  };
  // A canvas handed to a worker (Construct's worker mode): its draws are never seen here; the note says so.
  const proto = HTMLCanvasElement.prototype as { transferControlToOffscreen?: () => OffscreenCanvas };
  const transfer = proto.transferControlToOffscreen;
  if (transfer) {
    proto.transferControlToOffscreen = function (this: HTMLCanvasElement & { __glitchboxContextType?: string }) {
      this.__glitchboxContextType = 'offscreen';
      return transfer.call(this);
    };
  }

  const raf = window.requestAnimationFrame;
  const caf = window.cancelAnimationFrame;
  /** Asked for: the next frame to begin is held. `held`: the frame running now is, and its callbacks move on. */
  let hold = false;
  let held = false;
  /** A held callback: the id the game holds, to the id it runs under a frame later. */
  const moved = new Map<number, number>();
  const schedule = (callback: FrameRequestCallback): number => {
    const id = raf.call(window, (t) => {
      if (t !== stamp) {
        // The first callback of a new frame: those queued so far are this frame's, later ones the next.
        if (stamp) samples.push(t - stamp);
        stamp = t;
        running = queued;
        queued = new Set();
        // Asked for inside a frame (an open() from the game's own callback), the hold is still the next frame's.
        held = hold;
        hold = false;
      }
      // Runs next frame, still cancellable by the id the game was given; the frame ends with the next one's.
      if (held) return void moved.set(id, schedule(callback));
      inFrame = true;
      try {
        callback(t);
      } finally {
        running.delete(id);
        // The frame's last callback: what it drew (and the microtasks it queued) is the frame.
        if (!running.size) {
          inFrame = false;
          endSoon();
        }
      }
    });
    queued.add(id);
    return id;
  };
  window.requestAnimationFrame = schedule;
  window.cancelAnimationFrame = (game: number) => {
    const id = moved.get(game) ?? game;
    queued.delete(id);
    if (running.delete(id) && !running.size && inFrame) {
      inFrame = false;
      endSoon();
    }
    caf.call(window, id);
  };

  /**
   * A 2D canvas, WebGL with preserveDrawingBuffer, or a worker's placeholder (it shows the frame the worker last
   * committed) reads the same at any time; WebGPU and unknown ones wait for a draw.
   */
  const keepsPixels = (canvas: HTMLCanvasElement) => {
    const type = (canvas as { __glitchboxContextType?: string }).__glitchboxContextType;
    if (!type || type === 'webgpu') return false;
    if (!/webgl/.test(type)) return true;
    return !!(canvas.getContext(type) as Context | null)?.getContextAttributes?.()?.preserveDrawingBuffer;
  };

  return {
    whenDrawn(canvas, fn, timeoutMs) {
      return new Promise((resolve) => {
        let done = false;
        const run = (ok: boolean) => {
          if (done) return;
          done = true;
          try {
            fn();
          } catch {
            /* recorded by the caller */
          }
          resolve(ok);
        };
        if (keepsPixels(canvas)) return run(true);
        const waiter = { canvas, run: () => run(true) };
        waiters.push(waiter);
        setTimeout(() => {
          waiters = waiters.filter((w) => w !== waiter);
          run(false);
        }, timeoutMs);
      });
    },
    sinceDrawn: (canvas) => performance.now() - (drawn.get(canvas)?.at ?? -Infinity),
    framesDrawn: (canvas) => drawn.get(canvas)?.frames ?? 0,
    preserveFromNow: () => {
      preserve = true;
    },
    holdNextFrame: () => {
      hold = true;
      // The last hold's callbacks have run: their ids are spent, so the map never outgrows one frame's callbacks.
      moved.clear();
    },
    stats() {
      const s = samples.items();
      if (!s.length) return undefined;
      const sorted = s.slice().sort((a, b) => a - b);
      const r = (n: number) => Math.round(n * 10) / 10;
      const avgMs = r(s.reduce((a, b) => a + b, 0) / s.length);
      const p95Ms = r(sorted[Math.floor(sorted.length * 0.95)] ?? 0);
      return { frames: s.length, avgMs, p95Ms, maxMs: r(sorted[sorted.length - 1]) };
    },
  };
}
