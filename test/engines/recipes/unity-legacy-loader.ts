// Stand-in for the UnityLoader.js that Unity 2018 and 2019 builds ship in their Build folder:
// `UnityLoader.instantiate(container, url, options)` makes the canvas itself, inside the container, with the literal
// id "#canvas" (so `#canvas` matches nothing), and starts the player; called from <head>, it waits for the container.
import { startNativeEngine } from './native-engine.ts';

function instantiate(container: string | HTMLElement, _url: string, _options?: { onProgress?: unknown }) {
  const instance = { container: null as HTMLElement | null, Module: { canvas: null as HTMLCanvasElement | null } };
  const start = () => {
    const el = typeof container === 'string' ? document.getElementById(container) : container;
    if (!el) return false;
    const canvas = document.createElement('canvas');
    canvas.style.width = '100%';
    canvas.style.height = '100%';
    canvas.id = '#canvas';
    el.appendChild(canvas);
    instance.container = el;
    instance.Module.canvas = canvas;
    // An opaque context that drops its buffer once shown (no preserveDrawingBuffer in these versions).
    startNativeEngine(canvas, { alpha: false, preserveDrawingBuffer: false });
    return true;
  };
  if (!start()) document.addEventListener('DOMContentLoaded', start);
  return instance;
}

(window as unknown as { UnityLoader: unknown }).UnityLoader = { instantiate };
