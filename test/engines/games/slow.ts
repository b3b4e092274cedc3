// A slow WebGL game: its rAF loop runs every display frame but draws only about 3 times a second
// (a heavy scene, a turn-based board), so most frames leave the drawing buffer untouched.
import { exposeGame, sway, H, W } from './shared.ts';

const game = exposeGame();
const canvas = document.createElement('canvas');
canvas.width = W;
canvas.height = H;
document.body.appendChild(canvas);
const gl = canvas.getContext('webgl')!;
let last = 0;
const loop = (t: number) => {
  requestAnimationFrame(loop);
  if (t - last < 330) return;
  last = t;
  gl.disable(gl.SCISSOR_TEST);
  gl.clearColor(0.2, 0.4, 0.6, 1);
  gl.clear(gl.COLOR_BUFFER_BIT);
  gl.enable(gl.SCISSOR_TEST);
  [
    [1, 0.4, 0.27],
    [0.27, 0.87, 0.4],
    [1, 0.93, 0.33],
    [0.93, 0.33, 1],
  ].forEach(([r, g, b], i) => {
    gl.scissor(30 + i * 150 + Math.round(sway(t)), 80 + (i % 2) * 120, 110, 90);
    gl.clearColor(r, g, b, 1);
    gl.clear(gl.COLOR_BUFFER_BIT);
  });
  game.frame();
};
requestAnimationFrame(loop);
