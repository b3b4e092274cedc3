// A Canvas 2D game: blocks and a label sliding over a blue background, in a rAF loop.
import { exposeGame, sway, H, W } from './shared.ts';

const game = exposeGame();
const canvas = document.createElement('canvas');
canvas.width = W;
canvas.height = H;
document.body.appendChild(canvas);
const ctx = canvas.getContext('2d')!;
const loop = (t: number) => {
  ctx.fillStyle = '#336699';
  ctx.fillRect(0, 0, W, H);
  ['#ff6644', '#44dd66', '#ffee55', '#ee55ff'].forEach((c, i) => {
    ctx.fillStyle = c;
    ctx.fillRect(30 + i * 150 + sway(t), 80 + (i % 2) * 120, 110, 90);
  });
  ctx.fillStyle = '#fff';
  ctx.font = '32px sans-serif';
  ctx.fillText('CANVAS 2D', 20, 40);
  game.frame();
  requestAnimationFrame(loop);
};
requestAnimationFrame(loop);
