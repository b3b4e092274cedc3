// PixiJS 7 with its two tickers: game logic on Ticker.system (started first, draws nothing), the
// Application rendering on Ticker.shared. A grab after the first rAF callback reads a blank buffer.
import { Application, Graphics, Ticker } from 'pixi7';
import { drift, exposeGame, sway, H, W } from './shared.ts';

const game = exposeGame();
let t = 0;
Ticker.system.add(() => {
  t = performance.now();
});
const app = new Application({ width: W, height: H, background: '#336699' });
document.body.appendChild(app.view as HTMLCanvasElement);
const shapes = [0xff6644, 0x44dd66, 0xffee55, 0xee55ff].map((c, i) => {
  const g = new Graphics().beginFill(c).drawRect(-55, -45, 110, 90).endFill();
  g.position.set(80 + i * 150, 120 + (i % 2) * 120);
  app.stage.addChild(g);
  return g;
});
app.ticker.add(() => {
  shapes.forEach((g, i) => {
    g.x = 80 + i * 150 + sway(t);
    g.rotation = drift(t, 0.05) + i;
  });
  game.frame();
});
