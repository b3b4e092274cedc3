// PixiJS 8 with its two tickers: logic on Ticker.system, the Application rendering on its own ticker.
import { Application, Graphics, Ticker } from 'pixi.js';
import { drift, exposeGame, sway, H, W } from './shared.ts';

const game = exposeGame();
let t = 0;
Ticker.system.add(() => {
  t = performance.now();
});
const app = new Application();
void app.init({ width: W, height: H, background: '#336699', preference: 'webgl' }).then(() => {
  document.body.appendChild(app.canvas);
  start();
});

function start() {
  const shapes = [0xff6644, 0x44dd66, 0xffee55, 0xee55ff].map((c, i) => {
    const g = new Graphics().rect(-55, -45, 110, 90).fill(c);
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
}
