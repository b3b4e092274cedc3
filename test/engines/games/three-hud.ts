// three.js with a 2D HUD canvas of the same size inside an absolutely positioned container (z-index 9999)
// placed BEFORE the game canvas in the page: the HUD is over the game only through its container's stacking.
import * as THREE from 'three';
import { drift, exposeGame, H, W } from './shared.ts';

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
const scene = new THREE.Scene();
scene.background = new THREE.Color(0x336699);
const camera = new THREE.PerspectiveCamera(50, W / H, 0.1, 100);
camera.position.z = 8;
const boxes = [0xff6644, 0x44dd66, 0xffee55, 0xee55ff].map((color, i) => {
  const box = new THREE.Mesh(new THREE.BoxGeometry(1.6, 1.6, 1.6), new THREE.MeshBasicMaterial({ color }));
  box.position.set(-4.5 + i * 3, (i % 2) * 1.5 - 0.75, 0);
  scene.add(box);
  return box;
});
renderer.setAnimationLoop((t) => {
  boxes.forEach((b, i) => {
    b.rotation.x = drift(t, 0.1) + i;
    b.rotation.y = drift(t, 0.08) + i;
  });
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
