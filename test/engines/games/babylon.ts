// Babylon.js: coloured boxes turning on a blue clear colour, in engine.runRenderLoop.
import {
  Color3,
  Color4,
  Engine,
  FreeCamera,
  HemisphericLight,
  MeshBuilder,
  Scene,
  StandardMaterial,
  Vector3,
} from '@babylonjs/core';
import { drift, exposeGame, H, W } from './shared.ts';

const game = exposeGame();
const canvas = document.createElement('canvas');
canvas.width = W;
canvas.height = H;
canvas.style.cssText = `width:${W}px;height:${H}px;display:block`;
document.body.appendChild(canvas);
const engine = new Engine(canvas, false);
const scene = new Scene(engine);
scene.clearColor = new Color4(0.2, 0.4, 0.6, 1);
const camera = new FreeCamera('camera', new Vector3(0, 0, -9), scene);
camera.setTarget(Vector3.Zero());
new HemisphericLight('light', new Vector3(0, 1, -1), scene);
const boxes = [
  [1, 0.4, 0.27],
  [0.27, 0.87, 0.4],
  [1, 0.93, 0.33],
  [0.93, 0.33, 1],
].map(([r, g, b], i) => {
  const box = MeshBuilder.CreateBox(`box${i}`, { size: 1.6 }, scene);
  const m = new StandardMaterial(`m${i}`, scene);
  m.emissiveColor = new Color3(r, g, b);
  m.disableLighting = true;
  box.material = m;
  box.position = new Vector3(-4.5 + i * 3, (i % 2) * 1.5 - 0.75, 0);
  return box;
});
engine.runRenderLoop(() => {
  const t = performance.now();
  boxes.forEach((b, i) => {
    b.rotation.x = drift(t, 0.1) + i;
    b.rotation.y = drift(t, 0.08) + i;
  });
  scene.render();
  game.frame();
});
