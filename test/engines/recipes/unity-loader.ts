// Stand-in for the `Build/<name>.loader.js` of Unity 2020 and later: `createUnityInstance(canvas, config,
// onProgress)` starts the player on the template's canvas with `config.webglContextAttributes` (2021.2 and later).
import { startNativeEngine } from './native-engine.ts';

interface UnityConfig {
  webglContextAttributes?: WebGLContextAttributes;
}

function createUnityInstance(canvas: HTMLCanvasElement, config: UnityConfig, onProgress?: (p: number) => void) {
  onProgress?.(0.9);
  startNativeEngine(canvas, { alpha: false, preserveDrawingBuffer: false, ...config.webglContextAttributes });
  onProgress?.(1);
  return Promise.resolve({ Module: { canvas }, SetFullscreen() {}, SendMessage() {}, Quit: () => Promise.resolve() });
}

(window as unknown as { createUnityInstance: unknown }).createUnityInstance = createUnityInstance;
