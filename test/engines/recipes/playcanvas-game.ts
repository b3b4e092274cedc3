// A PlayCanvas game from npm, as its getting-started page builds one: `new pc.Application(canvas)`, a camera, a
// light and a slowly turning box, started with `app.start()` (its loop runs on requestAnimationFrame).
import * as pc from 'playcanvas';

const canvas = document.createElement('canvas');
canvas.id = 'application';
document.body.appendChild(canvas);
const app = new pc.Application(canvas, {});
app.setCanvasFillMode(pc.FILLMODE_NONE);
app.setCanvasResolution(pc.RESOLUTION_FIXED, 640, 360);
canvas.style.width = '640px';
canvas.style.height = '360px';

const box = new pc.Entity('box');
box.addComponent('render', { type: 'box' });
app.root.addChild(box);
const camera = new pc.Entity('camera');
camera.addComponent('camera', { clearColor: new pc.Color(0.2, 0.4, 0.6) });
camera.setPosition(0, 0, 3);
app.root.addChild(camera);
const light = new pc.Entity('light');
light.addComponent('light');
light.setEulerAngles(45, 30, 0);
app.root.addChild(light);

const game = { frames: 0 };
(window as unknown as { __game: typeof game }).__game = game;
// About 0.1 rad/s: a screenshot a few frames after the page's differs by a few pixels.
app.on('update', (dt: number) => {
  box.rotate(3 * dt, 6 * dt, 0);
  game.frames++;
});
app.start();
