// Wraps requestAnimationFrame so work can run right after the game's own frame callback, while
// the WebGL drawing buffer still holds the frame (no preserveDrawingBuffer needed), and records
// frame-time samples. Also notes each canvas's context type (and can force preserveDrawingBuffer).
import { createRingBuffer } from './ring-buffer.ts';

export interface FrameStats { frames: number; avgMs: number; p95Ms: number; maxMs: number }

export interface FrameHook {
  /** Runs fn once, right after the next game frame callback; returns false if no frame came in time. */
  afterNextGameFrame(fn: () => void, timeoutMs: number): Promise<boolean>;
  /** Milliseconds since the last game frame (Infinity before the first). */
  sinceLastFrame(): number;
  stats(): FrameStats | undefined;
}

export function createFrameHook(): FrameHook {
  const samples = createRingBuffer<number>(240);
  let lastStamp = 0;
  let lastFrameAt = -Infinity;
  let pending: Array<() => void> = [];
  const original = window.requestAnimationFrame;
  const after = (t: number) => {
    lastFrameAt = performance.now();
    if (t !== lastStamp) {
      if (lastStamp) samples.push(t - lastStamp);
      lastStamp = t;
    }
    if (pending.length) {
      const run = pending;
      pending = [];
      for (const fn of run) try { fn(); } catch { /* never throw into the game */ }
    }
  };
  window.requestAnimationFrame = function (callback: FrameRequestCallback): number {
    return original.call(window, (t) => {
      try {
        callback(t);
      } finally {
        after(t);
      }
    });
  };
  return {
    afterNextGameFrame(fn, timeoutMs) {
      return new Promise((resolve) => {
        let done = false;
        const run = (inFrame: boolean) => {
          if (done) return;
          done = true;
          try { fn(); } catch { /* recorded by the caller */ }
          resolve(inFrame);
        };
        pending.push(() => run(true));
        setTimeout(() => run(false), timeoutMs);
      });
    },
    sinceLastFrame: () => performance.now() - lastFrameAt,
    stats() {
      const s = samples.items();
      if (!s.length) return undefined;
      const sorted = s.slice().sort((a, b) => a - b);
      const r = (n: number) => Math.round(n * 10) / 10;
      return { frames: s.length, avgMs: r(s.reduce((a, b) => a + b, 0) / s.length), p95Ms: r(sorted[Math.floor(sorted.length * 0.95)] ?? 0), maxMs: r(sorted[sorted.length - 1]) };
    },
  };
}

/** Records the context type of every canvas (for the GPU probe) and optionally forces preserveDrawingBuffer. */
export function hookGetContext(preserveDrawingBuffer: boolean): void {
  const proto = HTMLCanvasElement.prototype as unknown as { getContext: (type: string, attrs?: Record<string, unknown>) => unknown };
  const original = proto.getContext;
  proto.getContext = function (this: HTMLCanvasElement & { __glitchboxContextType?: string }, type: string, attrs?: Record<string, unknown>) {
    const webgl = /webgl/.test(type);
    const ctx = original.call(this, type, webgl && preserveDrawingBuffer ? { ...attrs, preserveDrawingBuffer: true } : attrs);
    if (ctx && !this.__glitchboxContextType) this.__glitchboxContextType = type;
    return ctx;
  };
}
