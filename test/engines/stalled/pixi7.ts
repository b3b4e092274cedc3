// PixiJS 7 (an opaque background, so alpha: false) whose ticker callback throws after 40 frames.
import { Application, Graphics } from 'pixi7';
import { exposeGame, H, W } from '../games/shared.ts';
import { failAfterFrames } from './stop.ts';

const game = exposeGame();
const app = new Application({ width: W, height: H, background: '#336699', backgroundAlpha: 1 });
document.body.appendChild(app.view as HTMLCanvasElement);
app.stage.addChild(
  new Graphics()
    .beginFill(0xff6644)
    .drawRect(W / 2 - 80, H / 2 - 60, 160, 120)
    .endFill(),
);
app.ticker.add(() => {
  game.frame();
  failAfterFrames();
});
