// Stand-in for the `index.js` an Emscripten build emits (raylib, GLFW, SDL2): it takes `Module.canvas` from the
// shell page, makes its WebGL context with Emscripten's defaults (alpha on, no preserveDrawingBuffer) and runs a
// game whose clear writes alpha 0.5, seen over the canvas's black CSS background.
import { startNativeEngine } from './native-engine.ts';

const { canvas } = (window as unknown as { Module: { canvas: HTMLCanvasElement } }).Module;
startNativeEngine(
  canvas,
  { alpha: true, antialias: true, premultipliedAlpha: true, preserveDrawingBuffer: false },
  0.5,
);
