// What an Emscripten-built engine (Unity's WebGL player, raylib on GLFW) does to a page, for the recipe pages:
// key listeners on `window` in the capture phase that call preventDefault, registered at start-up, a WebGL context
// made with the build's attributes on the canvas it was given, and a main loop on requestAnimationFrame.

export interface NativeGame {
  frames: number;
  /** Key events the engine's listeners received (the form's typing must add none). */
  keys: number;
  /** Set to stop the main loop, as a game that froze. */
  stop: boolean;
}

/** Starts the engine on `canvas`: blue with an orange square drifting 8 px/s, `alpha` the clear's alpha. */
export function startNativeEngine(canvas: HTMLCanvasElement, attributes: WebGLContextAttributes, alpha = 1): void {
  const game: NativeGame = { frames: 0, keys: 0, stop: false };
  (window as unknown as { __game: NativeGame }).__game = game;
  // As Emscripten's JSEvents (html5.h) and GLFW register them: on window, capture phase, default prevented.
  for (const type of ['keydown', 'keyup', 'keypress'])
    window.addEventListener(
      type,
      (e) => {
        game.keys++;
        e.preventDefault();
      },
      true,
    );
  // Emscripten sizes the drawing buffer from the canvas's CSS box.
  canvas.width = canvas.clientWidth || 640;
  canvas.height = canvas.clientHeight || 400;
  const gl = canvas.getContext('webgl2', attributes) as WebGL2RenderingContext;
  const start = performance.now();
  const frame = (now: number) => {
    if (game.stop) return;
    const x = 60 + (Math.round(((now - start) / 1000) * 8) % 200);
    gl.disable(gl.SCISSOR_TEST);
    gl.clearColor(0.2 * alpha, 0.4 * alpha, 0.6 * alpha, alpha);
    gl.clear(gl.COLOR_BUFFER_BIT);
    gl.enable(gl.SCISSOR_TEST);
    gl.scissor(x, 80, 120, 120);
    gl.clearColor(1, 0.5, 0, 1);
    gl.clear(gl.COLOR_BUFFER_BIT);
    game.frames++;
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
}
