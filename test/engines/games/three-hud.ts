// three.js with a 2D HUD canvas of the same size inside an absolutely positioned container (z-index 9999)
// placed BEFORE the game canvas in the page: the HUD is over the game only through its container's stacking.
import * as THREE from 'three';
import { boxesScene, exposeGame, H, W } from './shared.ts';

const game = exposeGame();
const layer = document.createElement('div');
layer.style.cssText = 'position:absolute;left:0;top:0;z-index:9999;pointer-events:none';
const hud = document.createElement('canvas');
hud.width = W;
hud.height = H;
layer.appendChild(hud);
document.body.prepend(layer);
const ui = hud.getContext('2d') as CanvasRenderingContext2D;

const renderer = new THREE.WebGLRenderer();
renderer.setSize(W, H);
document.body.appendChild(renderer.domElement);
const { scene, camera, turn } = boxesScene(THREE);
renderer.setAnimationLoop((t) => {
  turn(t);
  renderer.render(scene, camera);
  // The HUD: a white score bar over the top quarter, redrawn each frame as a game's UI layer is.
  ui.clearRect(0, 0, W, H);
  ui.fillStyle = '#fff';
  ui.fillRect(0, 0, W, H / 4);
  ui.fillStyle = '#222';
  ui.font = '32px sans-serif';
  ui.fillText('SCORE 0042', 20, 56);
  game.frame();
});
